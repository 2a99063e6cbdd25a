import type { SctpPath } from './path';

/**
 * The sender's retransmission queue entries: one DATA chunk (one TSN) each, from its first
 * transmission until the Cumulative TSN Ack covers it (RFC 2960 §6.1–§6.3, §7.2.4).
 */

/** Why a chunk waits for retransmission (ns-2 MarkedForRtx_E). */
export const Mark = { none: 0, fast: 1, timeout: 2 } as const;
export type Mark = (typeof Mark)[keyof typeof Mark];

/** Chunk.txTime of a chunk that does not time the round trip. */
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
   * Send time if this chunk times the round trip, else NOT_TIMED (RFC 2960 §6.3.1 C4). A chunk
   * sent at t = 0 is timed too: ns-2.35 marks "not timed" with a 0 timestamp, which would lose
   * the sample of a chunk sent at 0 (ns-2 itself never sends DATA at 0: its INIT goes first).
   */
  txTime: number;
  path: SctpPath;
}
