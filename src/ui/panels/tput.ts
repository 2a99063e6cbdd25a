/**
 * Throughput against time (Alamgir et al. Fig. 4): each flow's and the total throughput per bin,
 * from the metrics module's bins (payload bytes first sent per bin, retransmissions excluded),
 * merged into wider bins for the screen. Pure and DOM-free: nothing here is computed from the
 * protocol, only summed and divided.
 */
import type { ThroughputBins } from '../deps/metrics';
import type { SeriesPoint } from './cwnd';

/** Bin widths offered, seconds (the metrics' own 0.1 s bins merged). */
export const BIN_CHOICES_S = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100] as const;

/** Aim for at most this many bins across the run when the width is chosen automatically. */
export const TARGET_BINS = 250;

export interface TputSeries {
  /** 0-based flow id. */
  flow: number;
  /** bits/s per merged bin, step-after from the bin's start. */
  points: SeriesPoint[];
}

export interface TputModel {
  /** Width of a merged bin, seconds (the last one may be narrower). */
  binS: number;
  /** How many of the metrics' bins make one merged bin. */
  factor: number;
  flows: TputSeries[];
  /** All flows together, bits/s per merged bin. */
  total: SeriesPoint[];
  /** Largest value of any series, bits/s. */
  max: number;
}

/** How many source bins of width `baseS` make one of `wantS` (at least 1). */
export function mergeFactor(baseS: number, wantS: number): number {
  return Math.max(1, Math.round(wantS / baseS));
}

/** The smallest offered width that gives at most TARGET_BINS bins over `durationS`. */
export function autoBinS(baseS: number, durationS: number): number {
  for (const w of BIN_CHOICES_S) if (w >= baseS - 1e-12 && durationS / w <= TARGET_BINS) return w;
  return BIN_CHOICES_S[BIN_CHOICES_S.length - 1]!;
}

/** Offered widths for a run: from the metrics' own to about half the run. */
export function binChoices(baseS: number, durationS: number): number[] {
  const out = BIN_CHOICES_S.filter(
    (w) => w >= baseS - 1e-12 && w <= Math.max(baseS, durationS / 2),
  );
  return out.length ? out : [baseS];
}

/**
 * Merge `factor` source bins into one: bits/s = bytes · 8 / the merged bin's width (the last
 * source bin is `lastBinS` wide). Returns the step points (t = the merged bin's start).
 */
export function mergeBins(
  bytes: ArrayLike<number>,
  baseS: number,
  lastBinS: number,
  factor: number,
): SeriesPoint[] {
  const n = bytes.length;
  const out: SeriesPoint[] = [];
  for (let a = 0; a < n; a += factor) {
    const b = Math.min(n, a + factor);
    let sum = 0;
    for (let k = a; k < b; k++) sum += bytes[k]!;
    const width = (b - a - (b === n ? 1 : 0)) * baseS + (b === n ? lastBinS : 0);
    out.push({ t: a * baseS, v: width > 0 ? (sum * 8) / width : 0 });
  }
  return out;
}

/** The model for `binS`-wide bins (rounded to a whole number of the metrics' bins). */
export function tputModel(bins: ThroughputBins, binS: number): TputModel {
  const factor = mergeFactor(bins.binS, binS);
  const flows = bins.flows.map((b, flow) => ({
    flow,
    points: mergeBins(b, bins.binS, bins.lastBinS, factor),
  }));
  const total = mergeBins(bins.total, bins.binS, bins.lastBinS, factor);
  let max = 0;
  for (const p of total) if (p.v > max) max = p.v;
  return { binS: factor * bins.binS, factor, flows, total, max };
}

/** bits/s in a readable unit: "1.23 Mb/s", "640 kb/s", "12 b/s". */
export function fmtRate(bps: number): string {
  if (bps >= 1e6) return `${(bps / 1e6).toFixed(bps >= 1e7 ? 1 : 2)} Mb/s`;
  if (bps >= 1e3) return `${(bps / 1e3).toFixed(bps >= 1e5 ? 0 : 1)} kb/s`;
  return `${bps.toFixed(0)} b/s`;
}

/** The unit a throughput axis reads in, for values up to `max` bits/s. */
export function rateUnit(max: number): { div: number; label: string } {
  return max >= 1e6 ? { div: 1e6, label: 'Mb/s' } : { div: 1e3, label: 'kb/s' };
}

/** A line of the throughput plot: one flow, or the sum of a class's shown flows. */
export interface TputLine {
  key: string;
  /** Style index (palette flowStyle): the flow id, or the class index. */
  style: number;
  label: string;
  points: SeriesPoint[];
}

/** Each group's line: its flows' throughputs added bin by bin. */
export function groupLines(
  model: TputModel,
  groups: readonly { key: string; style: number; label: string; flows: readonly number[] }[],
): TputLine[] {
  const byFlow = new Map(model.flows.map((s) => [s.flow, s.points]));
  return groups.map((g) => {
    const parts = g.flows.map((f) => byFlow.get(f)).filter((p): p is SeriesPoint[] => !!p);
    const first = parts[0] ?? [];
    const points = first.map((p, b) => {
      let v = 0;
      for (const q of parts) v += q[b]?.v ?? 0;
      return { t: p.t, v };
    });
    return { key: g.key, style: g.style, label: g.label, points };
  });
}
