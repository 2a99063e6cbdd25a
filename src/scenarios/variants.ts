/**
 * The variant registry: one entry per sender variant with everything that identifies it outside
 * the engine — id, protocol, names, the compare-mode colour and dash, and the defaults that
 * depend on the variant. The picker, the labels, the legends, compare mode and the scenario
 * defaults all read this table; the engine's protocol logic lives in src/engine/tcp/variants/
 * and src/engine/sctp/variants.ts. Adding a variant = an engine variant + one entry here (a
 * test checks that every engine sender id has one).
 */
import { SCTP_SENDERS, TCP_SENDERS, type SenderId } from '../engine';

export interface VariantInfo {
  id: SenderId;
  protocol: 'tcp' | 'sctp';
  /** Display name in the papers' spelling, e.g. 'NewReno TCP'. */
  label: string;
  /** Short name for legends and log rows, e.g. 'NewReno'. */
  name: string;
  /** Colour (Okabe–Ito hex, or a CSS variable) and SVG dash of its lines in compare mode. */
  color: string;
  dash: string;
  /**
   * Duplicate ACKs / missing reports that trigger fast retransmit when the scenario leaves
   * `frtx` to the sender, and where that number comes from.
   */
  frtx: number;
  frtxSource: string;
}

const ENTRIES: readonly VariantInfo[] = [
  {
    id: 'tahoe',
    protocol: 'tcp',
    label: 'Tahoe TCP',
    name: 'Tahoe',
    color: '#A56A00',
    dash: '2 4',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
  },
  {
    id: 'reno',
    protocol: 'tcp',
    label: 'Reno TCP',
    name: 'Reno',
    color: '#0072B2',
    dash: '',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
  },
  {
    id: 'newreno',
    protocol: 'tcp',
    label: 'NewReno TCP',
    name: 'NewReno',
    color: '#D55E00',
    dash: '9 4',
    frtx: 3,
    frtxSource: 'RFC 2582 §3',
  },
  {
    id: 'sack',
    protocol: 'tcp',
    label: 'SACK TCP',
    name: 'SACK',
    color: '#009E73',
    dash: '3 3',
    frtx: 3,
    frtxSource: 'RFC 2018, Fall & Floyd §5',
  },
  {
    id: 'fack',
    protocol: 'tcp',
    label: 'FACK TCP',
    name: 'FACK',
    color: '#CC79A7',
    dash: '12 3 3 3',
    frtx: 3,
    frtxSource: 'Mathis & Mahdavi 1996',
  },
  // SCTP variants reuse the palette with their own dashes (and are always labelled).
  {
    id: 'sctp-2960',
    protocol: 'sctp',
    label: 'Original SCTP (RFC 2960)',
    name: 'SCTP (RFC 2960)',
    color: 'var(--fg)',
    dash: '1 3',
    frtx: 4,
    frtxSource: 'RFC 2960 §7.2.4',
  },
  {
    id: 'sctp-newreno',
    protocol: 'sctp',
    label: 'New-Reno SCTP',
    name: 'New-Reno SCTP',
    color: '#CC79A7',
    dash: '8 3',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1',
  },
  {
    id: 'sctp-newreno-ca',
    protocol: 'sctp',
    label: 'New-Reno SCTP* (CA at cwnd = ssthresh)',
    name: 'New-Reno SCTP*',
    color: '#0072B2',
    dash: '2 2 8 2',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1, §5',
  },
  {
    id: 'sctp-4960',
    protocol: 'sctp',
    label: 'SCTP (RFC 4960)',
    name: 'SCTP (RFC 4960)',
    color: '#009E73',
    dash: '10 3 2 3 2 3',
    frtx: 3,
    frtxSource: 'RFC 4960 §7.2.4',
  },
];

/** Every variant, TCP first, in picker order. */
export const VARIANTS: readonly VariantInfo[] = ENTRIES;

const BY_ID = new Map<string, VariantInfo>(ENTRIES.map((v) => [v.id, v]));

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

/** Engine sender ids without an entry (must be none; checked by a test). */
export function unregisteredSenders(): SenderId[] {
  return [...TCP_SENDERS, ...SCTP_SENDERS].filter((id) => !BY_ID.has(id));
}
