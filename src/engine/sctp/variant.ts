import type { SctpSenderId } from '../sender-ids';
import type { SctpCongestionOps } from './congestion';
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
  /**
   * Its window rules as congestion ops over a path (congestion.ts): growth, the cuts of a fast
   * retransmit and a T3-rtx expiry, cwnd validation when idle — where RFC 2960, New-Reno SCTP
   * and RFC 4960 differ in the ssthresh floor and in whether cwnd = ssthresh is slow start.
   */
  readonly congestion: SctpCongestionOps;
  /** Defaults a scenario should use for this variant (the engine itself reads FlowConfig). */
  readonly defaults: {
    /** Missing reports that trigger fast retransmit (FlowConfig.dupackThreshold). */
    readonly missingReports: number;
    /** Initial cwnd in bytes for a given MTU (data chunk size). */
    initialCwndBytes(mtu: number): number;
  };
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
