/**
 * Every number a Fall & Floyd preset's sender notes state for the SCTP senders, checked against
 * an engine run of that preset (notices.test.ts: the TCP senders). If the engine changes and a
 * note becomes false, this fails — fix the note (src/scenarios/presets/fall-floyd.ts) or the
 * engine.
 */
import { decisionsOf } from '../../src/engine';
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/scenarios';
import { decisions, drops, retransmissions, runPreset, sendsBetween } from './trace-facts';

const stats = (preset: string, sender: Parameters<typeof runPreset>[1]) =>
  runPreset(preset, sender).flowStats[0]!;

describe('notices: SCTP senders on the Fall & Floyd presets', () => {
  const SCTP = ['sctp-2960', 'sctp-newreno', 'sctp-newreno-ca', 'sctp-4960'] as const;
  /** Fast retransmissions as "time [packets] cwnd": Original SCTP's and the New-Reno family's codes. */
  const frs = (preset: string, s: (typeof SCTP)[number]) =>
    decisions(
      runPreset(preset, s),
      /^sctp\.(fast-retransmit|fast-recovery|fast-retransmit-in-recovery|fast-retransmit-htna)$/,
    ).map((d) => {
      const [time, , packets, , cwnd] = d.split(' ');
      return `${time} ${packets} ${cwnd}`;
    });
  const exits = (preset: string, s: (typeof SCTP)[number]) =>
    decisions(runPreset(preset, s), /^sctp\.exit-recovery$/).map((d) => {
      const [time, , , , cwnd] = d.split(' ');
      return `${time} cwnd ${cwnd}`;
    });

  it('the generic notices hold for SCTP too: 31 then 46 … 56 overflow at about 1.92 s and 2.13–2.19 s', () => {
    for (const s of SCTP) {
      const d = drops(runPreset('ff-0-drops', s)).slice(0, 7);
      expect(
        d.map((x) => x.split('@')[0]),
        s,
      ).toEqual(['31', '46', '48', '50', '52', '54', '56']);
      expect(d[0]!.split('@')[1]!.startsWith('1.92'), s).toBe(true);
      for (const x of d.slice(1)) {
        const t = Number(x.split('@')[1]);
        expect(t >= 2.13 && t <= 2.19, `${s} ${x}`).toBe(true);
      }
    }
  });

  it('ff-0-drops', () => {
    expect(frs('ff-0-drops', 'sctp-2960')).toEqual([
      '2.303 [31] 14.5',
      '2.449 [46] 7.25',
      '2.459 [48] 3.625',
      '2.470 [50] 2',
      '2.480 [52] 2',
      '2.894 [54] 2',
      '2.904 [56] 2',
    ]);
    for (const s of ['sctp-newreno', 'sctp-newreno-ca'] as const) {
      const f = frs('ff-0-drops', s);
      expect(f[0], s).toBe('2.303 [31] 14.5');
      expect(
        f.slice(1, 7).map((x) => Number(/\[(\d+)/.exec(x)![1])),
        s,
      ).toEqual([46, 48, 50, 52, 54, 56]);
      expect(
        f.slice(0, 7).every((x) => x.endsWith(' 14.5')),
        s,
      ).toBe(true);
      expect(
        f.find((x) => x.includes('[54')),
        s,
      ).toBe('2.515 [54,59,60,61,62,63,64,65,66,67] 14.5');
      expect(
        drops(runPreset('ff-0-drops', s))
          .slice(7)
          .map((x) => x.split('@')[0]),
        s,
      ).toEqual(['66', '67']);
      expect(f[7], s).toBe(`2.915 [66] ${s === 'sctp-newreno' ? '7.75' : '7.25'}`);
    }
    const f4960 = frs('ff-0-drops', 'sctp-4960');
    expect(f4960[0]).toBe('2.293 [31] 14.5');
    expect(
      f4960.find((x) => x.includes('[56'))!.startsWith('2.505 [56,59,60,61,62,63,64,65,66,67]'),
    ).toBe(true);
    expect(f4960.find((x) => x.startsWith('2.883'))).toBe('2.883 [66] 7.75');
  });

  it('ff-1-drops (Caro et al. §4.1)', () => {
    for (const s of SCTP)
      expect(frs('ff-1-drops', s), s).toEqual([
        `${s === 'sctp-4960' ? '2.081' : '2.091'} [15] 7.5`,
      ]);
    for (const s of ['sctp-2960', 'sctp-newreno'] as const) {
      expect(sendsBetween(runPreset('ff-1-drops', s), 2.092, 2.3), s).toEqual([
        33, 34, 35, 36, 37, 38, 39,
      ]);
    }
    const t = runPreset('ff-1-drops', 'sctp-newreno');
    const exit = decisionsOf(t).find((d) => d.code === 'sctp.exit-recovery')!;
    expect(exit.trigger.kind === 'ack' && exit.trigger.cumAck).toBe(32);
    expect(exits('ff-1-drops', 'sctp-newreno')).toEqual(['2.303 cwnd 8.5']);
    expect(decisions(t, /exit-recovery/)[0]).toMatch(/\[40,41\]/);
    expect(exits('ff-1-drops', 'sctp-newreno-ca')).toEqual(['2.303 cwnd 7.5']);
    expect(exits('ff-1-drops', 'sctp-4960')).toEqual(['2.293 cwnd 8.5']);
    for (const s of SCTP) expect(stats('ff-1-drops', s).timeouts, s).toBe(0);
  });

  it('ff-2-drops (Caro et al. §4.2)', () => {
    expect(frs('ff-2-drops', 'sctp-2960')).toEqual(['2.091 [15] 7.5', '2.376 [29] 4.25']);
    for (const s of ['sctp-newreno', 'sctp-newreno-ca'] as const) {
      expect(
        frs('ff-2-drops', s).map((x) => x.replace(/,\d+\]/, ']')),
        s,
      ).toEqual(['2.091 [15] 7.5', '2.303 [29] 7.5']);
    }
    expect(exits('ff-2-drops', 'sctp-newreno')).toEqual(['2.515 cwnd 8.5']);
    expect(exits('ff-2-drops', 'sctp-newreno-ca')).toEqual(['2.515 cwnd 7.5']);
    expect(frs('ff-2-drops', 'sctp-4960').map((x) => x.replace(/,\d+\]/, ']'))).toEqual([
      '2.081 [15] 7.5',
      '2.293 [29] 7.5',
    ]);
    expect(exits('ff-2-drops', 'sctp-4960')).toEqual(['2.505 cwnd 8.5']);
  });

  it('ff-3-drops: all SCTP senders resend 27 and 29 by 2.376 s', () => {
    expect(frs('ff-3-drops', 'sctp-2960')).toEqual([
      '2.091 [15] 7.5',
      '2.293 [27] 3.75',
      '2.376 [29] 2.375',
    ]);
    for (const s of SCTP) {
      const r = retransmissions(runPreset('ff-3-drops', s));
      expect(
        r.map((x) => x.split('@')[0]),
        s,
      ).toEqual(['15', '27', '29']);
      expect(Number(r[2]!.split('@')[1]), s).toBeLessThanOrEqual(2.376);
    }
    expect(retransmissions(runPreset('ff-3-drops', 'sctp-newreno'))).toEqual([
      '15@2.091',
      '27@2.293',
      '29@2.303',
    ]);
    expect(exits('ff-3-drops', 'sctp-newreno')).toEqual(['2.526 cwnd 8.5']);
    expect(exits('ff-3-drops', 'sctp-newreno-ca')).toEqual(['2.526 cwnd 7.5']);
    expect(retransmissions(runPreset('ff-3-drops', 'sctp-4960'))).toEqual([
      '15@2.081',
      '27@2.282',
      '29@2.293',
    ]);
    expect(exits('ff-3-drops', 'sctp-4960')).toEqual(['2.515 cwnd 8.5']);
  });

  it('ff-4-drops: each SCTP sender retransmits exactly the 4 lost packets', () => {
    for (const s of SCTP) expect(stats('ff-4-drops', s).retransmissions, s).toBe(4);
    expect(frs('ff-4-drops', 'sctp-2960')).toEqual([
      '2.091 [15] 7.5',
      '2.282 [25] 3.75',
      '2.293 [27] 2',
      '2.376 [29] 2',
    ]);
    expect(retransmissions(runPreset('ff-4-drops', 'sctp-newreno'))).toEqual([
      '15@2.091',
      '25@2.282',
      '27@2.293',
      '29@2.303',
    ]);
    expect(exits('ff-4-drops', 'sctp-newreno')).toEqual(['2.536 cwnd 8.5']);
    expect(exits('ff-4-drops', 'sctp-newreno-ca')).toEqual(['2.536 cwnd 7.5']);
    expect(retransmissions(runPreset('ff-4-drops', 'sctp-4960'))).toEqual([
      '15@2.081',
      '25@2.272',
      '27@2.282',
      '29@2.293',
    ]);
    expect(exits('ff-4-drops', 'sctp-4960')).toEqual(['2.526 cwnd 8.5']);
  });

  it('ff-5-drops', () => {
    expect(frs('ff-5-drops', 'sctp-2960')).toEqual([
      '2.091 [15] 7.5',
      '2.272 [23] 3.75',
      '2.282 [25] 2',
      '2.293 [27] 2',
      '2.707 [29] 2',
    ]);
    expect(stats('ff-5-drops', 'sctp-2960').timeouts).toBe(0);
    for (const s of ['sctp-newreno', 'sctp-newreno-ca'] as const) {
      expect(retransmissions(runPreset('ff-5-drops', s)), s).toEqual([
        '15@2.091',
        '23@2.272',
        '25@2.282',
        '27@2.293',
        '29@2.303',
      ]);
    }
    expect(exits('ff-5-drops', 'sctp-newreno')).toEqual(['2.546 cwnd 8.5']);
    expect(exits('ff-5-drops', 'sctp-newreno-ca')).toEqual(['2.546 cwnd 7.5']);
    expect(retransmissions(runPreset('ff-5-drops', 'sctp-4960'))).toEqual([
      '15@2.081',
      '23@2.154',
      '25@2.272',
      '27@2.282',
      '29@2.293',
    ]);
    expect(exits('ff-5-drops', 'sctp-4960')).toEqual(['2.526 cwnd 8.5']);
  });

  it('every drop preset has a note for each SCTP sender', () => {
    for (const n of [0, 1, 2, 3, 4, 5]) {
      for (const s of SCTP)
        expect(getPreset(`ff-${n}-drops`)!.senderNotes?.[s], `ff-${n}-drops ${s}`).toBeTruthy();
    }
  });
});
