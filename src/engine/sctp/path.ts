import type { Timer } from '../core/scheduler';
import type { Chunk } from './queue';

/**
 * Per-destination transport state (RFC 4960 §6.4, §7.2, §8.2; ns-2.35 SctpDest_S): one path per
 * destination address of the peer (FlowConfig.dstAddrs, the first the primary). A single-homed
 * association has one path.
 *
 * Units: bytes for windows, seconds for times.
 */
export interface SctpPath {
  /** 0-based index into the association's paths (FlowInfo.paths, PathEventColumns.path). */
  index: number;
  /** Node index of the destination address. */
  node: number;
  /** Node index of the source address packets to this destination leave from (flow.ts). */
  src: number;
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
  /**
   * RFC 4960 §8.2 error counter: T3-rtx expiries and unanswered HEARTBEATs since the last DATA
   * acknowledgement or HEARTBEAT-ACK on this path cleared it.
   */
  errorCount: number;
  /** RFC 4960 §8.2: false once errorCount exceeds Path.Max.Retrans, until it is cleared. */
  active: boolean;
  /** Time (s) of the last DATA chunk or HEARTBEAT sent to this path (RFC 4960 §8.3 idle). */
  lastSentAt: number;
  // --- per-SACK / per-retransmission scratch (ns-2 clears these each time) ---
  newlyAckedBytes: number;
  ccApplied: boolean;
  /** Bytes in flight before this SACK without marked chunks (RFC 4960 §7.2.1–2 "flightsize"). */
  flightBefore: number;
  /** Lowest-TSN chunk not Gap-Acked on this path, found while retransmitting (ns-2 spFirstOutstanding). */
  firstOutstanding: Chunk | null;
}

export function newPath(
  index: number,
  node: number,
  src: number,
  cwnd: number,
  ssthresh: number,
  rto: number,
  t3: Timer,
  degrade: Timer,
): SctpPath {
  return {
    index,
    node,
    src,
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
    active: true,
    lastSentAt: 0,
    newlyAckedBytes: 0,
    ccApplied: false,
    flightBefore: 0,
    firstOutstanding: null,
  };
}
