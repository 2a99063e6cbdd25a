/**
 * Marks a pixel cannot separate, aggregated. When the typical pixel column of a plot holds more
 * than CROWDED_MEDIAN marks (a long run seen whole), drawing every glyph gives a solid block;
 * instead the plot draws, per bin of BIN_PX pixels:
 * - 'rate' (router plot): how many marks of each flow fall in the bin, as bars — flow 1 up from
 *   the axis, flow 2 down from it, each in its flow colour; three or more flows stacked, flow 1
 *   at the bottom, in legend order — so the bottleneck's share over time reads at a glance;
 * - 'range' (time–sequence plot): for each mark colour, the y extent of the bin's marks as one
 *   bar, so the sequence line and the ACK ticks read as lines.
 * Marks that must stay visible on their own (drops, retransmissions, labelled marks) are still
 * drawn as glyphs on top. A short run never comes near the threshold, so it looks as before.
 * Pure functions over the marks, plus their SVG / canvas drawing.
 */
import type { Selection } from 'd3';
import type { TooltipEntry } from '../describe';
import type { LegendItem } from '../Legend';
import type { PointMarks } from '../marks';
import { flowStyle, MARK_STYLES, METRICS, PALETTE, type ColorKey, type MarkKind } from '../palette';
import { lowerBound, upperBound } from '../bisect';
import type { Theme } from '../types';
import type { Frame } from './frame';

/** Aggregate when the median occupied pixel column holds more marks than this. */
export const CROWDED_MEDIAN = 16;
/** Width of one bin, CSS pixels. */
export const BIN_PX = 2;

export interface AggregateSpec {
  mode: 'rate' | 'range';
  /** Marks still drawn as glyphs when aggregated (drops, retransmissions, labelled marks). */
  distinct: (i: number) => boolean;
  /** rate: the marks counted (e.g. departures on the bottleneck). */
  counted?: (i: number) => boolean;
  /** rate: the flows, in order: the first drawn up from the axis, the second down (3+: stacked). */
  flows?: number[];
  /**
   * rate: count each mark under its flow's group (index = flow id → an entry of `flows`, e.g. its
   * class index when many flows are drawn by class); default the flow itself.
   */
  group?: Int32Array;
  flowLabel?: (flow: number) => string;
  /** rate: what is counted, for the axis and tooltip ("departures"). */
  countLabel?: string;
  /** rate: what the distinct marks are, counted per flow beside its name ("drops"). */
  distinctLabel?: string;
  /** Legend while aggregated (default: the plot's own). */
  legend?: (theme: Theme) => LegendItem[];
  /** Appended to the plot title while aggregated ("zoom in for single packets"). */
  note?: string;
}

/** Median number of marks per occupied pixel column over the time range shown. */
export function medianColumnCount(
  m: PointMarks,
  xDomain: [number, number],
  plotWidth: number,
): number {
  const [x0, x1] = xDomain;
  const w = Math.max(1, Math.round(plotWidth));
  if (!(x1 > x0) || m.n === 0) return 0;
  const a = lowerBound(m.t, x0);
  const b = upperBound(m.t, x1);
  const cols = new Uint32Array(w + 1);
  const k = w / (x1 - x0);
  for (let i = a; i < b; i++) cols[Math.floor((m.t[i]! - x0) * k)]!++;
  const occupied: number[] = [];
  for (const c of cols) if (c > 0) occupied.push(c);
  if (occupied.length === 0) return 0;
  occupied.sort((p, q) => p - q);
  return occupied[occupied.length >> 1]!;
}

/** Whether the marks are too dense to draw one by one at this width. */
export function isCrowded(m: PointMarks, xDomain: [number, number], plotWidth: number): boolean {
  return medianColumnCount(m, xDomain, plotWidth) > CROWDED_MEDIAN;
}

// ------------------------------------------------------------------ rate

export interface RateBins {
  /** Time of the left edge of bin 0 (= the x domain start) and the width of a bin, seconds. */
  x0: number;
  binS: number;
  binPx: number;
  n: number;
  flows: number[];
  /** Counts per flow (same order as `flows`), one entry per bin. */
  counts: Uint32Array[];
  /** Largest count of any flow in any bin. */
  max: number;
  /** Largest count of all flows together in any bin (the top of a stacked plot). */
  maxTotal: number;
  /** Distinct marks (drops) of each flow in the x domain, same order as `flows`. */
  distinct: number[];
}

