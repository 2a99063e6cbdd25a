/**
 * SACK processing at a CMT sender (src/engine/sctp/cmt-sack.ts, cmt-output.ts) on hand-built
 * two-path queues, one rule at a time, as Iyengar, Amer, Stewart ("Concurrent Multipath Transfer
 * Using SCTP Multihoming Over Independent End-to-End Paths", IEEE/ACM ToN 2006) state them and
 * ns-2.35's Agent/SCTP/CMT implements them: SFR (§3.1), CUC (§3.2), DAC (§3.3), and the
 * per-destination fast retransmit with the RTX_CWND destination.
 */
import { describe, expect, it } from 'vitest';
import type { Timer } from '../../../../src/engine/core/scheduler';
import { CmtState } from '../../../../src/engine/sctp/cmt';
import { cmtSendMuch } from '../../../../src/engine/sctp/cmt-output';
import { cmtProcessSack } from '../../../../src/engine/sctp/cmt-sack';
import { sendNewChunk } from '../../../../src/engine/sctp/output';
import { newPath, type SctpPath } from '../../../../src/engine/sctp/path';
import { Mark, type Chunk } from '../../../../src/engine/sctp/queue';
import type { SackPacket } from '../../../../src/engine/sctp/receiver';
import type { SctpSender } from '../../../../src/engine/sctp/sender';
import { sctp4960 } from '../../../../src/engine/sctp/variants';
import { cmtOps } from '../../../../src/engine/sctp/congestion';

const MTU = 1468;
const timer = () => ({ resched() {}, cancel() {} }) as unknown as Timer;

/**
 * A CMT sender with two paths A (index 0, the primary) and B (index 1), cwnd in MTUs; the
 * receiver delays its SACKs unless `delayedAck` is false. `notes` collects the sender's
 * RFC-vs-ns-2 notes ([code, value]).
 */
function harness(cwndA = 10, cwndB = 10, delayedAck = true) {
  const paths: SctpPath[] = [cwndA, cwndB].map((w, i) =>
    newPath(i, 10 + i, i, w * MTU, 65536, 1, timer(), timer()),
  );
  const sent: Array<{ tsn: number; path: number; retx: boolean }> = [];
  let next = 0;
  let uid = 0;
  const s = {
    cfg: { id: 0, mssBytes: 1452, headerBytes: 48, dataChunkHeaderBytes: 16, delayedAck },
    notes: [] as Array<[string, number]>,
    noteRfc(code: string, value: number) {
      this.notes.push([code, value]);
    },
    sched: { now: 1 },
    paths,
    queue: [] as Chunk[],
    cumAckPoint: 0,
    htna: 0,
    variant: sctp4960,
    cc: cmtOps(sctp4960.congestion),
    mtu: MTU,
    rules: 'ns2',
    threshold: 3,
    maxBurst: 4,
    chunkBytes: MTU,
    nextChunkBytes: () => MTU,
    applyMaxBurst: false,
    markedPending: false,
    peerRwnd: 1 << 20,
    packetsSent: 0,
    fastRetransmits: 0,
    feed: { limit: () => 1e9 },
    pm: { assocErrors: 0, txPath: paths[0], clear: (p: SctpPath) => (p.errorCount = 0) },
    pr: { afterSack() {} },
    get nextNewTsn() {
      return next + 1;
    },
    takeTsn: () => ++next,
    newUid: () => ++uid,
    mark(c: Chunk, why: Mark) {
      if (c.marked === Mark.none) c.path.markedBytes += c.bytes;
      c.marked = why;
      this.markedPending = true;
    },
    anyMarked() {
      return this.queue.some((c) => c.marked !== Mark.none);
    },
    rttUpdate() {},
    startT3: (p: SctpPath) => (p.t3Running = true),
    stopT3: (p: SctpPath) => (p.t3Running = false),
    flightOf: (p: SctpPath) => p.outstanding,
    totalFlight: () => paths.reduce((t, p) => t + p.outstanding, 0),
    countSent(tsn: number, retx: boolean) {
      this.packetsSent++;
      sent.push({ tsn, path: -1, retx });
    },
    sendOnPath: (_pkt: unknown, p: SctpPath) => (sent.at(-1)!.path = p.index),
  };
  const sender = s as unknown as SctpSender;
  const cmt = new CmtState(paths);
  const [A, B] = paths as [SctpPath, SctpPath];
  /** New chunks to the paths named, in order ('A' or 'B' per TSN). */
  const send = (order: string) => {
    for (const ch of order) sendNewChunk(sender, ch === 'A' ? A : B);
  };
  const sack = (cumAck: number, blocks: Array<[number, number]>, dacPackets: number) =>
    cmtProcessSack(sender, cmt, {
      cumAck,
      blocks,
      rwnd: 1 << 20,
      dacPackets,
    } as unknown as SackPacket);
  const chunk = (tsn: number) => s.queue.find((c) => c.tsn === tsn)!;
  return { s, A, B, cmt, send, sack, chunk, sent };
}

