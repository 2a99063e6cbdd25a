import type { FlowConfig } from '../config';
import type { AckSample } from './ack-samples';

/**
 * What a TCP congestion or recovery op may read of a sender: ns-2 TcpAgent's window variables
 * (tcp.h), read-only. The sender shell (sender.ts) implements it and is the only one that writes
 * them. Units: packets (cwnd, ssthresh, wnd, dupwnd may be fractional); sequence numbers are
 * ns-2's 0-based seqnos (packet number = seqno + 1); times in seconds.
 */
export interface TcpState {
  readonly cfg: FlowConfig;
  /** Simulated time, s. */
  readonly now: number;
  /** Congestion window (cwnd_), packets. */
  readonly cwnd: number;
  /** Slow-start threshold (ssthresh_), packets. */
  readonly ssthresh: number;
  /** Receiver window / maximum window (wnd_), packets. */
  readonly wnd: number;
  /** Reno-family window inflation (dupwnd_), packets. */
  readonly dupwnd: number;
  /** Duplicate ACKs counted (dupacks_). */
  readonly dupacks: number;
  /** Highest seqno sent (maxseq_). */
  readonly maxseq: number;
  /** Highest cumulatively acknowledged seqno (highest_ack_), −1 before any ACK. */
  readonly highestAck: number;
  /** Next seqno to send (t_seqno_). */
  readonly tSeqno: number;
  /** Recovery point (recover_): the highest seqno sent when loss was last detected. */
  readonly recover: number;
  /** Smoothed RTT in seconds, 0 before the first sample. */
  readonly srttS: number;
  /** RTO backoff factor (t_backoff_): 1, doubled at each expiry until a new RTT sample. */
  readonly rtoBackoff: number;
  /**
   * The last ACK's RTT and delivery-rate samples (ack-samples.ts; reused record, valid while
   * that ACK is processed): what RTT- and rate-based congestion ops read.
   */
  readonly ackSample: AckSample;
  /** When seqno was last sent, s, while it is outstanding; NaN otherwise (ack-samples.ts). */
  sentAtS(seqno: number): number;
  /** ns-2 window(): ⌊min(cwnd, wnd)⌋ plus the variant's adjustment (Reno: + dupwnd). */
  window(): number;
  /** ns-2 windowd(): the same unrounded. */
  windowd(): number;
}

/** RFC 5681 §2 FlightSize: packets sent but not yet cumulatively acknowledged. */
export function flightSize(s: TcpState): number {
  return s.maxseq - s.highestAck;
}
