/**
 * How a sender variant presents itself outside the engine: names, its compare-mode line style,
 * and its fast-retransmit threshold. Kept beside the variant's rules (tcp/variants/*.ts,
 * sctp/variants.ts) so a variant's identity lives in one place; src/scenarios/variants.ts
 * builds the app's registry from these.
 */
export interface VariantMeta {
  /** Display name in the papers' spelling, e.g. 'NewReno TCP'. */
  readonly label: string;
  /** Short name for legends and log rows, e.g. 'NewReno'. */
  readonly name: string;
  /** Colour (Okabe–Ito hex, or a CSS variable) and SVG dash of its lines in compare mode. */
  readonly color: string;
  readonly dash: string;
  /**
   * Duplicate ACKs / missing reports that trigger fast retransmit when the scenario leaves
   * `frtx` to the sender, and where that number comes from.
   */
  readonly frtx: number;
  readonly frtxSource: string;
  /**
   * Fast recovery inflates the window beside cwnd (ns-2 dupwnd_: Reno, NewReno), where RFC 5681
   * §3.2 writes the same packets into cwnd (ssthresh + 3·SMSS). Absent: cwnd is never inflated.
   */
  readonly windowInflation?: boolean;
}

/**
 * How a sender's loss recovery works, as readers of a trace need to know it (the explanation
 * log, predict mode, the pcap writer): `go-back-n` (Tahoe: cwnd = 1 and resend from the
 * cumulative ACK), `reno` (fast recovery ends on the first new ACK), `newreno` (partial ACKs
 * keep it; RFC 6582), `sack` (the scoreboard and pipe of RFC 6675 / ns-2 Sack1: outside
 * recovery it sends only on a new ACK), `fack` (Mathis & Mahdavi 1996), `sctp-2960` (every fast
 * retransmit cuts, RFC 2960 §7.2.4), `sctp-newreno` (a recover point: Caro et al. 2003 §2.2,
 * RFC 4960 §7.2.4), `none` (UDP).
 */
export type RecoveryFamily =
  'go-back-n' | 'reno' | 'newreno' | 'sack' | 'fack' | 'sctp-2960' | 'sctp-newreno' | 'none';

/**
 * A sender's traits: what its descriptor says about it that code outside its variant file may
 * ask (senders.ts `senderTraits`), instead of matching its id.
 */
export interface SenderTraits {
  readonly protocol: 'tcp' | 'sctp' | 'udp';
  /** The receiver reports out-of-order data: TCP SACK blocks (RFC 2018), SCTP Gap Ack Blocks. */
  readonly sackReceiver: boolean;
  /** Unit of cwnd and ssthresh inside the sender: packets (TCP), bytes (SCTP), none (UDP). */
  readonly cwndUnit: 'packets' | 'bytes' | 'none';
  readonly recovery: RecoveryFamily;
  /** Fast recovery inflates the window beside cwnd (VariantMeta.windowInflation). */
  readonly windowInflation: boolean;
  /** Duplicate ACKs / missing reports that trigger fast retransmit by default (VariantMeta.frtx). */
  readonly frtx: number;
}
