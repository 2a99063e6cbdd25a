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

export function firstDivergence(traces: readonly Trace[]): Divergence | null {
  if (traces.length < 2) return null;
  const rows = traces.map((t) => routerRows(t) as unknown as Record<string, unknown>[]);
  const base = rows[0] as Record<string, unknown>[];
  let best: Divergence | null = null;
  for (let k = 1; k < rows.length; k++) {
    const other = rows[k] as Record<string, unknown>[];
    const n = Math.min(base.length, other.length);
    let i = 0;
    while (i < n && key(base[i] as Record<string, unknown>) === key(other[i] as Record<string, unknown>)) i++;
    if (i === base.length && i === other.length) continue;
    const ta = Number((base[i] as { time?: unknown } | undefined)?.time ?? Infinity);
    const tb = Number((other[i] as { time?: unknown } | undefined)?.time ?? Infinity);
    const time = Math.min(ta, tb);
    if (!best || i < best.row) best = { row: i, time };
  }
  return best;
}

/** Fixed colour and dash per sender (Okabe–Ito), so a sender looks the same everywhere. */
export const SENDER_STYLE: Record<string, { color: string; dash: string; name: string }> = {
  tahoe: { color: '#E69F00', dash: '2 4', name: 'Tahoe' },
  reno: { color: '#0072B2', dash: '', name: 'Reno' },
  newreno: { color: '#D55E00', dash: '9 4', name: 'NewReno' },
  sack: { color: '#009E73', dash: '3 3', name: 'SACK' },
  fack: { color: '#CC79A7', dash: '12 3 3 3', name: 'FACK' },
};

export function senderStyle(id: string) {
  return SENDER_STYLE[id] ?? { color: '#56B4E9', dash: '1 3', name: id };
}
