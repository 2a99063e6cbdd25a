import type { SctpPath } from './path';
import type { SctpReasonCode } from './reasons';
import { inSlowStart, type SctpVariant } from './variant';

/**
 * Window growth on a SACK that advances the cumulative TSN (RFC 2960 §7.2.1–§7.2.2, ns-2
 * AdjustCwnd), with `flight` = the bytes in flight before this SACK as the rule set counts them
 * (rules.ts flightOf: ns-2 counts chunks marked for retransmission, RFC 4960 does not): slow
 * start adds min(newly acked, MTU) when the full cwnd was in use; congestion avoidance adds one
 * MTU once partial_bytes_acked reaches cwnd with the full cwnd in use. Returns the rule applied.
 * Units: bytes.
 */
export function adjustCwnd(
  p: SctpPath,
  variant: SctpVariant,
  mtu: number,
  flight: number,
): SctpReasonCode {
  if (inSlowStart(variant, p.cwnd, p.ssthresh)) {
    if (flight >= p.cwnd) {
      p.cwnd += Math.min(p.newlyAckedBytes, mtu);
      return 'sctp.slow-start';
    }
    return 'sctp.window-not-full';
  }
  if (p.partialBytesAcked >= p.cwnd && flight >= p.cwnd) {
    p.partialBytesAcked = p.cwnd <= p.partialBytesAcked ? p.partialBytesAcked - p.cwnd : 0;
    p.cwnd += mtu;
    return 'sctp.congestion-avoidance-increase';
  }
  return 'sctp.congestion-avoidance';
}
