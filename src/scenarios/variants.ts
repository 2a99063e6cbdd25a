/**
 * The variant registry: one entry per sender variant with everything that identifies it outside
 * the engine — id, protocol, names, the compare-mode colour and dash, and the defaults that
 * depend on the variant. The picker, the labels, the legends, compare mode and the scenario
 * defaults all read this table. Every entry comes from the variant's engine file (`meta` of
 * src/engine/tcp/variants/*.ts, src/engine/sctp/variants.ts and src/engine/udp/variant.ts), in the
 * order of the engine's sender ids (src/engine/sender-ids.ts), so adding a variant is its engine
 * file plus a line in its registry and one in the id list.
 */
import { SENDERS, type Protocol, type SenderId, type VariantMeta } from '../engine';

/** A variant's registry entry: its id and protocol, and its names, colours and threshold. */
export interface VariantInfo extends VariantMeta {
  id: SenderId;
  protocol: Protocol;
}

/**
 * Every variant, TCP first, in picker order (the engine's SENDERS: TCP, SCTP, then UDP, which
 * has no congestion control; frtx 0 means it never retransmits).
 */
export const VARIANTS: readonly VariantInfo[] = SENDERS.map((d): VariantInfo => ({
  id: d.id,
  protocol: d.protocol,
  ...d.meta,
}));

const BY_ID = new Map<string, VariantInfo>(VARIANTS.map((v) => [v.id, v]));

/** The registry entry of a sender id. @throws Error for an id with no entry. */
export function variantInfo(id: SenderId): VariantInfo {
  const v = BY_ID.get(id);
  if (!v) throw new Error(`no variant registered for sender '${id}'`);
  return v;
}

/** The entry of any string, or undefined (for text from outside, e.g. a URL or a trace file). */
export function findVariant(id: string): VariantInfo | undefined {
  return BY_ID.get(id);
}
