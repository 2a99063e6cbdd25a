/** First point where compared runs differ: the first index where their router rows differ. */
import type { Trace } from '../../engine';
import { routerRows } from '../deps/outputs';

export interface Divergence {
  /** Row index into routerRows. */
  row: number;
  /** Time of the first differing row (the earlier of the two). */
  time: number;
}

const key = (r: Record<string, unknown>) => JSON.stringify(r);

type Rows = Record<string, unknown>[];

function divergeRows(a: Rows, b: Rows): Divergence | null {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && key(a[i] as Record<string, unknown>) === key(b[i] as Record<string, unknown>)) i++;
  if (i === a.length && i === b.length) return null;
  const ta = Number((a[i] as { time?: unknown } | undefined)?.time ?? Infinity);
  const tb = Number((b[i] as { time?: unknown } | undefined)?.time ?? Infinity);
  return { row: i, time: Math.min(ta, tb) };
}

/**
 * For each trace after the first: where it first differs from the first trace (null when
 * identical). Index 0 is always null.
 */
export function divergences(traces: readonly Trace[]): (Divergence | null)[] {
  const rows = traces.map((t) => routerRows(t) as unknown as Rows);
  const base = rows[0] ?? [];
  return rows.map((r, k) => (k === 0 ? null : divergeRows(base, r)));
}

/** The earliest point where any compared trace differs from the first. */
export function firstDivergence(traces: readonly Trace[]): Divergence | null {
  let best: Divergence | null = null;
  for (const d of divergences(traces)) if (d && (!best || d.row < best.row)) best = d;
  return best;
}

/** Fixed colour and dash per sender (Okabe–Ito), so a sender looks the same everywhere. */
export const SENDER_STYLE: Record<string, { color: string; dash: string; name: string }> = {
  tahoe: { color: '#A56A00', dash: '2 4', name: 'Tahoe' },
  reno: { color: '#0072B2', dash: '', name: 'Reno' },
  newreno: { color: '#D55E00', dash: '9 4', name: 'NewReno' },
  sack: { color: '#009E73', dash: '3 3', name: 'SACK' },
  fack: { color: '#CC79A7', dash: '12 3 3 3', name: 'FACK' },
  // SCTP variants reuse the palette with their own dashes (and are always labelled).
  'sctp-2960': { color: 'var(--fg)', dash: '1 3', name: 'SCTP (RFC 2960)' },
  'sctp-newreno': { color: '#CC79A7', dash: '8 3', name: 'New-Reno SCTP' },
  'sctp-newreno-ca': { color: '#0072B2', dash: '2 2 8 2', name: 'New-Reno SCTP*' },
  'sctp-4960': { color: '#009E73', dash: '10 3 2 3 2 3', name: 'SCTP (RFC 4960)' },
};

export function senderStyle(id: string) {
  return SENDER_STYLE[id] ?? { color: '#56B4E9', dash: '1 3', name: id };
}
