import type { FlowConfig } from '../config';
import { cmtHalvedSsthresh } from './cmt';

/** The rule set (FlowConfig.rules; rules.ts SctpRules). */
type SctpRules = NonNullable<FlowConfig['rules']>;

/** The rules a growth names (reasons.ts: codes of the `sctp.*` catalog). */
export type GrowthRule =
  | 'sctp.slow-start'
  | 'sctp.window-not-full'
  | 'sctp.congestion-avoidance-increase'
  | 'sctp.congestion-avoidance';

/**
 * SCTP congestion ops over one path's window (RFC 4960 §7.2: cwnd, ssthresh and
 * partial_bytes_acked are kept per destination): the same shape as TCP's congestion ops
 * (tcp/congestion.ts, ns-3 TcpCongestionOps) — small functions that read the path and return new
 * values. A variant carries its ops (`SctpVariant.congestion`); the SACK, fast-retransmit and
 * T3-rtx code ask them and write what they return through `applyGrowth` / `applyCut` /
 * `applyDegrade` below, the only writers of a path's cwnd and ssthresh after the association's
 * start. Units: bytes.
 */

/** A path's window as the ops read it, bytes. */
export interface PathWindow {
  readonly cwnd: number;
  readonly ssthresh: number;
  /** partial_bytes_acked (RFC 2960 §7.2.2). */
  readonly partialBytesAcked: number;
  /** Bytes this SACK newly acknowledges on the path (cumulatively or in Gap Ack Blocks). */
  readonly newlyAckedBytes: number;
}

/** A window increase: cwnd, partial_bytes_acked and the rule that applied. */
export interface PathGrowth {
  cwnd: number;
  partialBytesAcked: number;
  rule: GrowthRule;
}

/** A window cut: ssthresh and cwnd (partial_bytes_acked is cleared), bytes. */
export interface PathCut {
  ssthresh: number;
  cwnd: number;
}

export interface SctpCongestionOps {
  readonly id: string;
  /** Slow start (true) or congestion avoidance for this window (RFC 2960 §7.2.1–2). */
  inSlowStart(p: PathWindow): boolean;
  /**
   * The window after a SACK that advances the Cumulative TSN Ack, `flight` being the bytes in
   * flight before it as the rule set counts them (rules.ts flightOf); ns-2 AdjustCwnd.
   */
  grow(p: PathWindow, mtu: number, flight: number): PathGrowth;
  /** The cut of a fast retransmit (RFC 2960 §7.2.3, §7.2.4 step 2). */
  fastRetransmit(p: PathWindow, mtu: number): PathCut;
  /** The cut of a T3-rtx expiry (RFC 4960 §6.3.3 E1, §7.2.3); null: the window is left alone. */
  t3(p: PathWindow, mtu: number, rules: SctpRules): PathCut | null;
  /** cwnd after an RTO of idleness (RFC 2960 §7.2.1 cwnd validation; ns-2 CwndDegradeTimer). */
  degrade(p: PathWindow, mtu: number): number;
}

/** The parameters in which RFC 2960, New-Reno SCTP (Caro et al. 2003) and RFC 4960 differ. */
export interface SctpWindowParams {
  /** Floor of ssthresh after a loss, in MTUs: RFC 2960 §7.2.3 says 2, RFC 4960 (and ns-2.35) 4. */
  readonly ssthreshFloorMtus: number;
  /**
   * Whether cwnd == ssthresh is slow start (RFC 2960 §7.2.1: slow start while cwnd ≤ ssthresh)
   * or congestion avoidance (New-Reno SCTP*, Caro et al. §5, to match ns-2 TCP).
   */
  readonly slowStartAtEqual: boolean;
}