/** Whether a rate plot stacks its flows (three or more) rather than drawing them up / down. */
export function stacked(bins: { flows: readonly number[] }): boolean {
  return bins.flows.length > 2;
}

export function rateBins(
  m: PointMarks,
  spec: AggregateSpec,
  xDomain: [number, number],
  plotWidth: number,
): RateBins {
  const [x0, x1] = xDomain;
  const n = Math.max(1, Math.ceil(plotWidth / BIN_PX));
  const binS = ((x1 - x0) * BIN_PX) / Math.max(1, plotWidth);
  const flows = spec.flows ?? [...new Set(Array.from(m.flow))].sort((a, b) => a - b);
  const counts = flows.map(() => new Uint32Array(n));
  const slot = new Map(flows.map((f, k) => [f, k]));
  const a = lowerBound(m.t, x0);
  const b = upperBound(m.t, x1);
  let max = 0;
  let maxTotal = 0;
  const totals = new Uint32Array(n);
  const distinct = flows.map(() => 0);
  const g = spec.group;
  const keyOf = (i: number) => (g ? (g[m.flow[i]!] ?? -1) : m.flow[i]!);
  for (let i = a; i < b; i++) {
    if (spec.distinct(i)) {
      const k = slot.get(keyOf(i));
      if (k !== undefined) distinct[k]!++;
    }
    if (spec.counted && !spec.counted(i)) continue;
    const k = slot.get(keyOf(i));
    if (k === undefined) continue;
    const bin = Math.min(n - 1, Math.floor((m.t[i]! - x0) / binS));
    const c = ++counts[k]![bin]!;
    if (c > max) max = c;
    const t = ++totals[bin]!;
    if (t > maxTotal) maxTotal = t;
  }
  return { x0, binS, binPx: BIN_PX, n, flows, counts, max, maxTotal, distinct };
}

/**
 * The distinct marks of an aggregated plot that are drawn: per kind and row, each at least
 * `cellPx` from the one before it (indices in time order), so a row of hundreds of drops reads as a row of separate glyphs
 * (gaps where none fell) instead of one overlapping chain; the count is written beside the
 * flow's name. Rarer kinds come last (drawn on top), so 7 overflow drops among 458 random ones
 * stay visible. `px` / `py` are the marks' pixel positions; the order within a kind is kept.
 */
export function thinMarks(
  indices: readonly number[],
  px: ArrayLike<number>,
  py: ArrayLike<number>,
  kind: (i: number) => number,
  cellPx: number,
): number[] {
  // Per kind and row, the x of the last glyph kept: the next one at least a cell further on.
  const last = new Map<string, number>();
  const byKind = new Map<number, number[]>();
  const total = new Map<number, number>();
  const cell = Math.max(1, cellPx);
  for (const i of indices) {
    const k = kind(i);
    total.set(k, (total.get(k) ?? 0) + 1);
    const key = `${k}|${Math.round(py[i]!)}`;
    const prev = last.get(key);
    if (prev !== undefined && Math.abs(px[i]! - prev) < cell) continue;
    last.set(key, px[i]!);
    const list = byKind.get(k);
    if (list) list.push(i);
    else byKind.set(k, [i]);
  }
  return [...byKind.keys()]
    .sort((p, q) => total.get(q)! - total.get(p)! || p - q)
    .flatMap((k) => byKind.get(k)!);
}

/**
 * y domain of a rate plot: counts up (one flow), up and down (two) or stacked (three or more),
 * with headroom for drops.
 */
export function rateYDomain(bins: RateBins): [number, number] {
  if (stacked(bins)) return [0, Math.max(4, bins.maxTotal) * 1.3];
  const top = Math.max(4, bins.max) * 1.3;
  return bins.flows.length === 2 ? [-top, top] : [0, top];
}

/** "0.77 s", "12 ms": the width of a bin in words. */
export function fmtSpan(s: number): string {
  if (s >= 1) return `${s.toFixed(s >= 10 ? 0 : 2)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toFixed(s >= 0.01 ? 0 : 1)} ms`;
  return `${(s * 1e6).toFixed(0)} µs`;
}

/**
 * Pixel y of a distinct mark of flow slot k in a rate plot: a strip along the outer edge (the
 * bottom one for the second of two flows, drawn downwards; the top one otherwise).
 */
export function rateStripY(k: number, f: Frame, flowCount = 2): number {
  const mt = METRICS[f.theme];
  const inset = mt.markPx * 1.3 + 1;
  return k === 1 && flowCount === 2 ? f.plot.top + f.plot.height - inset : f.plot.top + inset;
}

