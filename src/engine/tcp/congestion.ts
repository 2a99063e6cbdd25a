import type { TcpRules } from '../config';
import type { TcpRuleCode } from '../trace/reasons';
import type { Phase } from '../trace/types';
import type { AckSample } from './ack-samples';
import { flightSize, type TcpState } from './state';

export type { TcpRules };

/** A window increase on a new ACK: the new cwnd (packets), the rule that set it and the phase. */
export interface Growth {
  cwnd: number;
  rule: TcpRuleCode;
  phase: Phase;
}

/** A window cut: the new ssthresh and the cwnd a halving recovery starts from, packets. */
export interface Cut {
  ssthresh: number;
  cwnd: number;
}

/**
 * Congestion ops: the window arithmetic of a variant, as small functions that read the sender
 * state and return new values (ns-3 TcpCongestionOps). The sender shell alone assigns them,
 * records the decision and sends; the recovery rules of the variant (when to cut, what to
 * retransmit) call the shell, which calls these. `C` is the ops' own per-sender record (CUBIC's
 * epoch); ops may update it, never the sender.
 */
export interface CongestionOps<C = unknown> {
  readonly id: string;
  /**
   * The rule that names a fast retransmit made with these ops' cut, when it is not the recovery
   * rules' own (CUBIC's β = 0.7 cut is not Reno's halving).
   */
  readonly cutRule?: TcpRuleCode;
  /** The ops' per-sender record, made once when the sender is built. */
  init(s: TcpState): C;
  /** cwnd after a new cumulative ACK (ns-2 opencwnd; RFC 5681 §3.1). */
  grow(s: TcpState, c: C): Growth;
  /** ssthresh and the reduced cwnd when duplicate ACKs or SACK blocks signal a loss. */
  cut(s: TcpState, c: C): Cut;
  /** ssthresh (cwnd becomes 1) when the retransmission timer expires with data outstanding. */
  rto(s: TcpState, c: C): Cut;
  /** cwnd when a full ACK ends fast recovery; null = grow as on any new ACK (ns-2 does). */
  exit(s: TcpState, c: C): number | null;
  /**
   * Every ACK's measurements, before the variant's rules read the ACK (so before `grow`, `cut`
   * or `exit` on that ACK): its per-ACK RTT sample (Karn's rule) and delivery-rate sample
   * (ack-samples.ts; ns-3 TcpCongestionOps::PktsAcked and TcpRateOps, quiche's RTT and rate
   * updates). For RTT- and rate-based ops (Vegas, BBR) to keep what they need in `c`; the same
   * record is `s.ackSample` while the ACK is processed. Optional: AIMD and CUBIC have none.
   */
  onAckSample?(s: TcpState, a: AckSample, c: C): void;
}

/** A variant's congestion ops under each rule set (the same ops when they do not differ). */
export type CongestionFamily = Readonly<Record<TcpRules, CongestionOps>>;

/** ns-2 opencwnd with windowOption_ 1 (RFC 5681 §3.1): +1 per ACK below ssthresh, else +1/cwnd. */
export function aimdGrowth(s: TcpState): Growth {
  if (s.cwnd < s.ssthresh) return { cwnd: s.cwnd + 1, rule: 'tcp.slow-start', phase: 'slow-start' };
  return {
    cwnd: s.cwnd + 1 / s.cwnd,
    rule: 'tcp.congestion-avoidance',
    phase: 'congestion-avoidance',
  };
}

/**
 * ns-2 slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF): ssthresh = max(⌊window()/2⌋, 2) and
 * cwnd = ⌊window()/2⌋ — window() = min(cwnd, rwnd), not the flight size. With precisionReduce_
 * the half is windowd()/2 unrounded: cwnd keeps it (7.5), ssthresh its integer part.
 */
export function ns2Cut(s: TcpState): Cut {
  const half = s.cfg.precisionReduce ? s.windowd() / 2 : Math.trunc(s.window() / 2);
  const ssthresh = Math.trunc(half);
  return { ssthresh: ssthresh < 2 ? 2 : ssthresh, cwnd: half };
}

/** RFC 5681 eq. 4 (§3.1, §3.2 step 2): ssthresh = max(FlightSize / 2, 2·SMSS); cwnd = ssthresh. */
export function rfcCut(s: TcpState): Cut {
  const half = flightSize(s) / 2;
  const ssthresh = half < 2 ? 2 : half;
  return { ssthresh, cwnd: ssthresh };
}

/**
 * The additive-increase / multiplicative-decrease window of Reno-family TCP as ns-2.35 computes
 * it (tcp.cc opencwnd, slowdown): growth as RFC 5681 §3.1, cuts from the window, and the ACK
 * that ends fast recovery opens cwnd once more (tcp-reno.cc / tcp-newreno.cc recv: dupwnd_ = 0,
 * then opencwnd()).
 */
export const ns2Aimd: CongestionOps<null> = {
  id: 'aimd-ns2',
  init: () => null,
  grow: aimdGrowth,
  cut: ns2Cut,
  rto: (s) => ({ ssthresh: ns2Cut(s).ssthresh, cwnd: 1 }),
  exit: () => null,
};

/**
 * The same window as the RFC text has it: cuts from the FlightSize (RFC 5681 eq. 4), ssthresh
 * held when a segment already retransmitted by the timer times out again (RFC 5681 §3.1), and
 * cwnd = ssthresh when a full ACK ends fast recovery (RFC 6582 §3.2 step 3, option 2; RFC 5681
 * §3.2 step 6).
 */
export const rfcAimd: CongestionOps<null> = {
  id: 'aimd-rfc',
  init: () => null,
  grow: aimdGrowth,
  cut: rfcCut,
  rto: (s) => ({ ssthresh: s.rtoBackoff > 1 ? s.ssthresh : rfcCut(s).ssthresh, cwnd: 1 }),
  exit: (s) => s.ssthresh,
};

/** Reno-family AIMD under each rule set. */
export const AIMD: CongestionFamily = { ns2: ns2Aimd, rfc: rfcAimd };
