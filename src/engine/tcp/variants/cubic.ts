import { cbrt } from '../../core/libm';
import { flightSize, type TcpState } from '../state';
import type { CongestionOps, Growth } from '../congestion';
import { variantReasons } from '../../trace/reasons';
import { defineTcpVariant } from '../variant';
import { SACK_RECOVERY } from './sack';

/** RFC 9438 §5 constants: C = 0.4 (segments/s³), β_cubic = 0.7, α_cubic = 3(1 − β)/(1 + β). */
export const CUBIC_C = 0.4;
export const CUBIC_BETA = 0.7;
export const CUBIC_ALPHA = (3 * (1 - CUBIC_BETA)) / (1 + CUBIC_BETA);

const R = variantReasons({
  'cubic.concave': {
    label: 'CUBIC concave',
    template:
      'New ACK for {ack}: CUBIC concave region, cwnd {old.cwnd} → {new.cwnd} (growing toward W_max, the window before the last loss, slowing as it nears it); sends {packets}.',
    source: 'RFC 9438 §4.4 (concave region: cwnd += (W_cubic(t + RTT) − cwnd)/cwnd per ACK)',
    significant: false,
  },
  'cubic.convex': {
    label: 'CUBIC convex',
    template:
      'New ACK for {ack}: CUBIC convex region, cwnd {old.cwnd} → {new.cwnd} (past W_max: probing for more bandwidth, faster and faster); sends {packets}.',
    source: 'RFC 9438 §4.5 (convex region: W_cubic(t + RTT), capped at 1.5·cwnd)',
    significant: false,
  },
  'cubic.reno-friendly': {
    label: 'CUBIC Reno-friendly',
    template:
      'New ACK for {ack}: CUBIC Reno-friendly region, cwnd {old.cwnd} → {new.cwnd} (the cubic curve is below what Reno would have by now, W_est, so cwnd follows W_est); sends {packets}.',
    source: 'RFC 9438 §4.3 (W_est += α_cubic/cwnd per ACK, α_cubic = 3(1 − β)/(1 + β))',
    significant: false,
  },
  'cubic.fast-retransmit': {
    label: 'fast retransmit (CUBIC cut)',
    template:
      '{dupack}: fast retransmit of {packets}; CUBIC cuts by β = 0.7: ssthresh {old.ssthresh} → {new.ssthresh} (0.7 × FlightSize {flightsize}), cwnd {old.cwnd} → {new.cwnd}; SACK recovery starts with pipe = {flightsize} outstanding − {threshold} = {new.pipe} and sends only while pipe < cwnd.',
    source:
      'RFC 9438 §4.6 (multiplicative decrease, β_cubic = 0.7), §4.7 (fast convergence); Fall & Floyd 1996 §5 (SACK recovery)',
    significant: true,
  },
});

/** CUBIC's own per-sender record (RFC 9438 §4.1.2 variables), segments and seconds. */
export interface CubicState {
  /** W_max: cwnd just before the last reduction, lowered by fast convergence; 0 = none yet. */
  wMax: number;
  /** K: time the cubic function takes to grow from cwnd_epoch back to W_max, s. */
  k: number;
  /** t_epoch: start of the current congestion-avoidance stage, s; −1 = none (starts at the next ACK). */
  epochStart: number;
  /** cwnd_epoch: cwnd at t_epoch. */
  cwndEpoch: number;
  /** W_est: Reno's window estimate for the Reno-friendly region. */
  wEst: number;
  /** cwnd_prior: cwnd when ssthresh was last set (α_cubic becomes 1 once W_est reaches it). */
  cwndPrior: number;
}

/** RFC 9438 eq. 1: W_cubic(t) = C·(t − K)³ + W_max, segments (t in s since t_epoch). */
export function wCubic(c: Pick<CubicState, 'k' | 'wMax'>, t: number): number {
  const d = t - c.k;
  return CUBIC_C * d * d * d + c.wMax;
}

/** RFC 9438 eq. 2: K = ∛((W_max − cwnd_epoch)/C), s (cbrt from libm.ts: the same bits everywhere). */
export function cubicK(wMax: number, cwndEpoch: number): number {
  return cbrt((wMax - cwndEpoch) / CUBIC_C);
}

