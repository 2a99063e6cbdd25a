/**
 * What an SCTP sender reports to its decision log (trace/decision-log.ts DecisionSource): the
 * variables in vars.ts order — cwnd, ssthresh and flightsize in MTUs of the path (bytes / MTU;
 * flightsize with chunks marked for retransmission under `ns2` rules, without under `rfc`),
 * TSNs for the ACK points, partial_bytes_acked in bytes, RTO in seconds, no inflation, no fack —
 * and what makes a new state sample (cwnd, ssthresh, partial_bytes_acked, the phase).
 */
import type { DecisionSource } from '../trace/decision-log';
import type { Phase } from '../trace/types';
import { V } from '../trace/vars';
import type { SctpPath } from './path';

/** The sender state the report reads (SctpSender implements it). */
export interface SctpReportedState {
  readonly path: SctpPath;
  /** Congestion-control MTU, bytes. */
  readonly mtu: number;
  /** Bytes in flight as the rule set counts them (rules.ts flightOf). */
  readonly flight: number;
  readonly phase: Phase;
  /** Recovery point (TSN) of New-Reno SCTP; 0 for Original SCTP. */
  readonly reportedRecover: number;
  /** Cumulative TSN Ack point. */
  readonly cumAckPoint: number;
  /** Next new TSN to send. */
  readonly nextNewTsn: number;
  /** Missing reports of the first missing TSN (0 if none). */
  firstHoleReports(): number;
}

export function sctpDecisionSource(
  s: SctpReportedState,
  flow: number,
  now: () => number,
): DecisionSource {
  return {
    flow,
    now,
    writeVars(out) {
      const p = s.path;
      out[V.cwnd] = p.cwnd / s.mtu;
      out[V.ssthresh] = p.ssthresh / s.mtu;
      out[V.dupacks] = s.firstHoleReports();
      out[V.recover] = s.reportedRecover;
      out[V.pipe] = -1;
      out[V.flightsize] = s.flight / s.mtu;
      out[V.highestAck] = s.cumAckPoint;
      out[V.nextSeq] = s.nextNewTsn;
      out[V.partialBytesAcked] = p.partialBytesAcked;
      out[V.rto] = p.rto;
      out[V.inflation] = NaN;
      out[V.fack] = NaN;
    },
    writeKeyVars(out) {
      out[V.cwnd] = s.path.cwnd / s.mtu;
      out[V.ssthresh] = s.path.ssthresh / s.mtu;
      out[V.partialBytesAcked] = s.path.partialBytesAcked;
    },
    phase: () => s.phase,
    cwndBytes: () => s.path.cwnd,
    ssthreshBytes: () => s.path.ssthresh,
    // Samples follow partial_bytes_acked and the phase too (the cwnd plot shades phases).
    sampleOn: [V.cwnd, V.ssthresh, V.partialBytesAcked],
    sampleOnPhase: true,
  };
}
