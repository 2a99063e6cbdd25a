/**
 * SCTP window growth (RFC 2960 §7.2.1–§7.2.2, REFERENCE.md "SCTP"): slow start adds
 * min(newly acked bytes, MTU) per SACK that advances the cumulative TSN. The Fall & Floyd runs
 * SACK every packet, so each SACK there acks one chunk and the min() never bites; with delayed
 * SACKs one SACK acks two chunks.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/engine';
import { fallFloyd } from './setup';
import { ackDecisions, before } from './trace-query';

describe('SCTP slow start with delayed SACKs', () => {
  for (const sender of ['sctp-2960', 'sctp-newreno'] as const) {
    it(`${sender}: a SACK that acks two chunks adds one MTU, not two (RFC 2960 §7.2.1: min(acked, MTU))`, () => {
      const t = run(fallFloyd({ sender, stopS: 2, flow: { delayedAck: true } }));
      const acks = ackDecisions(t);
      const cum = acks.map((d) => (d.trigger.kind === 'ack' ? d.trigger.cumAck : NaN));
      // cwnd 1: chunk 1 alone, SACKed alone; cwnd 2: chunks 2 and 3, SACKed together
      expect(cum.slice(0, 2)).toEqual([1, 3]);
      const two = acks[1]!;
      expect(two.code).toBe('sctp.slow-start');
      expect([before(two, 'cwnd'), two.after.cwnd]).toEqual([2, 3]);
      // 2 chunks acked, 3 outstanding after: cwnd 3 is full again with 4, 5 and 6
      expect(two.packets).toEqual([4, 5, 6]);
      expect(two.after.flightsize).toBe(3);
    });
  }
});

// RFC 2960 §7.2.1–§7.2.2 (with the Implementer's Guide, as ns-2 does it): cwnd grows — in slow
// start, and partial_bytes_acked in congestion avoidance — only while the full cwnd is in use.
// A receiver window of 8 packets caps the outstanding data at 8 chunks, so cwnd can only grow
// while it is ≤ 8: slow start ends at 9 (8 outstanding ≥ cwnd 8 allows the last step); after the
// drop of 15 halves it to 4.5, congestion avoidance goes 5.5 → 6.5 → 7.5 → 8.5 and stops there.
describe('SCTP cwnd grows only while the window is full (8-packet receiver window)', () => {
  const t = run(fallFloyd({ sender: 'sctp-2960', drops: [15], stopS: 6, flow: { windowPkts: 8 } }));
  const acks = ackDecisions(t);

  it('slow start stops at cwnd 9', () => {
    const ss = acks.filter((d) => d.code === 'sctp.slow-start' && d.time < 2);
    expect(ss.map((d) => d.after.cwnd)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const fr = acks.find((d) => d.code === 'sctp.fast-retransmit')!;
    expect(fr.changes.cwnd).toEqual([9, 4.5]);
  });

  it('congestion avoidance stops at cwnd 8.5 and partial_bytes_acked stops growing', () => {
    const grow = acks.filter(
      (d) => d.changes.cwnd && d.changes.cwnd[1] > d.changes.cwnd[0] && d.time > 2.1,
    );
    expect(grow.map((d) => d.changes.cwnd)).toEqual([
      [4.5, 5.5],
      [5.5, 6.5],
      [6.5, 7.5],
      [7.5, 8.5],
    ]);
    const last = grow.at(-1)!;
    const later = acks.filter((d) => d.time > last.time);
    // more than 2 s of SACKs after it (up to 6 s), 8 chunks outstanding each time (below cwnd
    // 8.5): none changes cwnd or partial_bytes_acked
    expect(later.at(-1)!.time - last.time).toBeGreaterThan(2);
    for (const d of later) {
      expect(d.after.flightsize).toBe(8);
      expect(d.changes.cwnd).toBeUndefined();
      expect(d.changes.partialBytesAcked).toBeUndefined();
    }
  });
});
