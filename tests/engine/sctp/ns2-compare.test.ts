/**
 * New-Reno SCTP (4 missing reports) and RFC 4960 SCTP (3) against the ns-2.35 Agent/SCTP
 * reference traces, packet for packet: every event at R1 (arrivals from S1, departures to K1,
 * drops, SACK/control arrivals from K1) and every arrival at K1, in ns-2's processing order,
 * with the same times (compared after aligning the first DATA arrival at R1, which turns out
 * to need no offset), packet numbers, retransmission flags, drop causes, cumulative acks, Gap
 * Ack Block counts and sizes; and the sender's cwnd, ssthresh, partial_bytes_acked and
 * outstanding bytes at every point where ns-2 logged a change.
 */
import { decisionsOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/engine';
import { engineRows, readNs2Events, readNs2Vars, rowText } from './ns2';
import { ns2Sctp } from './setup';

const DROPS: Record<string, number[]> = {
  d0: [],
  d1: [15],
  d2: [15, 29],
  d3: [15, 27, 29],
  d4: [15, 25, 27, 29],
  d5: [15, 23, 25, 27, 29],
  a1: [12],
  a2: [12, 26],
  a3: [12, 24, 26],
  a4: [12, 22, 24, 26],
  a5: [12, 20, 22, 24, 26],
};

const MTU = 1008;

describe.each([4, 3] as const)('ns-2.35 Agent/SCTP with fastRtxTrigger_ %i', (fr) => {
  it.each(Object.keys(DROPS))(`sctp-fr${fr}-%s: every event at R1 and K1 matches`, (key) => {
    const trace = run(ns2Sctp(fr, DROPS[key]!));
    const ours = engineRows(trace);
    const theirs = readNs2Events(`sctp-fr${fr}-${key}`);
    const firstData = (rows: typeof ours) => rows.find((r) => r.event === 'ARR' && r.kind === 'DATA')!.time;
    const offset = firstData(theirs) - firstData(ours);
    expect(offset).toBe(0);
    expect(ours.length).toBe(theirs.length);
    for (let i = 0; i < ours.length; i++) {
      const a = { ...ours[i]!, time: ours[i]!.time + offset };
      const b = theirs[i]!;
      if (rowText(a) !== rowText(b) || a.time !== b.time) {
        expect.fail(`row ${i}: engine "${rowText(a)}" vs ns-2 "${rowText(b)}"`);
      }
    }
  });

  it.each(Object.keys(DROPS))(`sctp-fr${fr}-%s: cwnd, ssthresh, pba and outstanding match ns-2`, (key) => {
    const trace = run(ns2Sctp(fr, DROPS[key]!));
    const after = new Map(decisionsOf(trace).filter((d) => d.trigger.kind === 'ack').map((d) => [d.time, d.after]));
    const rows = readNs2Vars(`sctp-fr${fr}-${key}`).filter((r) => r.time > 1.5);
    expect(rows.length).toBeGreaterThan(200);
    for (const r of rows) {
      const v = after.get(r.time);
      const ours = v && [v.cwnd * MTU, v.ssthresh * MTU, v.partialBytesAcked, v.flightsize * MTU].map(Math.round);
      expect(ours, `at ${r.time}`).toEqual([r.cwnd, r.ssthresh, r.pba, r.outstanding]);
    }
  });
});