/** Colour key of flow `flow` (0-based trace id): the same in every panel (palette flowStyle). */
export function flowColor(flow: number): ColorKey {
  return flowStyle(flow).color;
}

function rateRects(
  bins: RateBins,
  f: Frame,
): { k: number; x: number; y: number; w: number; h: number }[] {
  const out: { k: number; x: number; y: number; w: number; h: number }[] = [];
  const y0 = f.y(0);
  const left = f.plot.left;
  if (stacked(bins)) {
    // Flow 1 at the bottom, each next flow on top of the ones before it.
    const base = new Uint32Array(bins.n);
    bins.flows.forEach((_, k) => {
      const c = bins.counts[k]!;
      for (let b = 0; b < bins.n; b++) {
        const v = c[b]!;
        if (v === 0) continue;
        const lo = f.y(base[b]!);
        const hi = f.y(base[b]! + v);
        base[b] = base[b]! + v;
        out.push({ k, x: left + b * bins.binPx, y: hi, w: bins.binPx, h: lo - hi });
      }
    });
    return out;
  }
  bins.flows.forEach((_, k) => {
    const c = bins.counts[k]!;
    const down = k === 1 && bins.flows.length === 2;
    for (let b = 0; b < bins.n; b++) {
      const v = c[b]!;
      if (v === 0) continue;
      const y = f.y(down ? -v : v);
      out.push({
        k,
        x: left + b * bins.binPx,
        y: Math.min(y, y0),
        w: bins.binPx,
        h: Math.abs(y - y0),
      });
    }
  });
  return out;
}

/** Draw a rate plot's bars on a canvas (the flow names: rateLabels.ts, in SVG). */
export function drawRateCanvas(ctx: CanvasRenderingContext2D, bins: RateBins, f: Frame): void {
  const c = PALETTE[f.theme];
  const rects = rateRects(bins, f);
  for (let k = 0; k < bins.flows.length; k++) {
    ctx.fillStyle = c[flowColor(bins.flows[k]!)];
    ctx.beginPath();
    for (const r of rects) if (r.k === k) ctx.rect(r.x, r.y, r.w, r.h);
    ctx.fill();
  }
  if (bins.flows.length === 2) {
    ctx.strokeStyle = c.fg;
    ctx.lineWidth = 1;
    ctx.beginPath();
    const y = Math.round(f.y(0)) + 0.5;
    ctx.moveTo(f.plot.left, y);
    ctx.lineTo(f.plot.left + f.plot.width, y);
    ctx.stroke();
  }
}

type G = Selection<SVGGElement, unknown, null, undefined>;

/** Draw a rate plot's bars as SVG (the flow names: rateLabels.ts). */
export function drawRateSvg(g: G, bins: RateBins, f: Frame): void {
  const c = PALETTE[f.theme];
  const rects = rateRects(bins, f);
  for (let k = 0; k < bins.flows.length; k++) {
    // One path per flow keeps the DOM small.
    const d = rects
      .filter((r) => r.k === k)
      .map((r) => `M${r.x},${r.y}h${r.w}v${r.h}h${-r.w}Z`)
      .join('');
    g.append('path')
      .attr('class', 'ackp-rate')
      .attr('data-flow', bins.flows[k]!)
      .attr('d', d)
      .attr('fill', c[flowColor(bins.flows[k]!)]);
  }
  if (bins.flows.length === 2) {
    const y = Math.round(f.y(0)) + 0.5;
    g.append('line')
      .attr('x1', f.plot.left)
      .attr('x2', f.plot.left + f.plot.width)
      .attr('y1', y)
      .attr('y2', y)
      .attr('stroke', c.fg)
      .attr('stroke-width', 1);
  }
}

/** Tooltip of the bin under time t. */
export function describeRateBin(
  bins: RateBins,
  spec: AggregateSpec,
  t: number,
): TooltipEntry | null {
  const b = Math.floor((t - bins.x0) / bins.binS);
  if (b < 0 || b >= bins.n) return null;
  const t0 = bins.x0 + b * bins.binS;
  const what = spec.countLabel ?? 'marks';
  const lines = bins.flows.map(
    (flow, k) =>
      `${flowStyle(flow).symbol} ${spec.flowLabel?.(flow) ?? `flow ${flow + 1}`}: ${bins.counts[k]![b]} ${what}`,
  );
  if (stacked(bins)) {
    let total = 0;
    for (const c of bins.counts) total += c[b]!;
    lines.push(`all flows: ${total} ${what}`);
  }
  return { title: `${t0.toFixed(2)}–${(t0 + bins.binS).toFixed(2)} s`, lines };
}

