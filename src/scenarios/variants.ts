/**
 * The variant registry: one entry per sender variant with everything that identifies it outside
 * the engine — id, protocol, names, the compare-mode colour and dash, and the defaults that
 * depend on the variant. The picker, the labels, the legends, compare mode and the scenario
 * defaults all read this table; the engine's protocol logic lives in src/engine/tcp/variants/
 * and src/engine/sctp/variants.ts. Adding a variant = an engine variant + one entry here (the
 * entry table is a Record over the engine's sender ids, so a missing entry does not compile).
 */
import { SCTP_SENDERS, TCP_SENDERS, isTcpSender, type SenderId } from '../engine';

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

/** Every engine sender id must have an entry: the Record type makes a missing one an error. */
const ENTRIES: Record<SenderId, Omit<VariantInfo, 'id' | 'protocol'>> = {
  tahoe: {
    label: 'Tahoe TCP',
    name: 'Tahoe',
    color: '#A56A00',
    dash: '2 4',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
  },
  reno: {
    label: 'Reno TCP',
    name: 'Reno',
    color: '#0072B2',
    dash: '',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
  },
  newreno: {
    label: 'NewReno TCP',
    name: 'NewReno',
    color: '#D55E00',
    dash: '9 4',
    frtx: 3,
    frtxSource: 'RFC 2582 §3',
  },
  sack: {
    label: 'SACK TCP',
    name: 'SACK',
    color: '#009E73',
    dash: '3 3',
    frtx: 3,
    frtxSource: 'RFC 2018, Fall & Floyd §5',
  },
  fack: {
    label: 'FACK TCP',
    name: 'FACK',
    color: '#CC79A7',
    dash: '12 3 3 3',
    frtx: 3,
    frtxSource: 'Mathis & Mahdavi 1996',
  },
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
export const VARIANTS: readonly VariantInfo[] = [...TCP_SENDERS, ...SCTP_SENDERS].map((id) => ({
  id,
  protocol: isTcpSender(id) ? 'tcp' : 'sctp',
  ...ENTRIES[id],
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
