import type { SctpPath } from './path';
import { Mark, type Chunk } from './queue';

/**
 * Concurrent Multipath Transfer (Iyengar, Amer, Stewart, "Concurrent Multipath Transfer Using
 * SCTP Multihoming Over Independent End-to-End Paths", IEEE/ACM ToN 2006; ns-2.35 sctp-cmt.cc,
 * Agent/SCTP/CMT) as FlowConfig.cmt turns it on: the pure rules and the per-destination state.
 * The sender's CMT paths (SACK processing, output) are cmt-sack.ts and cmt-output.ts.
 *
 * ns-2.35 defaults followed (tcl/lib/ns-default.tcl): useCmtReordering_ 1 (SFR),
 * useCmtCwnd_ 1 (CUC), useCmtDelAck_ 1 (DAC), eCmtRtxPolicy_ 4 (RTX_CWND). Not modelled:
 * useCmtPF_ (CMT-PF, "potentially failed" destinations; ns-2's own CMT tests turn it off).
 *
 * Units: bytes for windows, TSNs 1-based, packets for the DAC count.
 */

/** ssthresh floor after a CMT loss, in MTUs: sctp-cmt.cc FastRtx and Timeout use initialCwnd_
 * (2), where Agent/SCTP uses 4. */
export const CMT_SSTHRESH_FLOOR_MTUS = 2;

/**
 * Per-destination CMT state (ns-2 SctpDest_S fields added by CMT; sctp-cmt.cc Reset). Names
 * follow ns-2's; all TSNs 1-based, 0 = none.
 */
export interface CmtPathState {
  /** CUC: lowest TSN sent once to this destination and not yet acked [uiExpectedPseudoCum]. */
  expectedPseudoCum: number;
  /** CUC: look for a new expected pseudo-cumack in the next Gap Ack scan [eFindExpectedPseudoCum]. */
  findExpectedPseudoCum: boolean;
  /** CUC: the same for retransmitted TSNs [uiExpectedRtxPseudoCum]. */
  expectedRtxPseudoCum: number;
  findExpectedRtxPseudoCum: boolean;
  /** CUC: this SACK advanced the destination's pseudo-cumack: cwnd may grow [eNewPseudoCum]. */
  newPseudoCum: boolean;
  /** SFR: this SACK newly acked a TSN sent to this destination [eSawNewAck]. */
  sawNewAck: boolean;
  /** SFR: highest TSN sent to this destination that this SACK newly acked in a Gap Ack Block,
   * at least the Cumulative TSN Ack [uiHighestTsnInSackForDest]. */
  highestTsnInSack: number;
  /** DAC: lowest TSN sent to this destination that this SACK newly acked [uiLowestTsnInSackForDest]. */
  lowestTsnInSack: number;
  /** Fast-retransmit recover point of this destination [uiRecover]. */
  recover: number;
  /** Highest outstanding TSN recorded at the last cut [uiHighestTsnSent]. */
  highestTsnSent: number;
  /** Retransmissions to this destination: one packet at once after its own fast retransmit
   * ('one'), else as its cwnd allows [eRtxLimit]. */
  rtxLimit: 'zero' | 'one';
  /** Packets retransmitted to it in the current RtxMarkedChunks call [iNumPacketsSent]. */
  packetsSent: number;
  /** Packets in the current burst (Max.Burst per destination) [uiBurstLength]. */
  burstLength: number;
}

export function newCmtPathState(): CmtPathState {
  return {
    expectedPseudoCum: 0,
    findExpectedPseudoCum: true,
    expectedRtxPseudoCum: 0,
    findExpectedRtxPseudoCum: true,
    newPseudoCum: false,
    sawNewAck: false,
    highestTsnInSack: 0,
    lowestTsnInSack: 0,
    recover: 0,
    highestTsnSent: 0,
    rtxLimit: 'zero',
    packetsSent: 0,
    burstLength: 0,
  };
}

/** The CMT state of an association: one CmtPathState per path (by SctpPath.index). */
export class CmtState {
  readonly dest: CmtPathState[];
  /** Where new data went last (ns-2 SendMuch's spNodeLastSentTo); null before any. */
  lastSentTo: SctpPath | null = null;
  /** DAC: DATA packets the SACK being processed acknowledges [uiNumPacketsSacked]. */
  packetsSacked = 0;
  /** a_rwnd of the last SACK, bytes [uiArwnd]. */
  arwnd = 0;

