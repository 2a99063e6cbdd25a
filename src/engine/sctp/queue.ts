import type { SctpPath } from './path';

/**
 * The sender's retransmission queue entries: one DATA chunk (one TSN) each, from its first
 * transmission until the Cumulative TSN Ack covers it (RFC 2960 §6.1–§6.3, §7.2.4).
 */

/** Why a chunk waits for retransmission (ns-2 MarkedForRtx_E). */
export const Mark = { none: 0, fast: 1, timeout: 2 } as const;
export type Mark = (typeof Mark)[keyof typeof Mark];

/** Chunk.txTime of a chunk that does not time the round trip (ns-2 uses 0, a valid time). */
export const NOT_TIMED = -1;

/** A DATA chunk in the retransmission queue (ns-2 SctpSendBufferNode_S). */
export interface Chunk {
  tsn: number;
  bytes: number;
  gapAcked: boolean;
  addedToPba: boolean;
  missingReports: number;
  marked: Mark;
  ineligibleForFastRtx: boolean;
  transmissions: number;
  /**
   * Send time in seconds if this chunk times the round trip, else NOT_TIMED (RFC 2960 §6.3.1
   * C4: one chunk in flight per round trip is timed). A chunk sent at t = 0 is timed too.
   * ns-2.35 marks "not timed" with a 0 timestamp (sctp.cc AddToSendBuffer) and samples only
   * `dTxTimestamp > 0` (SendBufferDequeueUpTo, ProcessGapAckBlocks; RtxMarkedChunks for Karn),
   * so a chunk sent at 0 would leave eRtoPending set with nothing to clear it: no RTT sample
   * until a fast retransmit or a timeout clears it. ns-2 never gets there — its INIT goes first, and DATA only after the
   * handshake and HEARTBEAT (fixture sctp-ns2def-start0-d1) — so the explicit sentinel changes
   * no ns-2 comparison and fixes an association that starts at 0 without a handshake.
   */
  txTime: number;
  path: SctpPath;
}
