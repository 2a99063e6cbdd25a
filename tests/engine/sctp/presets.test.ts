/**
 * The SCTP presets (src/scenarios/presets/sctp-*.ts): every number their notices state, read
 * off a run of the preset.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, run, type SenderId, type Trace } from '../../../src/engine';
import { buildSimConfig } from '../../../src/scenarios/build';
import { presetDefaults, scenarioFromPreset } from '../../../src/scenarios/defaults';
import { getPreset } from '../../../src/scenarios/presets';
import {
  CARO_FIG5_FORWARDED,
  CARO_FIG5_SENDERS,
  SCTP_CARO_PRESETS,
} from '../../../src/scenarios/presets/sctp-caro';
import { ackFor, dupAcks } from './trace-query';

function runPreset(id: string, sender?: SenderId): Trace {
  const s = presetDefaults(id);
  return run(buildSimConfig(sender ? scenarioFromPreset(id, { sender }) : s));
}

function forwarded(t: Trace): number {
  const p = t.packets;
  const X = t.transmissions;
  let n = 0;
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] === PacketEventKind.depart && t.nodes[p.node[i]!] === 'R1' && X.type[p.uid[i]!] === 0 && t.links[p.link[i]!]!.to === 'K1') n++;
  }
  return n;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

describe('SCTP presets', () => {
  it('are registered, and every compare list names known senders', () => {
    for (const p of SCTP_CARO_PRESETS) {
      expect(getPreset(p.id)).toBe(p);
      expect(() => buildSimConfig(presetDefaults(p.id))).not.toThrow();
    }
  });

  it.each(['sctp-2960', 'sctp-newreno'] as const)('caro-fig2-1-drop (%s): the notice holds', (sender) => {
    const t = runPreset('caro-fig2-1-drop', sender);
    const d14 = dupAcks(t, 14);
    expect(d14.slice(0, 3).map((d) => d.packets)).toEqual([[30], [31], [32]]);
    expect(r3(d14[3]!.time)).toBe(2.091);
    expect(d14[3]!.packets).toEqual([15]);
    expect([d14[3]!.after.cwnd, d14[3]!.after.ssthresh]).toEqual([7.5, 7.5]);
    expect(d14.slice(10).flatMap((d) => d.packets)).toEqual([33, 34, 35, 36, 37, 38, 39]);
    const a32 = ackFor(t, 32);
    expect(r3(a32.time)).toBe(2.303);
    expect(a32.after.cwnd).toBe(8.5);
    expect(a32.packets).toEqual([40, 41]);
  });

  it('caro-fig3-2-drops: the notice and both sender notes hold', () => {
    const o = runPreset('caro-fig3-2-drops', 'sctp-2960');
    const n = runPreset('caro-fig3-2-drops', 'sctp-newreno');
    for (const t of [o, n]) {
      expect(r3(dupAcks(t, 14)[3]!.time)).toBe(2.091);
      expect(dupAcks(t, 14).flatMap((d) => d.packets).filter((x) => x !== 15)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38]);
      expect(r3(ackFor(t, 28).time)).toBe(2.303);
    }
    expect(ackFor(o, 28).after.cwnd).toBe(8.5);
    expect(ackFor(o, 28).packets).toEqual([39, 40]);
    const fr29 = dupAcks(o, 28)[0]!;
    expect([r3(fr29.time), fr29.packets[0], fr29.after.cwnd]).toEqual([2.376, 29, 4.25]);
    expect([r3(ackFor(o, 40).time), ackFor(o, 40).after.cwnd]).toEqual([2.588, 5.25]);
    expect(ackFor(o, 40).packets).toEqual([45, 46]);
    const h = ackFor(n, 28);
    expect([h.code, h.packets, h.after.cwnd]).toEqual(['sctp.fast-retransmit-htna', [29, 39], 7.5]);
    expect(dupAcks(n, 28).map((d) => d.packets)).toEqual([[40], [41], [42], [43], [44], [45]]);
    const exit = ackFor(n, 38);
    expect([r3(exit.time), exit.code, exit.after.cwnd, exit.packets]).toEqual([2.515, 'sctp.exit-recovery', 8.5, [46, 47]]);
  });

  it.each([0, 1, 2, 3, 4, 5])('caro-fig5-%i-drops: packets forwarded by R1 per sender are as the notice says', (n) => {
    const got = CARO_FIG5_SENDERS.map((s) => forwarded(runPreset(`caro-fig5-${n}-drops`, s)));
    expect(got).toEqual(CARO_FIG5_FORWARDED[n]);
    expect(getPreset(`caro-fig5-${n}-drops`)!.notice).toContain(`sctp-newreno ${got[4]}`);
    if (n >= 2) {
      // Original SCTP falls behind; New-Reno SCTP stays ahead of the TCP senders
      expect(got[3]).toBeLessThan(got[4]!);
      expect(got[4]).toBeGreaterThan(Math.max(got[0]!, got[1]!, got[2]!));
    }
  });
});