describe('SFR: a TSN gets missing reports only from later TSNs of its own destination (§3.1)', () => {
  // TSNs 1, 3, 5, 7 go to A, 2, 4, 6, 8 to B; TSN 1 (A) is lost. Every SACK acks one packet.
  const h = harness();
  h.send('ABABABAB');

  it('SACKs newly acking B’s TSNs 2 and 4 report nothing for TSN 1 (RFC 4960 HTNA would count both)', () => {
    h.sack(0, [[2, 2]], 1);
    h.sack(
      0,
      [
        [2, 2],
        [4, 4],
      ],
      1,
    );
    expect(h.chunk(1).missingReports).toBe(0);
  });

  it('each SACK newly acking a later TSN of A (3, 5, 7) adds one; the third triggers the fast retransmit', () => {
    h.sack(0, [[2, 4]], 1);
    expect(h.chunk(1).missingReports).toBe(1);
    h.sack(0, [[2, 5]], 1);
    expect(h.chunk(1).missingReports).toBe(2);
    expect(h.s.fastRetransmits).toBe(0);
    h.sack(0, [[2, 7]], 1);
    expect(h.chunk(1).missingReports).toBe(3);
    expect(h.s.fastRetransmits).toBe(1);
  });

  it('A’s cwnd is cut to max(cwnd/2, 2 MTU), B’s kept; TSN 1 goes to B, the larger cwnd (RTX_CWND)', () => {
    expect([h.A.cwnd, h.A.ssthresh]).toEqual([5 * MTU, 5 * MTU]);
    expect([h.B.cwnd, h.B.ssthresh]).toEqual([10 * MTU, 65536]); // never full: no growth either
    expect(h.sent.at(-1)).toEqual({ tsn: 1, path: 1, retx: true });
    expect(h.chunk(1).path).toBe(h.B);
  });
});

describe('CUC: a destination’s cwnd grows with its pseudo-cumack while the Cumulative TSN is stuck (§3.2)', () => {
  // Slow start, cwnd 3 MTUs each and full: TSNs 1, 3, 5 on A, 2, 4, 6 on B; TSN 1 (A) lost.
  const h = harness(3, 3);
  h.send('ABABAB');

  it('the SACK newly acking TSN 2 (B’s pseudo-cumack) grows B by one MTU, A not at all', () => {
    h.sack(0, [[2, 2]], 1);
    expect(h.s.cumAckPoint).toBe(0);
    expect([h.A.cwnd, h.B.cwnd]).toEqual([3 * MTU, 4 * MTU]);
  });

  it('TSN 3 acked on A does not grow A: A’s pseudo-cumack (TSN 1) has not moved', () => {
    h.sack(0, [[2, 3]], 1);
    expect([h.A.cwnd, h.B.cwnd]).toEqual([3 * MTU, 4 * MTU]);
    expect(h.cmt.of(h.A).expectedPseudoCum).toBe(1);
  });

  it('TSN 4 is B’s next pseudo-cumack; B grows only with its window full (RFC 4960 §7.2.1)', () => {
    expect(h.cmt.of(h.B).expectedPseudoCum).toBe(4); // found by the previous SACK's scan
    h.sack(0, [[2, 4]], 1);
    expect(h.cmt.of(h.B).newPseudoCum).toBe(true);
    // 2 MTUs outstanding on B (TSNs 4 and 6 before this SACK) < cwnd 4 MTUs: no growth
    expect([h.A.cwnd, h.B.cwnd]).toEqual([3 * MTU, 4 * MTU]);
  });
});

