import type { Timer } from '../core/scheduler';

/**
 * Per-destination transport state (RFC 2960 §6, §7.2; ns-2.35 SctpDest_S). A single-homed
 * association has one path; the fields are per path so multi-homing can add more.
 *
 * Units: bytes for windows, seconds for times.
 */
export interface SctpPath {
  /** Node index of the destination address. */
  node: number;
  cwnd: number;
  ssthresh: number;
  /** partial_bytes_acked (RFC 2960 §7.2.2). */
  partialBytesAcked: number;
  /** Bytes sent to this path and neither cumulatively acked nor reported in a Gap Ack Block
   * (ns-2 iOutstandingBytes), chunks marked for retransmission included. */
  outstanding: number;
  /**
   * Bytes of this path's chunks marked for retransmission and not yet resent (part of
   * `outstanding`). ns-2 takes them out of the flight only while RtxMarkedChunks decides what
   * cwnd allows; RFC 4960 §6.1 C / §6.2.1 C1 always (rules.ts flightOf).
   */
  markedBytes: number;
  rto: number;
  srtt: number;
  rttvar: number;
  /** No RTT measured yet (RFC 2960 §6.3.1 C1). */
  firstRtt: boolean;
  /** A DATA chunk in flight is timing the round trip (RFC 2960 §6.3.1 C4). */
  rtoPending: boolean;
  /** T3-rtx timer (RFC 2960 §6.3.2). */
  t3: Timer;
  t3Running: boolean;
  /** Cwnd validation when the path is idle for an RTO (RFC 2960 §7.2.1, ns-2 CwndDegradeTimer). */
  degrade: Timer;
  /** Consecutive timeouts not cleared by a SACK (RFC 2960 §8.2 error counter). */
  errorCount: number;
  // --- per-SACK scratch (ns-2 clears these for each SACK) ---
  newlyAckedBytes: number;
  ccApplied: boolean;
}

export function newPath(
  node: number,
  cwnd: number,
  ssthresh: number,
  rto: number,
  t3: Timer,
  degrade: Timer,
): SctpPath {
  return {
    node,
    cwnd,
    ssthresh,
    partialBytesAcked: 0,
    outstanding: 0,
    markedBytes: 0,
    rto,
    srtt: 0,
    rttvar: 0,
    firstRtt: true,
    rtoPending: false,
    t3,
    t3Running: false,
    degrade,
    errorCount: 0,
    newlyAckedBytes: 0,
    ccApplied: false,
  };
}
