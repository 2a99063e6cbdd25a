import type { SctpSenderId } from '../sender-ids';
import type { VariantMeta } from '../variant-meta';

/**
 * An SCTP sender variant: plain data plus a few override functions, plugged into the sender
 * shell (sender.ts). The shell implements RFC 2960 as ns-2.35's sctp.cc does; a variant only
 * says which of the rules that differ between Original SCTP, New-Reno SCTP (Caro et al. §2.2),
 * New-Reno SCTP* (§5) and RFC 4960 apply. Its identity (`id`, `meta`: names, compare colour and
 * dash, fast-retransmit threshold) lives here too; the registry list in variants.ts gives the
 * engine's SCTP sender ids and the app's entries.
 */
export interface SctpVariant<Id extends SctpSenderId = SctpSenderId> {
  readonly id: Id;
  /** How the variant presents itself outside the engine (src/scenarios/variants.ts). */
  readonly meta: VariantMeta;
  /**
   * New-Reno fast recovery (Caro et al. §2.2, RFC 4960 §7.2.4): a fast retransmit records
   * `recover` (the highest outstanding TSN); further fast retransmits before the Cumulative TSN
   * Ack reaches it do not cut cwnd, and cwnd does not grow until it does. Without it (RFC 2960)
   * every fast retransmit halves cwnd and every new cumulative ack may grow it.
   */
  readonly fastRecovery: boolean;
  /**
   * Modified HTNA (Caro et al. §2.2): in fast recovery, a SACK that advances the Cumulative TSN
   * Ack counts a missing report for every TSN below the highest TSN it reports. Without it, only
   * TSNs below the highest TSN newly acked get one (RFC 2960 §7.2.4 with the Implementer's Guide).
   */
  readonly modifiedHtna: boolean;
  /** Floor of ssthresh after a loss, in MTUs: RFC 2960 §7.2.3 says 2, RFC 4960 (and ns-2.35) 4. */
  readonly ssthreshFloorMtus: number;
  /**
   * Whether cwnd == ssthresh is slow start (RFC 2960 §7.2.1: slow start while cwnd ≤ ssthresh)
   * or congestion avoidance (New-Reno SCTP*, Caro et al. §5, to match ns-2 TCP).
   */
  readonly slowStartAtEqual: boolean;
  /** Defaults a scenario should use for this variant (the engine itself reads FlowConfig). */
  readonly defaults: {
    /** Missing reports that trigger fast retransmit (FlowConfig.dupackThreshold). */
    readonly missingReports: number;
    /** Initial cwnd in bytes for a given MTU (data chunk size). */
    initialCwndBytes(mtu: number): number;
  };
  /** ssthresh after a loss (fast retransmit, timeout, idle degrade), bytes. */
  ssthreshAfterLoss?(cwnd: number, mtu: number): number;
}

/** Type a variant object (keeps its literal id, checks the rest). */
export function defineSctpVariant<const Id extends SctpSenderId>(
  v: SctpVariant<Id>,
): SctpVariant<Id> {
  return v;
}

/** RFC 4960 §7.2.1 initial cwnd: min(4·MTU, max(2·MTU, 4380 bytes)). */
export function rfc4960InitialCwnd(mtu: number): number {
  return Math.min(4 * mtu, Math.max(2 * mtu, 4380));
}

/** ssthresh = max(cwnd/2, floor·MTU), integer bytes as ns-2 computes it (RFC 2960 §7.2.3). */
export function halvedSsthresh(v: SctpVariant, cwnd: number, mtu: number): number {
  if (v.ssthreshAfterLoss) return v.ssthreshAfterLoss(cwnd, mtu);
  return Math.max(Math.trunc(cwnd / 2), v.ssthreshFloorMtus * mtu);
}

/** Slow start (true) or congestion avoidance (false) for the given window (RFC 2960 §7.2.1–2). */
export function inSlowStart(v: SctpVariant, cwnd: number, ssthresh: number): boolean {
  return v.slowStartAtEqual ? cwnd <= ssthresh : cwnd < ssthresh;
}