/**
 * Start a congestion-avoidance stage at the first ACK in it (RFC 9438 §4.2): t_epoch = now,
 * cwnd_epoch = cwnd, W_est = cwnd; K from W_max, or K = 0 and W_max = cwnd when cwnd is already
 * at or above W_max (no loss yet, or after a timeout, §4.8).
 */
function startEpoch(s: TcpState, c: CubicState): void {
  c.epochStart = s.now;
  c.cwndEpoch = s.cwnd;
  c.wEst = s.cwnd;
  if (c.wMax > s.cwnd) {
    c.k = cubicK(c.wMax, s.cwnd);
  } else {
    c.k = 0;
    c.wMax = s.cwnd;
  }
}

/**
 * CUBIC's window (RFC 9438): slow start while cwnd ≤ ssthresh (§4.10); above it, per ACK, W_est
 * grows as Reno would and cwnd follows the larger of W_est (§4.3) and the cubic target
 * W_cubic(t + RTT) clamped to [cwnd, 1.5·cwnd] (§4.4, §4.5). A loss sets ssthresh =
 * max(β·FlightSize, 2) and cwnd = ssthresh (§4.6), W_max by fast convergence (§4.7); an RTO
 * sets the same ssthresh and cwnd = 1, and the next stage starts with K = 0 (§4.8). One segment
 * is acknowledged per ACK (no ABC). ns-2.35 has no CUBIC of its own: both rule sets use these ops.
 */
export const cubicOps: CongestionOps<CubicState> = {
  id: 'cubic',
  cutRule: R['cubic.fast-retransmit'],
  init: () => ({ wMax: 0, k: 0, epochStart: -1, cwndEpoch: 0, wEst: 0, cwndPrior: 0 }),
  grow(s, c): Growth {
    // RFC 9438 §4.10: slow start while cwnd ≤ ssthresh (Reno's ops switch at cwnd < ssthresh).
    if (s.cwnd <= s.ssthresh)
      return { cwnd: s.cwnd + 1, rule: 'tcp.slow-start', phase: 'slow-start' };
    if (c.epochStart < 0) startEpoch(s, c);
    const t = s.now - c.epochStart;
    c.wEst += (c.wEst >= c.cwndPrior ? 1 : CUBIC_ALPHA) / s.cwnd;
    const phase = 'congestion-avoidance';
    if (wCubic(c, t) < c.wEst) {
      return { cwnd: Math.max(s.cwnd, c.wEst), rule: R['cubic.reno-friendly'], phase };
    }
    let target = wCubic(c, t + s.srttS);
    if (target < s.cwnd) target = s.cwnd;
    else if (target > 1.5 * s.cwnd) target = 1.5 * s.cwnd;
    const rule = s.cwnd < c.wMax ? R['cubic.concave'] : R['cubic.convex'];
    return { cwnd: s.cwnd + (target - s.cwnd) / s.cwnd, rule, phase };
  },
  cut(s, c) {
    c.wMax = s.cwnd < c.wMax ? (s.cwnd * (1 + CUBIC_BETA)) / 2 : s.cwnd;
    c.cwndPrior = s.cwnd;
    c.epochStart = -1;
    const ssthresh = Math.max(flightSize(s) * CUBIC_BETA, 2);
    return { ssthresh, cwnd: ssthresh };
  },
  rto(s, c) {
    c.cwndPrior = s.cwnd;
    c.epochStart = -1;
    c.wMax = 0; // §4.8: the next stage starts with K = 0 and W_max = cwnd_epoch
    return { ssthresh: Math.max(flightSize(s) * CUBIC_BETA, 2), cwnd: 1 };
  },
  exit: (s) => s.ssthresh,
};

/**
 * TCP CUBIC (RFC 9438) with SACK recovery: the cubic window of `cubicOps` over the same SACK
 * scoreboard and pipe rules as SACK TCP (tcp/variants/sack.ts). This file and one line of the
 * registry (tcp/variants/index.ts) are all a new variant needs.
 */
export const cubic = defineTcpVariant({
  id: 'cubic',
  meta: {
    label: 'CUBIC TCP',
    name: 'CUBIC',
    color: '#56B4E9',
    dash: '6 2 1 2',
    frtx: 3,
    frtxSource: 'RFC 5681 §3.2 (RFC 9438 §4.9 keeps it)',
  },
  congestion: { ns2: cubicOps, rfc: cubicOps },
  ...SACK_RECOVERY,
});
