import type { Block } from '../net/packet';
import type { SctpPath } from './path';
import type { SctpPathManager } from './path-manager';
import { Mark, NOT_TIMED, type Chunk } from './queue';
import type { SctpCongestionOps } from './congestion';
import type { SctpVariant } from './variant';

/** The sender state a SACK's Gap Ack Blocks read and change (SctpSender implements it). */
export interface GapScan {
  /** The paths' error counters and the association's (path-manager.ts). */
  readonly pm: SctpPathManager;
  /** The retransmission queue, lowest TSN first. */
  readonly queue: readonly Chunk[];
  readonly variant: SctpVariant;
  /** The congestion ops (slow start or congestion avoidance decides partial_bytes_acked). */
  readonly cc: SctpCongestionOps;
  /** Fast recovery exit point (TSN). */
  readonly recover: number;
  /** Missing reports that trigger a fast retransmit. */
  readonly threshold: number;
  /** Highest TSN newly acked, kept across SACKs [ns-2 uiHighestTsnNewlyAcked]. */
  htna: number;
  mark(c: Chunk, why: Mark): void;
  rttUpdate(txTime: number, p: SctpPath): void;
  stopT3(p: SctpPath): void;
}

/**
 * ns-2 ProcessGapAckBlocks: mark chunks reported in Gap Ack Blocks, count missing reports
 * with the HTNA rule and mark chunks for fast retransmit (RFC 2960 §7.2.4; Caro et al. §2.1–2.2).
 * Each chunk's bytes count on the path it was last sent to (newly acked bytes,
 * partial_bytes_acked, RTT sample, T3-rtx, error counter: RFC 4960 §6.3.2, §7.2, §8.2).
 * Returns whether a fast retransmit is needed ('htna' when only the modified rule caused it).
 */
export function processGapBlocks(
  s: GapScan,
  blocks: readonly Block[],
  newCumAck: boolean,
): 'none' | 'normal' | 'htna' {
  let highestSacked = s.htna;
  for (const c of s.queue) c.path.firstOutstanding = null;
  for (const c of s.queue) {
    const path = c.path;
    // The first chunk outstanding on its destination (ns-2 spFirstOutstanding, per path).
    if (!path.firstOutstanding && !c.gapAcked) path.firstOutstanding = c;
    const acked = blocks.some(([a, e]) => a <= c.tsn && c.tsn <= e);
    if (acked) {
      if (highestSacked < c.tsn) highestSacked = c.tsn;
      if (c.gapAcked) continue;
      c.gapAcked = true;
      if (s.htna < c.tsn) s.htna = c.tsn;
      path.newlyAckedBytes += c.bytes;
      if (!s.cc.inSlowStart(path) && newCumAck && !c.addedToPba) {
        c.addedToPba = true;
        path.partialBytesAcked += c.bytes;
      }
      if (path.rtoPending && c.txTime !== NOT_TIMED && c.transmissions === 1) {
        if (c.marked !== Mark.timeout) s.rttUpdate(c.txTime, path);
        path.rtoPending = false;
      }
      if (path.firstOutstanding === c && path.t3Running) s.stopT3(path); // §6.3.2 R3
      s.pm.assocErrors = 0;
      if (path.errorCount !== 0 && c.marked !== Mark.timeout) s.pm.clear(path); // §8.2
      if (c.marked !== Mark.none) path.markedBytes -= c.bytes;
      c.marked = Mark.none;
    } else if (c.gapAcked) {
      // Reported before but not now: the SACK is stale (or the peer reneged) — outstanding again.
      c.gapAcked = false;
      path.outstanding += c.bytes;
    }
  }
  for (const [, e] of blocks) if (highestSacked < e) highestSacked = e;

  let result: 'none' | 'normal' | 'htna' = 'none';
  for (const c of s.queue) {
    if (c.gapAcked) continue;
    const htnaRule = c.tsn < s.htna;
    // Caro et al. §2.2: in fast recovery, an ACK that advances the cumulative TSN counts.
    const modifiedRule =
      s.variant.modifiedHtna && newCumAck && s.htna <= s.recover && c.tsn < highestSacked;
    if (!htnaRule && !modifiedRule) continue;
    c.missingReports++;
    if (c.missingReports >= s.threshold && !c.ineligibleForFastRtx) {
      s.mark(c, Mark.fast);
      c.ineligibleForFastRtx = true;
      if (result !== 'normal') result = htnaRule ? 'normal' : 'htna';
    }
  }
  return result;
}