/**
 * SCTP's window (RFC 2960 / RFC 4960 §7.2, ns-2.35 sctp.cc AdjustCwnd, FastRtx, Timeout,
 * CwndDegradeTimer) with a variant's parameters: slow start adds min(newly acked, MTU) when the
 * full cwnd was in use; congestion avoidance adds one MTU once partial_bytes_acked reaches cwnd
 * with the full cwnd in use; a loss sets ssthresh = max(⌊cwnd/2⌋, floor·MTU) and cwnd =
 * ssthresh (fast retransmit) or 1 MTU (T3-rtx; ns-2 leaves a window of ≤ 1 MTU alone).
 */
export function sctpWindowOps(id: string, w: SctpWindowParams): SctpCongestionOps {
  const halved = (cwnd: number, mtu: number) =>
    Math.max(Math.trunc(cwnd / 2), w.ssthreshFloorMtus * mtu);
  const inSlowStart = (p: PathWindow) =>
    w.slowStartAtEqual ? p.cwnd <= p.ssthresh : p.cwnd < p.ssthresh;
  return {
    id,
    inSlowStart,
    grow(p, mtu, flight) {
      const pba = p.partialBytesAcked;
      if (inSlowStart(p)) {
        if (flight >= p.cwnd)
          return {
            cwnd: p.cwnd + Math.min(p.newlyAckedBytes, mtu),
            partialBytesAcked: pba,
            rule: 'sctp.slow-start',
          };
        return { cwnd: p.cwnd, partialBytesAcked: pba, rule: 'sctp.window-not-full' };
      }
      if (pba >= p.cwnd && flight >= p.cwnd)
        return {
          cwnd: p.cwnd + mtu,
          partialBytesAcked: p.cwnd <= pba ? pba - p.cwnd : 0,
          rule: 'sctp.congestion-avoidance-increase',
        };
      return { cwnd: p.cwnd, partialBytesAcked: pba, rule: 'sctp.congestion-avoidance' };
    },
    fastRetransmit(p, mtu) {
      const ssthresh = halved(p.cwnd, mtu);
      return { ssthresh, cwnd: ssthresh };
    },
    t3(p, mtu, rules) {
      if (rules === 'ns2' && p.cwnd <= mtu) return null;
      return { ssthresh: halved(p.cwnd, mtu), cwnd: mtu };
    },
    degrade: (p, mtu) => halved(p.cwnd, mtu),
  };
}

/**
 * A variant's ops at a CMT sender (ns-2 SctpCMTAgent; FlowConfig.cmt): its growth and idle
 * rule, but losses cut to max(⌊cwnd/2⌋, 2·MTU), and a T3-rtx expiry cuts also when cwnd is
 * already 1 MTU (Agent/SCTP leaves it then).
 */
export function cmtOps(base: SctpCongestionOps): SctpCongestionOps {
  const halved = cmtHalvedSsthresh;
  return {
    ...base,
    id: `${base.id}+cmt`,
    fastRetransmit(p, mtu) {
      const ssthresh = halved(p.cwnd, mtu);
      return { ssthresh, cwnd: ssthresh };
    },
    t3: (p, mtu) => ({ ssthresh: halved(p.cwnd, mtu), cwnd: mtu }),
  };
}

/** A path whose window the ops' results are written to. */
interface MutablePathWindow {
  cwnd: number;
  ssthresh: number;
  partialBytesAcked: number;
}

/** Write a growth the ops returned. */
export function applyGrowth(p: MutablePathWindow, g: PathGrowth): void {
  p.cwnd = g.cwnd;
  p.partialBytesAcked = g.partialBytesAcked;
}

/** Write a cut the ops returned; partial_bytes_acked starts again from 0 (RFC 4960 §7.2.2). */
export function applyCut(p: MutablePathWindow, c: PathCut): void {
  p.ssthresh = c.ssthresh;
  p.cwnd = c.cwnd;
  p.partialBytesAcked = 0;
}

/** Write the idle cwnd the ops returned. */
export function applyDegrade(p: MutablePathWindow, cwnd: number): void {
  p.cwnd = cwnd;
}