// ------------------------------------------------------------------ range

export interface RangeBins {
  binPx: number;
  n: number;
  /** One entry per colour drawn: the top and bottom pixel of its marks in each bin (NaN = none). */
  classes: { color: ColorKey; lo: Float32Array; hi: Float32Array }[];
}

/**
 * Per bin and mark colour, the pixel extent of the (non-distinct) marks, each mark counted with
 * its glyph's height. `yPx(i)` is the mark's pixel y.
 */
export function rangeBins(
  m: PointMarks,
  spec: AggregateSpec,
  f: Frame,
  yPx: (i: number) => number,
  color: (i: number) => ColorKey,
): RangeBins {
  const [x0, x1] = f.x.domain() as [number, number];
  const n = Math.max(1, Math.ceil(f.plot.width / BIN_PX));
  const k = f.plot.width / Math.max(1e-12, x1 - x0) / BIN_PX;
  const mt = METRICS[f.theme];
  const classes: { color: ColorKey; lo: Float32Array; hi: Float32Array }[] = [];
  // Per (kind, retx): the class index (-1: not drawn, -2: not seen yet) and half the glyph height.
  const classOf = new Int16Array(64).fill(-2);
  const halfOf = new Float32Array(64);
  const a = lowerBound(m.t, x0);
  const b = upperBound(m.t, x1);
  for (let i = a; i < b; i++) {
    if (spec.distinct(i)) continue;
    const key = (m.kind[i]! << 1) | (m.retx[i] ? 1 : 0);
    let c = classOf[key]!;
    if (c === -2) {
      const style = MARK_STYLES[m.kind[i] as MarkKind];
      // No glyph: ACKs at the sender are the staircase line.
      if (style.glyph === 0) c = -1;
      else {
        const col = color(i);
        c = classes.findIndex((x) => x.color === col);
        if (c < 0) {
          c = classes.length;
          classes.push({
            color: col,
            lo: new Float32Array(n).fill(NaN),
            hi: new Float32Array(n).fill(NaN),
          });
        }
        halfOf[key] = (mt.markPx * style.scale) / 2;
      }
      classOf[key] = c;
    }
    if (c < 0) continue;
    const cls = classes[c]!;
    const bin = Math.min(n - 1, Math.floor((m.t[i]! - x0) * k));
    const half = halfOf[key]!;
    const y = yPx(i);
    const lo = cls.lo[bin]!;
    const hi = cls.hi[bin]!;
    if (Number.isNaN(lo) || y - half < lo) cls.lo[bin] = y - half;
    if (Number.isNaN(hi) || y + half > hi) cls.hi[bin] = y + half;
  }
  // Data under ACK ticks under SACK bars, as the glyph plot layers them.
  const order: ColorKey[] = ['data', 'retx', 'ack', 'sack'];
  classes.sort((p, q) => order.indexOf(p.color) - order.indexOf(q.color));
  return { binPx: BIN_PX, n, classes };
}

function rangeRects(bins: RangeBins, f: Frame, cls: RangeBins['classes'][number]) {
  const out: { x: number; y: number; w: number; h: number }[] = [];
  for (let b = 0; b < bins.n; b++) {
    const lo = cls.lo[b]!;
    if (Number.isNaN(lo)) continue;
    const hi = cls.hi[b]!;
    out.push({ x: f.plot.left + b * bins.binPx, y: lo, w: bins.binPx, h: Math.max(1.5, hi - lo) });
  }
  return out;
}

export function drawRangeCanvas(ctx: CanvasRenderingContext2D, bins: RangeBins, f: Frame): void {
  const c = PALETTE[f.theme];
  for (const cls of bins.classes) {
    ctx.fillStyle = c[cls.color];
    ctx.beginPath();
    for (const r of rangeRects(bins, f, cls)) ctx.rect(r.x, r.y, r.w, r.h);
    ctx.fill();
  }
}

export function drawRangeSvg(g: G, bins: RangeBins, f: Frame): void {
  const c = PALETTE[f.theme];
  for (const cls of bins.classes) {
    const d = rangeRects(bins, f, cls)
      .map((r) => `M${r.x},${r.y}h${r.w}v${r.h}h${-r.w}Z`)
      .join('');
    g.append('path').attr('class', 'ackp-range').attr('d', d).attr('fill', c[cls.color]);
  }
}
