/**
 * The pure CMT rules (src/engine/sctp/cmt.ts) — Iyengar, Amer, Stewart, "Concurrent Multipath
 * Transfer Using SCTP Multihoming Over Independent End-to-End Paths" (IEEE/ACM ToN 2006), as
 * ns-2.35's Agent/SCTP/CMT (sctp-cmt.cc) implements them, and 003_… §2.3's round robin.
 */
import { describe, expect, it } from 'vitest';
import {
  CmtState,
  cmtHalvedSsthresh,
  cmtRecoverPoint,
  dacIncrement,
  newCmtPathState,
  roundRobinOrder,
  selectRtxDest,
  sfrCountsMissing,
} from '../../../../src/engine/sctp/cmt';
import type { SctpPath } from '../../../../src/engine/sctp/path';
import { Mark, type Chunk } from '../../../../src/engine/sctp/queue';

const MTU = 1468;
/** A path with just the fields the rules read. */
const path = (index: number, cwnd: number, outstanding = 0, active = true) =>
  ({ index, cwnd, outstanding, active }) as SctpPath;
const chunk = (tsn: number, p: SctpPath, marked: Mark = Mark.none) =>
  ({ tsn, path: p, marked }) as Chunk;

describe('round robin over the destinations (003_… §2.3, ns-2 SendMuch)', () => {
  const [a, b, c] = [path(0, MTU), path(1, MTU), path(2, MTU)];
  it('begins with the primary (the first destination) before any data went out', () => {
    expect(roundRobinOrder([a, b], null)).toEqual([a, b]);
  });
  it('then starts at the destination after the one new data last went to, once around', () => {
    expect(roundRobinOrder([a, b], a)).toEqual([b, a]);
    expect(roundRobinOrder([a, b], b)).toEqual([a, b]);
    expect(roundRobinOrder([a, b, c], b)).toEqual([c, a, b]);
  });
});

describe('SFR: missing reports per destination (Iyengar et al. §3.1)', () => {
  // TSNs 1, 3, 5 went to destination A, 2, 4, 6 to B; TSN 1 is lost.
  it('a SACK newly acking only later TSNs of the other destination reports nothing for TSN 1', () => {
    const dA = newCmtPathState();
    const dB = { ...newCmtPathState(), sawNewAck: true, highestTsnInSack: 4 };
    expect(sfrCountsMissing(1, dA)).toBe(false);
    expect(sfrCountsMissing(3, dB)).toBe(true); // (3 on A is judged by A's state, not B's)
  });
  it('a SACK newly acking TSN 3 (same destination, later) reports TSN 1 missing', () => {
    const dA = { ...newCmtPathState(), sawNewAck: true, highestTsnInSack: 3 };
    expect(sfrCountsMissing(1, dA)).toBe(true);
    expect(sfrCountsMissing(3, dA)).toBe(false);
    expect(sfrCountsMissing(5, dA)).toBe(false);
  });
});

describe('DAC: missing reports from delayed SACKs (Iyengar et al. §3.3, ns-2 useCmtDelAck_)', () => {
  const d = { ...newCmtPathState(), sawNewAck: true, highestTsnInSack: 7, lowestTsnInSack: 5 };
  it('a SACK acking two packets of one destination, all above the missing TSN, adds 2', () => {
    expect(dacIncrement(3, d, 1, 2)).toBe(2);
  });
  it('a mixed SACK (two destinations newly acked) adds 1', () => {
    expect(dacIncrement(3, d, 2, 2)).toBe(1);
  });
  it('a SACK acking TSNs of the destination on both sides of the missing TSN adds 1', () => {
    expect(dacIncrement(6, d, 1, 2)).toBe(1);
  });
  it("ns-2's delayed-SACK timer sends a count of 0: such a SACK adds nothing", () => {
    expect(dacIncrement(3, d, 1, 0)).toBe(0);
  });
});

describe('retransmission destination, RTX_CWND (ns-2 eCmtRtxPolicy_ 4, SelectRtxDest)', () => {
  it('goes to the active destination with the largest cwnd, while its cwnd has room', () => {
    const a = path(0, 2 * MTU, 0);
    const b = path(1, 6 * MTU, 2 * MTU);
    expect(selectRtxDest([a, b], new CmtState([a, b]), 'cwnd')).toBe(b);
  });
  it('a tie goes to the first destination (ns-2 tosses a coin)', () => {
    const a = path(0, 4 * MTU);
    const b = path(1, 4 * MTU);
    expect(selectRtxDest([a, b], new CmtState([a, b]), 'cwnd')).toBe(a);
  });
  it('an inactive destination is never chosen', () => {
    const a = path(0, 2 * MTU);
    const b = path(1, 6 * MTU, 0, false);
    expect(selectRtxDest([a, b], new CmtState([a, b]), 'cwnd')).toBe(a);
  });
  it('a full cwnd holds the retransmission back unless the destination had its own fast retransmit', () => {
    const a = path(0, 2 * MTU, 2 * MTU);
    const cmt = new CmtState([a]);
    expect(selectRtxDest([a], cmt, 'one')).toBeNull();
    cmt.of(a).rtxLimit = 'one';
    expect(selectRtxDest([a], cmt, 'one')).toBe(a);
    expect(selectRtxDest([a], cmt, 'cwnd')).toBeNull();
    cmt.of(a).packetsSent = 1;
    expect(selectRtxDest([a], cmt, 'one')).toBeNull();
  });
});

describe('per-destination recover point (ns-2 CMT GetHighestOutstandingTsn)', () => {
  it('is the highest TSN sent to the destination and not marked', () => {
    const a = path(0, MTU);
    const b = path(1, MTU);
    const d = newCmtPathState();
    const q = [chunk(1, a), chunk(2, b), chunk(3, a), chunk(4, b), chunk(5, a, Mark.fast)];
    expect(cmtRecoverPoint(q, a, d)).toBe(3);
    expect(d.highestTsnSent).toBe(3);
  });
  it('is 0 when that TSN is below the one recorded at the last cut (ns-2 as is)', () => {
    const a = path(0, MTU);
    const d = { ...newCmtPathState(), highestTsnSent: 9 };
    expect(cmtRecoverPoint([chunk(7, a)], a, d)).toBe(0);
    expect(d.highestTsnSent).toBe(9);
  });
});

describe('ssthresh after a CMT loss: max(cwnd/2, 2·MTU) (sctp-cmt.cc FastRtx, Timeout)', () => {
  it('halves a large cwnd, floors a small one at 2 MTUs (Agent/SCTP: 4)', () => {
    expect(cmtHalvedSsthresh(16 * MTU, MTU)).toBe(8 * MTU);
    expect(cmtHalvedSsthresh(3 * MTU, MTU)).toBe(2 * MTU);
    expect(cmtHalvedSsthresh(4381, MTU)).toBe(2936);
  });
});