  constructor(paths: readonly SctpPath[]) {
    this.dest = paths.map(() => newCmtPathState());
  }

  of(p: SctpPath): CmtPathState {
    return this.dest[p.index]!;
  }
}

/**
 * Round robin for new data (Iyengar et al. §3; 003_… §2.3: "round-robin way, beginning with
 * the primary destination address ... changed when cwnd, for a given path, does not allow
 * sending more data"; ns-2 SendMuch): the order in which SendMuch visits the paths — starting
 * at the path after the one new data last went to (the first path, the primary, before any),
 * once around. Each active path in turn is filled as its cwnd allows.
 */
export function roundRobinOrder<P extends { index: number }>(
  paths: readonly P[],
  lastSentTo: P | null,
): P[] {
  const n = paths.length;
  const start = lastSentTo ? (lastSentTo.index + 1) % n : 0;
  const out: P[] = [];
  for (let k = 0; k < n; k++) out.push(paths[(start + k) % n]!);
  return out;
}

/**
 * SFR — split fast retransmit (Iyengar et al. §3.1; ns-2 ProcessGapAckBlocks with
 * useCmtReordering_): a TSN not acked gets a missing report from this SACK only if the SACK
 * newly acked, in a Gap Ack Block, a later TSN sent to the same destination.
 */
export function sfrCountsMissing(tsn: number, d: CmtPathState): boolean {
  return d.sawNewAck && tsn < d.highestTsnInSack;
}

/**
 * DAC — delayed ack for CMT (Iyengar et al. §3.3; ns-2 ProcessGapAckBlocks with
 * useCmtDelAck_): how many missing reports a SACK adds to a TSN that SFR says it reports.
 * One when the SACK newly acks more than one destination ("mixed SACK") or acks TSNs of the
 * TSN's destination on both sides of it; else the number of DATA packets the SACK acknowledges
 * (`packetsSacked`, carried in the SACK's flags), which may be 0 (ns-2's timer SACK).
 */
export function dacIncrement(
  tsn: number,
  d: CmtPathState,
  destsSacked: number,
  packetsSacked: number,
): number {
  if (destsSacked > 1 || d.lowestTsnInSack < tsn) return 1;
  if (destsSacked === 1) return packetsSacked;
  return 0;
}

/**
 * Retransmission destination, ns-2's default eCmtRtxPolicy_ RTX_CWND (sctp-cmt.cc
 * SelectRtxDest): the active path with the largest cwnd — on a tie the first in dstAddrs order
 * (ns-2 breaks ties with a coin, Random::random()) — and only if it may send now: one packet at
 * once when it had a fast retransmit itself (`limit` 'one' and its rtxLimit 'one', nothing
 * resent to it yet in this call), else while its outstanding bytes (marked chunks not counted)
 * stay below its cwnd. null: no retransmission now.
 */
export function selectRtxDest(
  paths: readonly SctpPath[],
  cmt: CmtState,
  limit: 'one' | 'cwnd',
): SctpPath | null {
  let best: SctpPath | null = null;
  let highest = 0;
  for (const p of paths) {
    if (!p.active) continue;
    if (highest < p.cwnd) {
      highest = p.cwnd;
      best = p;
    }
  }
  if (!best) return null;
  const d = cmt.of(best);
  if (limit === 'one' && d.rtxLimit === 'one' && d.packetsSent < 1) return best;
  return best.outstanding < best.cwnd ? best : null;
}

/**
 * The recover point of path `p` at a cwnd cut (ns-2 CMT GetHighestOutstandingTsn): the highest
 * TSN sent to `p` and not marked for retransmission. When it is below the value recorded at the
 * previous cut, ns-2 returns the agent-wide uiHighestTsnSent instead, which CMT never sets: 0.
 */
export function cmtRecoverPoint(queue: readonly Chunk[], p: SctpPath, d: CmtPathState): number {
  let h = 0;
  for (let i = queue.length - 1; i >= 0; i--) {
    const c = queue[i]!;
    if (c.path === p && c.marked === Mark.none) {
      h = c.tsn;
      break;
    }
  }
  if (h < d.highestTsnSent) return 0;
  d.highestTsnSent = h;
  return h;
}

/** ssthresh after a CMT fast retransmit or T3-rtx expiry: max(cwnd/2, 2·MTU), bytes. */
export function cmtHalvedSsthresh(cwnd: number, mtu: number): number {
  return Math.max(Math.trunc(cwnd / 2), CMT_SSTHRESH_FLOOR_MTUS * mtu);
}
