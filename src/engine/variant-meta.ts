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