describe('DAC: a delayed SACK counts as many missing reports as packets it acks (§3.3)', () => {
  it('two packets of one destination above the missing TSN add 2; a SACK timer’s SACK (count 0) adds 0', () => {
    const h = harness();
    h.send('ABBBBB'); // 1 on A; 2–6 on B; TSN 2 lost
    h.sack(1, [[3, 3]], 2); // TSN 1 (cumulative, A) and TSN 3 (B)
    expect(h.chunk(2).missingReports).toBe(2);
    h.sack(1, [[3, 4]], 0); // ns-2's SackGenTimerExpiration zeroes the count first
    expect(h.chunk(2).missingReports).toBe(2);
    h.sack(1, [[3, 6]], 2);
    expect(h.chunk(2).missingReports).toBe(4);
    expect(h.s.fastRetransmits).toBe(1);
    // ns-2's own count with delayed SACKs (the RFC rule set's receiver zeroes it too): no note.
    expect(h.s.notes).toEqual([]);
  });

  it('without delayed SACKs ns-2’s SACKs carry 0: no missing report, and the decision notes the one the RFC rule set would add', () => {
    const h = harness(10, 10, false);
    h.send('ABBBBB'); // TSN 2 lost
    h.sack(1, [[3, 3]], 0);
    h.sack(1, [[3, 4]], 0);
    expect(h.chunk(2).missingReports).toBe(0);
    expect(h.s.notes).toEqual([
      ['rfc.sctp-dac-zero', 2],
      ['rfc.sctp-dac-zero', 2],
    ]);
  });

  it('a SACK acking the destination’s TSNs on both sides of the missing one adds only 1', () => {
    const h = harness();
    h.send('BBBBB'); // TSN 3 lost
    h.sack(2, [[4, 4]], 2); // 1, 2 (cumulative) and 4: B newly acked below and above 3
    expect(h.chunk(3).missingReports).toBe(1);
  });

  it('a SACK newly acking both destinations (a mixed SACK) adds only 1', () => {
    const h = harness();
    h.send('BABA'); // TSN 1 (B) lost
    h.sack(0, [[2, 3]], 2); // 2 on A, 3 on B
    expect(h.chunk(1).missingReports).toBe(1);
  });
});

describe('round robin for new data (003_… §2.3, ns-2 SendMuch)', () => {
  it('fills the primary’s cwnd, then the other path’s; next time starts after the last path used', () => {
    const h = harness(2, 3);
    cmtSendMuch(h.s as unknown as SctpSender, h.cmt);
    expect(h.sent.map((x) => `${x.tsn}${'AB'[x.path]}`)).toEqual(['1A', '2A', '3B', '4B', '5B']);
    expect(h.cmt.lastSentTo).toBe(h.B);
    h.sack(1, [], 1); // TSN 1 acked: A has room for one more
    h.sack(3, [], 2); // TSNs 2 and 3: A and B have room
    const before = h.sent.length;
    cmtSendMuch(h.s as unknown as SctpSender, h.cmt);
    // Slow start grew A to 3 MTUs (the SACK of TSN 1 found A full; the next did not) and B to 4
    // (TSN 3 acked with B full): A first (after B), empty, takes 3; B, with 4 and 5 out, 2.
    expect([h.A.cwnd, h.B.cwnd]).toEqual([3 * MTU, 4 * MTU]);
    expect(h.sent.slice(before).map((x) => `${x.tsn}${'AB'[x.path]}`)).toEqual([
      '6A',
      '7A',
      '8A',
      '9B',
      '10B',
    ]);
  });
});
