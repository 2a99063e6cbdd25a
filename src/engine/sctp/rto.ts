import type { SctpPath } from './path';
import { RTO_ALPHA, RTO_BETA } from './chunks';

/**
 * One RTT measurement r (seconds) on a path: RFC 4960 §6.3.1 C2–C3, C6–C7 in double seconds
 * (ns-2 RttUpdate; no clock granularity), RTO clamped to [RTO.Min, RTO.Max] (minRtoS, maxRtoS).
 */
export function rttSample(p: SctpPath, r: number, minRtoS: number, maxRtoS: number): void {
  if (p.firstRtt) {
    p.firstRtt = false;
    p.srtt = r;
    p.rttvar = r / 2;
  } else {
    p.rttvar = (1 - RTO_BETA) * p.rttvar + RTO_BETA * Math.abs(p.srtt - r);
    p.srtt = (1 - RTO_ALPHA) * p.srtt + RTO_ALPHA * r;
  }
  p.rto = p.srtt + 4 * p.rttvar;
  if (p.rto < minRtoS) p.rto = minRtoS;
  else if (p.rto > maxRtoS) p.rto = maxRtoS;
}

/** Back off a path's RTO: double it, at most RTO.Max `maxRtoS` seconds (RFC 4960 §6.3.3 E2). */
export function backoffRto(p: SctpPath, maxRtoS: number): void {
  p.rto = Math.min(p.rto * 2, maxRtoS);
}
