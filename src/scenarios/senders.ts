/**
 * The sender variants a scenario can name: ids, labels and the defaults that depend on the
 * sender, all read from the variant registry (variants.ts).
 */
import type { Protocol, SenderId } from '../engine';
import { VARIANTS, findVariant, variantInfo } from './variants';

/** Every sender id, TCP first, in the order a picker lists them. */
export const SENDER_IDS: readonly SenderId[] = VARIANTS.map((v) => v.id);

/** Display names (the papers' spelling). */
export const SENDER_LABELS: Readonly<Record<SenderId, string>> = Object.fromEntries(
  VARIANTS.map((v) => [v.id, v.label]),
) as Record<SenderId, string>;

export function isSenderId(s: string): s is SenderId {
  return findVariant(s) !== undefined;
}

/** The transport protocol of a sender: 'tcp', 'sctp' or 'udp'. */
export function protocolOf(sender: SenderId): Protocol {
  return variantInfo(sender).protocol;
}

/**
 * Duplicate ACKs / missing reports that trigger fast retransmit when the scenario leaves `frtx`
 * to the sender: 3 for TCP (RFC 2581 §3.2); 4 for Original and New-Reno SCTP (RFC 2960 §7.2.4,
 * Caro et al. 2003 §2.1); 3 for RFC 4960 SCTP (RFC 4960 §7.2.4). See VariantInfo.frtxSource.
 */
export function defaultFrtx(sender: SenderId): number {
  return variantInfo(sender).frtx;
}

/** The fast-retransmit threshold a flow with this sender uses: the scenario's frtx, or the sender default. */
export function effectiveFrtx(sender: SenderId, frtx: number | null): number {
  return frtx ?? defaultFrtx(sender);
}
