/**
 * The static layer of a time plot: axes, bands and lines, and the marks — one glyph per mark, or
 * when the marks are too dense to tell apart, their aggregate (density.ts) with the distinct
 * marks on top. Drawn on offscreen canvases (composited by the cursor layer) or as SVG, plus
 * the pixel positions and quadtree used for hover.
 */
import { quadtree, select, type Quadtree, type Selection } from 'd3';
import { marksOfPacket, type PointMarks } from '../marks';
import { MarkKind, METRICS, RETX_RING } from '../palette';
import type { PacketRef, Theme } from '../types';
import { drawAxes, type AxisSpec } from './axes';
import { drawRateLabelsSvg } from './rateLabels';
import {
  drawRangeCanvas,
  drawRangeSvg,
  drawRateCanvas,
  drawRateSvg,
  fmtSpan,
  isCrowded,
  rangeBins,
  rateBins,
  rateStripY,
  thinMarks,
  rateYDomain,
  type AggregateSpec,
  type RangeBins,
  type RateBins,
} from './density';
import { makeFrame, type Frame, type XAxisMode } from './frame';
import type { LabelBox, PickIndex } from './pick';
import {
  drawLinesCanvas,
  drawLinesSvg,
  drawMarksCanvas,
  drawMarksSvg,
  markColor,
  markSize,
  markY,
  placeLabels,
  type BandSpec,
  type LineSpec,
  type MarkLayer,
} from './layers';

/** What a time plot draws statically (TimePlotSpec's drawing part). */
export interface StaticSpec extends AxisSpec {
  yDomain: [number, number];
  yDomainFor?: (x: [number, number]) => [number, number];
  layer: MarkLayer & { aggregate?: AggregateSpec };
  lines: LineSpec[];
  bands: BandSpec[];
}

/** How the marks are drawn at this size and zoom: one by one (null), or aggregated. */
export interface Aggregation {
  spec: AggregateSpec;
  rate: RateBins | null;
  /** The layer the distinct marks are drawn with (rate plots put them on edge strips). */
  layer: MarkLayer;
  /** Axis while aggregated (rate plots count marks on y). */
  axis: AxisSpec;
  yDomain: [number, number] | null;
}

/** Decide, for a plot area `plotWidth` wide, whether to aggregate (and prepare the rate bins). */
export function planAggregation(
  spec: StaticSpec,
  xDomain: [number, number],
  plotWidth: number,
): Aggregation | null {
  const agg = spec.layer.aggregate;
  const m = spec.layer.marks;
  if (!agg || plotWidth <= 0 || !isCrowded(m, xDomain, plotWidth)) return null;
  if (agg.mode === 'range')
    return { spec: agg, rate: null, layer: spec.layer, axis: spec, yDomain: null };
  const rate = rateBins(m, agg, xDomain, plotWidth);
  const slot = new Map(rate.flows.map((f, k) => [f, k]));
  const what = agg.countLabel ?? 'marks';
  const span = fmtSpan(rate.binS);
  return {
    spec: agg,
    rate,
    layer: {
      ...spec.layer,
      yPx: (i, f) =>
        rateStripY(
          slot.get(agg.group ? (agg.group[m.flow[i]!] ?? -1) : m.flow[i]!) ?? 0,
          f,
          rate.flows.length,
        ),
    },
    axis: {
      xLabel: spec.xLabel,
      yLabel: `${what} per ${span}`,
      yLabelShort: `per ${span}`,
      yTickFormat: (v) => String(Math.abs(v)),
    },
    yDomain: rateYDomain(rate),
  };
}

/** The frame of a plot: its scales, with the aggregation's y domain when it has one. */
export function plotFrame(
  spec: StaticSpec,
  agg: Aggregation | null,
  w: number,
  h: number,
  theme: Theme,
  xDomain: [number, number],
  xAxis: XAxisMode = 'full',
): Frame {
  const y = agg?.yDomain ?? spec.yDomainFor?.(xDomain) ?? spec.yDomain;
  return makeFrame(w, h, theme, xDomain, y, xAxis);
}

export interface CanvasLayers {
  lines: HTMLCanvasElement;
  marks: HTMLCanvasElement;
  dpr: number;
}

