/**
 * The variant registry: one entry per sender variant with everything that identifies it outside
 * the engine — id, protocol, names, the compare-mode colour and dash, and the defaults that
 * depend on the variant. The picker, the labels, the legends, compare mode and the scenario
 * defaults all read this table. A TCP variant's entry comes from its engine file
 * (src/engine/tcp/variants/, `meta`), so adding one is that file plus a line in the engine's
 * registry; SCTP entries are listed below (a Record over the SCTP ids, so a missing one does not
 * compile).
 */
import {
  SCTP_SENDERS,
  TCP_VARIANT_LIST,
  type SctpSenderId,
  type SenderId,
  type VariantMeta,
} from '../engine';

/** A variant's registry entry: its id and protocol, and its names, colours and threshold. */
export interface VariantInfo extends VariantMeta {
  id: SenderId;
  protocol: 'tcp' | 'sctp';
}

/**
 * TCP variants carry their identity in their engine file (TcpVariant.meta); SCTP variants are
 * listed here. The Record type makes a missing SCTP entry a compile error.
 */
const SCTP_ENTRIES: Record<SctpSenderId, VariantMeta> = {
  // SCTP variants reuse the palette with their own dashes (and are always labelled).
  'sctp-2960': {
    label: 'Original SCTP (RFC 2960)',
    name: 'SCTP (RFC 2960)',
    color: 'var(--fg)',
    dash: '1 3',
    frtx: 4,
    frtxSource: 'RFC 2960 §7.2.4',
  },
  'sctp-newreno': {
    label: 'New-Reno SCTP',
    name: 'New-Reno SCTP',
    color: '#CC79A7',
    dash: '8 3',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1',
  },
  'sctp-newreno-ca': {
    label: 'New-Reno SCTP* (CA at cwnd = ssthresh)',
    name: 'New-Reno SCTP*',
    color: '#0072B2',
    dash: '2 2 8 2',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1, §5',
  },
  'sctp-4960': {
    label: 'SCTP (RFC 4960)',
    name: 'SCTP (RFC 4960)',
    color: '#009E73',
    dash: '10 3 2 3 2 3',
    frtx: 3,
    frtxSource: 'RFC 4960 §7.2.4',
  },
};

/** Every variant, TCP first, in picker order (the engine's TCP_SENDERS, then SCTP_SENDERS). */
export const VARIANTS: readonly VariantInfo[] = [
  ...TCP_VARIANT_LIST.map((v): VariantInfo => ({ id: v.id, protocol: 'tcp', ...v.meta })),
  ...SCTP_SENDERS.map((id): VariantInfo => ({ id, protocol: 'sctp', ...SCTP_ENTRIES[id] })),
];

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
