/**
 * The prr-vs-reno preset (src/scenarios/presets/prr.ts): every number its notice states, from
 * runs of the preset with each of its compared senders — Reno and NewReno with their classic
 * fast recovery, SACK TCP with PRR (the rfc profile's recovery).
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, type SenderId } from '../../src/engine';
import { buildSimConfig, getPreset, scenarioFromPreset } from '../../src/scenarios';
import { decisions, drops, retransmissions, runPreset, sendsBetween, timesOf } from './trace-facts';

const ID = 'prr-vs-reno';
const of = (sender: SenderId) => runPreset(ID, sender);

describe('prr-vs-reno', () => {
  it('compares Reno, NewReno and SACK TCP; SACK recovers with PRR, the others classically', () => {
    expect(getPreset(ID)!.compare).toEqual(['reno', 'newreno', 'sack']);
    const recovery = (s: SenderId) =>
      buildSimConfig(scenarioFromPreset(ID, { sender: s })).flows[0]!.recovery ?? 'classic';
    expect(['reno', 'newreno', 'sack'].map((s) => recovery(s as SenderId))).toEqual([
      'classic',
      'classic',
      'prr',
    ]);
  });

  it('15, 27 and 29 dropped; every sender retransmits 15 at 2.281 s with ssthresh 8.5 (17 in flight)', () => {
    for (const s of ['reno', 'newreno', 'sack'] as const) {
      const t = of(s);
      expect(
        drops(t).map((d) => d.split('@')[0]),
        s,
      ).toEqual(['15', '27', '29']);
      const fr = decisionsOf(t).find((d) => /fast-retransmit$|^prr\.enter$/.test(d.code))!;
      expect(fr.time.toFixed(3), s).toBe('2.281');
      expect(fr.after.ssthresh, s).toBe(8.5);
      expect(fr.after.flightsize, s).toBe(17);
      expect(fr.packets, s).toEqual([15]);
    }
  });

  it('Reno and NewReno: nothing new for 9 duplicate ACKs, then 32, 33, 34 at 2.354–2.375 s, one per ACK', () => {
    for (const s of ['reno', 'newreno'] as const) {
      const t = of(s);
      expect(sendsBetween(t, 2.282, 2.35), s).toEqual([]);
      expect(sendsBetween(t, 2.35, 2.38), s).toEqual([32, 33, 34]);
      // the ACKs they go out on: the 10th, 11th and 12th duplicate ACKs for 14
      const dup = decisionsOf(t).filter((d) => d.time > 2.35 && d.time < 2.38);
      expect(
        dup.map((d) => d.trigger.kind === 'ack' && d.trigger.dupacks),
        s,
      ).toEqual([10, 11, 12]);
    }
  });

  it('Reno: out of recovery at 2.493 s, 27 resent after a timeout at 3.493 s; NewReno: 27 and 29 on partial ACKs, exit 2.917 s', () => {
    const reno = of('reno');
    expect(timesOf(reno, 'tcp.rfc-exit-recovery')).toEqual(['2.493']);
    expect(decisions(reno, /^tcp\.rto$/)).toEqual(['3.493 tcp.rto [27] cwnd 1 ssthresh 5']);
    expect(retransmissions(reno).slice(0, 2)).toEqual(['15@2.281', '27@3.493']);
    const nr = of('newreno');
    expect(retransmissions(nr)).toEqual(['15@2.281', '27@2.493', '29@2.705']);
    expect(timesOf(nr, 'tcp.rfc-exit-recovery')).toEqual(['2.917']);
    expect(nr.flowStats[0]!.timeouts).toBe(0);
  });

  it('PRR: 32, 33, 34 at 2.312, 2.333, 2.354 s; cwnd 14 → 8.5; 27 and 29 at 2.483 and 2.524 s; exit 2.736 s at cwnd = ssthresh = 8.5', () => {
    const t = of('sack');
    expect(sendsBetween(t, 2.282, 2.36)).toEqual([32, 33, 34]);
    const P = t.packets;
    const sendTimes: string[] = [];
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (
        P.kind[i] === 0 &&
        t.transmissions.type[u] === 0 &&
        [32, 33, 34].includes(t.transmissions.packet[u]!)
      )
        sendTimes.push(P.time[i]!.toFixed(3));
    }
    expect(sendTimes).toEqual(['2.312', '2.333', '2.354']);
    expect(decisions(t, /^prr\.enter$/)).toEqual(['2.281 prr.enter [15] cwnd 14 ssthresh 8.5']);
    const during = decisionsOf(t).filter((d) => d.code.startsWith('prr.'));
    const cwnds = during.map((d) => d.after.cwnd);
    // stepping down, never below ssthresh
    for (let i = 1; i < cwnds.length; i++)
      expect(cwnds[i]!).toBeLessThanOrEqual(cwnds[i - 1]! + 1e-9);
    expect(Math.min(...cwnds)).toBe(8.5);
    expect(retransmissions(t)).toEqual(['15@2.281', '27@2.483', '29@2.524']);
    expect(decisions(t, /^prr\.exit$/)).toEqual(['2.736 prr.exit [45] cwnd 8.5 ssthresh 8.5']);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
});