export interface Static {
  frame: Frame;
  /** The layer marks are drawn with (positions of distinct marks when aggregated). */
  layer: MarkLayer;
  /** The labels drawn, with their boxes (a label is part of its mark for the pointer). */
  labels: Map<number, LabelBox>;
  px: Float32Array;
  py: Float32Array;
  quad: Quadtree<number>;
  canvas: CanvasLayers | null;
  agg: Aggregation | null;
  range: RangeBins | null;
  /** Marks drawn one by one (every mark unless aggregated). */
  drawn: (i: number) => boolean;
  /** What the pointer picks (hover, click): pick.ts. */
  pick: PickIndex;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

export interface StaticTargets {
  axes: SVGGElement;
  lines: SVGGElement;
  marks: SVGGElement;
  /** The visible canvas (canvas rendering), sized here. */
  canvas: HTMLCanvasElement | null;
  /** Offscreen canvases of the previous drawing, reused. */
  prev: CanvasLayers | null;
}

/** Draw the static layer and index the marks for hover. */
export function drawStatic(
  spec: StaticSpec,
  agg: Aggregation | null,
  frame: Frame,
  t: StaticTargets,
  size: { w: number; h: number },
): Static {
  drawAxes(select(t.axes), frame, agg?.axis ?? spec);
  const marks: PointMarks = spec.layer.marks;
  const layer = agg?.layer ?? spec.layer;
  const distinct = agg?.spec.distinct;
  const drawn = distinct ? distinct : () => true;
  const [t0, t1] = frame.x.domain() as [number, number];
  const pad = (t1 - t0) * 0.02;
  const px = new Float32Array(marks.n);
  const py = new Float32Array(marks.n);
  const visible: number[] = [];
  // frame.x as one multiply-add (hundreds of thousands of marks on a long run).
  const [d0, d1] = frame.x.domain() as [number, number];
  const [r0, r1] = frame.x.range() as [number, number];
  const kx = d1 !== d0 ? (r1 - r0) / (d1 - d0) : 0;
  for (let i = 0; i < marks.n; i++) {
    const tm = marks.t[i]!;
    px[i] = r0 + (tm - d0) * kx;
    if (tm < t0 - pad || tm > t1 + pad || !drawn(i)) continue;
    py[i] = markY(layer, i, frame);
    visible.push(i);
  }
  const quad = quadtree<number>()
    .x((i) => px[i]!)
    .y((i) => py[i]!)
    .addAll(visible);
  const labels = placeLabels(layer, frame);
  if (distinct) for (const i of [...labels.keys()]) if (!distinct(i)) labels.delete(i);
  // Aggregated rate plot: the rows of drops thinned to one glyph per kind and cell.
  const shown = agg?.rate
    ? thinMarks(visible, px, py, (i) => marks.kind[i]!, METRICS[frame.theme].markPx * 2 + 2)
    : visible;
  const range =
    agg && agg.spec.mode === 'range'
      ? rangeBins(marks, agg.spec, frame, yOf(layer, frame), (i) => markColor(marks, i))
      : null;
  const lg = select(t.lines);
  const mg = select(t.marks);
  lg.selectAll('*').remove();
  mg.selectAll('*').remove();
  let canvas: CanvasLayers | null = null;
  const { w, h } = size;
  if (t.canvas) {
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const mk = (c?: HTMLCanvasElement) => c ?? document.createElement('canvas');
    const lines = mk(t.prev?.lines);
    const mcv = mk(t.prev?.marks);
    for (const c of [lines, mcv, t.canvas]) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const { plot } = frame;
    const drawMarks = (ctx: CanvasRenderingContext2D) => {
      if (agg?.rate) drawRateCanvas(ctx, agg.rate, frame);
      if (range) drawRangeCanvas(ctx, range, frame);
      drawMarksCanvas(ctx, layer, frame, distinct ? shown : undefined, labels);
    };
    for (const [c, draw] of [
      [
        lines,
        (ctx: CanvasRenderingContext2D) => drawLinesCanvas(ctx, spec.bands, spec.lines, frame),
      ],
      [mcv, drawMarks],
    ] as const) {
      const ctx = c.getContext('2d');
      if (!ctx) continue;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      ctx.save();
      ctx.beginPath();
      ctx.rect(plot.left - 1, plot.top - 1, plot.width + 2, plot.height + 2);
      ctx.clip();
      draw(ctx);
      ctx.restore();
    }
    canvas = { lines, marks: mcv, dpr };
  } else {
    drawLinesSvg(lg, spec.bands, spec.lines, frame);
    if (agg?.rate) drawRateSvg(mg as G, agg.rate, frame);
    if (range) drawRangeSvg(mg as G, range, frame);
    drawMarksSvg(mg, layer, shown, frame, { labels });
  }
  // The rate plot's row names: SVG over the bars in either renderer (rateLabels.ts).
  if (agg?.rate) drawRateLabelsSvg(mg as G, agg.rate, agg.spec, frame);
  const pick = pickIndex(layer, frame, labels, px, py, quad);
  return { frame, layer, labels, px, py, quad, canvas, agg, range, drawn, pick };
}

/** ACK marks: a data mark drawn under the same pointer wins over them (pick.ts). */
const ACK_KINDS: ReadonlySet<number> = new Set([
  MarkKind.ackAtRouter,
  MarkKind.ackAtSender,
  MarkKind.dupack,
  MarkKind.sack,
]);

/** The pointer's view of the marks drawn: centres, glyph extents, label boxes, ACK or data. */
export function pickIndex(
  layer: MarkLayer,
  frame: Frame,
  labels: ReadonlyMap<number, LabelBox>,
  px: ArrayLike<number>,
  py: ArrayLike<number>,
  quad: Quadtree<number>,
): PickIndex {
  const m = layer.marks;
  const ringHalf = (METRICS[frame.theme].markPx * RETX_RING.scale) / 2;
  return {
    quad,
    px,
    py,
    labels,
    half: (i) => Math.max(markSize(m, i, frame.theme) / 2, layer.ring?.(i) ? ringHalf : 0),
    isAck: (i) => ACK_KINDS.has(m.kind[i]!),
  };
}

/** Pixel y of each mark: the layer's own, or frame.y as one multiply-add. */
function yOf(layer: MarkLayer, frame: Frame): (i: number) => number {
  if (layer.yPx) return (i) => markY(layer, i, frame);
  const [d0, d1] = frame.y.domain() as [number, number];
  const [r0, r1] = frame.y.range() as [number, number];
  const ky = d1 !== d0 ? (r1 - r0) / (d1 - d0) : 0;
  const ys = layer.marks.y;
  return (i) => r0 + (ys[i]! - d0) * ky;
}

/** The marks of a packet that are drawn one by one (for the hover halo). */
export function drawnMarksOfPacket(st: Static, marks: PointMarks, ref: PacketRef | null): number[] {
  const all = marksOfPacket(marks, ref);
  return st.agg ? all.filter((i) => st.drawn(i)) : all;
}

/** Hit radius of hover, px. */
export function hitRadius(theme: Theme): number {
  return Math.max(METRICS[theme].hitPx, METRICS[theme].markPx);
}
