/**
 * The Fall & Floyd presets' sender notes for the model-based TCP senders — Vegas and BBR —
 * checked against engine runs of those presets (notices.test.ts has the loss-based senders and
 * SCTP). If the engine changes and a note becomes false, this fails: fix the note
 * (src/scenarios/presets/fall-floyd.ts) or the engine.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf } from '../../src/engine';
import { decisions, drops, retransmissions, runPreset, sendsBetween, timesOf } from './trace-facts';

describe('notices: Vegas on the Fall & Floyd presets', () => {
  it('no scripted drops: only 46 is lost (2.764 s), retransmitted at 3.114 s with cwnd 13, no timeout', () => {
    for (const preset of ['fall-floyd', 'ff-0-drops']) {
      const t = runPreset(preset, 'vegas');
      expect(drops(t), preset).toEqual(['46@2.764']);
      expect(retransmissions(t), preset).toEqual(['46@3.114']);
      expect(decisions(t, /^vegas\.fast-retransmit$/), preset).toEqual([
        '3.114 vegas.fast-retransmit [46] cwnd 13 ssthresh 28',
      ]);
      expect(t.flowStats[0]!.timeouts, preset).toBe(0);
    }
  });

  it('slow start every other round trip: 15 is dropped at 2.270 s on every drop preset', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      expect(drops(runPreset(`ff-${n}-drops`, 'vegas'))[0], `ff-${n}`).toBe('15@2.270');
      expect(decisions(runPreset(`ff-${n}-drops`, 'vegas'), /retransmit$/)[0], `ff-${n}`).toBe(
        '2.501 vegas.fast-retransmit [15,23] cwnd 9 ssthresh 28',
      );
    }
  });

  it('ff-1: one retransmission, cwnd inflated by one per later duplicate ACK, no timeout', () => {
    const t = runPreset('ff-1-drops', 'vegas');
    expect(retransmissions(t)).toEqual(['15@2.501']);
    expect(decisions(t, /^vegas\.inflate$/).map((d) => d.split(' cwnd ')[1])).toEqual([
      '10 ssthresh 28',
      '11 ssthresh 28',
      '12 ssthresh 28',
      '13 ssthresh 28',
    ]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('ff-2: 15 at 2.501 s and 29 at 2.964 s, each with a cut, no timeout', () => {
    const t = runPreset('ff-2-drops', 'vegas');
    expect(retransmissions(t)).toEqual(['15@2.501', '29@2.964']);
    expect(timesOf(t, 'vegas.fast-retransmit')).toEqual(['2.501', '2.964']);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('ff-3: 27 with a cut, 29 without, 36 sent twice at 3.367 s; no timeout', () => {
    const t = runPreset('ff-3-drops', 'vegas');
    expect(retransmissions(t)).toEqual(['15@2.501', '27@2.924', '29@3.155', '36@3.367']);
    expect(timesOf(t, 'vegas.fast-retransmit')).toEqual(['2.501', '2.924']);
    expect(timesOf(t, 'vegas.retransmit')).toEqual(['3.155']);
    expect(decisions(t, /^vegas\.retransmit-after-ack$/)[0]).toMatch(/^3\.367 \S+ \[36,36,/);
    expect(drops(t).map((d) => d.split('@')[0])).toEqual(['15', '27', '29']);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('ff-4: 25 on duplicate ACKs, 27 on a new ACK, 29 after the timeout at 5.347 s with cwnd 2', () => {
    const t = runPreset('ff-4-drops', 'vegas');
    expect(timesOf(t, 'vegas.fast-retransmit')).toEqual(['2.501', '2.924']);
    expect(decisions(t, /^vegas\.retransmit-after-ack$/)).toEqual([
      '3.135 vegas.retransmit-after-ack [27] cwnd 5.167 ssthresh 2',
    ]);
    expect(decisions(t, /^vegas\.rto$/)).toEqual(['5.347 vegas.rto [29,30] cwnd 2 ssthresh 2']);
  });

  it('ff-5: 15, 23, 25, 27 resent by 3.558 s; 29 dropped at 3.137 s; RTO 8 s, nothing sent from 3.790 s', () => {
    const t = runPreset('ff-5-drops', 'vegas');
    expect(retransmissions(t)).toEqual(['15@2.501', '23@2.924', '25@3.135', '27@3.558']);
    expect(drops(t)).toContain('29@3.137');
    const last = decisionsOf(t)
      .filter((d) => d.time < 6)
      .at(-1)!;
    expect(last.time.toFixed(3)).toBe('3.790');
    expect(last.after.rto).toBe(8);
    expect(sendsBetween(t, 3.791, 6)).toEqual([]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
});

describe('notices: BBR on the Fall & Floyd presets (its sender notes)', () => {
  it('ff-0-drops: paced STARTUP loses 57 first (2.232 s), 5 fast retransmits, PROBE_BW at 3.359 s, no timeout', () => {
    const t = runPreset('ff-0-drops', 'bbr');
    expect(drops(t).slice(0, 2)).toEqual(['57@2.232', '96@2.840']);
    expect(decisions(t, /fast-retransmit$/)[0]).toMatch(/^2\.540 bbr\.fast-retransmit \[57\]/);
    expect(t.flowStats[0]).toMatchObject({ timeouts: 0, fastRetransmits: 5 });
    expect(decisions(t, /^bbr\.(drain-)?probe-bw$/)[0]!.slice(0, 5)).toBe('3.359');
  });

  it('ff-1-drops: 15 at 2.073 s with cwnd 14, recovery over at 2.285 s, the queue overflows again from 2.366 s', () => {
    const t = runPreset('ff-1-drops', 'bbr');
    expect(decisions(t, /fast-retransmit$/)[0]).toBe(
      '2.073 bbr.fast-retransmit [15] cwnd 14 ssthresh 28',
    );
    expect(timesOf(t, 'bbr.exit-recovery')[0]).toBe('2.285');
    expect(drops(t).slice(1, 7)).toEqual([
      '58@2.366',
      '60@2.377',
      '62@2.387',
      '64@2.398',
      '66@2.408',
      '68@2.419',
    ]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  for (const [n, holes, exit, next] of [
    [2, [29], '2.450', '73@2.541'],
    [3, [27, 29], '2.451', '72@2.542'],
    [4, [25, 27, 29], '2.451', '68@2.525'],
    [5, [23, 25, 27, 29], '2.451', '64@2.503'],
  ] as const) {
    it(`ff-${n}-drops: 15 at 2.073 s, ${holes.join(', ')} in the same recovery (over at ${exit} s), then ${next}`, () => {
      const t = runPreset(`ff-${n}-drops`, 'bbr');
      expect(decisions(t, /fast-retransmit$/)[0]).toBe(
        '2.073 bbr.fast-retransmit [15] cwnd 14 ssthresh 28',
      );
      const end = Number(timesOf(t, 'bbr.exit-recovery')[0]);
      expect(end.toFixed(3)).toBe(exit);
      const resent = retransmissions(t)
        .filter((r) => Number(r.split('@')[1]) < end)
        .map((r) => Number(r.split('@')[0]));
      expect(resent).toEqual([15, ...holes]);
      expect(drops(t)[holes.length + 1]).toBe(next);
      expect(t.flowStats[0]!.timeouts).toBe(0);
    });
  }
});
