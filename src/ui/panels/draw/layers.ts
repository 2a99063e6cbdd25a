/**
 * Static layers of a time plot (phase bands, lines, point marks), drawn either as SVG (small
 * traces, crisp export) or on a canvas (large traces), plus the past/future compositing used
 * when the cursor moves. Pure drawing functions over D3 selections / canvas contexts.
 */
import { path as d3path, type Selection } from 'd3';
import { glyphPaint, glyphPath, glyphStrokeScale, type PathSink } from '../glyphs';
import { pathIndexOf, styleIndexOf, type PointMarks } from '../marks';
import { pathStyle } from '../pathStyle';
import { seriesLength } from '../series';
import {
  flowStyle,
  Glyph,
  MARK_STYLES,
  METRICS,
  MarkKind,
  PALETTE,
  RETX_RING,
  type ColorKey,
  type Glyph as GlyphId,
} from '../palette';
import type { Theme } from '../types';
import { FONT_FAMILY } from './axes';
import type { Frame } from './frame';
import type { LabelBox } from './pick';

type G = Selection<SVGGElement, unknown, null, undefined>;

import type { BandSpec, LineSpec } from './lines';

export type { BandSpec, LineSpec };

export interface MarkLayer {
  marks: PointMarks;
  /** Pixel y of mark i (default: frame.y(marks.y[i])). */
  yPx?: (i: number, f: Frame) => number;
  /** Marks with a retransmission ring. */
  ring?: (i: number) => boolean;
}

// ------------------------------------------------------------------ mark styling

/** Path-event marks drawn in their path's colour (pathStyle). */
const PATH_COLORED: ReadonlySet<number> = new Set([
  MarkKind.pathHeartbeat,
  MarkKind.pathHbTimeout,
  MarkKind.pathT3,
]);

/** Marks always drawn in their flow's colour (flowStyle). */
const FLOW_OWN: ReadonlySet<number> = new Set([
  MarkKind.flowMarker,
  MarkKind.delivery,
  MarkKind.deliveryUnordered,
  MarkKind.rateSample,
  MarkKind.rateSampleAppLimited,
  MarkKind.rttSample,
]);

/** Packet kinds that take their flow's colour when the marks are `byFlow`. */
const FLOW_COLORED: ReadonlySet<number> = new Set([
  MarkKind.arrival,
  MarkKind.departure,
  MarkKind.ackAtRouter,
]);

/**
 * Colour key of mark i: retransmitted router packets turn vermillion; a flow marker, and with
 * `byFlow` a packet mark, takes its flow's colour; every other mark its kind's.
 */
export function markColor(m: PointMarks, i: number): ColorKey {
  const k = m.kind[i] as MarkKind;
  if (m.retx[i] && (k === MarkKind.arrival || k === MarkKind.departure)) return 'retx';
  if (FLOW_OWN.has(k)) return flowStyle(m.flow[i]!).color;
  if (PATH_COLORED.has(k)) return pathStyle(Math.max(0, pathIndexOf(m, i))).color;
  // A data segment sent on a non-primary path takes its path's colour (and glyph).
  if (k === MarkKind.segment && pathIndexOf(m, i) > 0) return pathStyle(pathIndexOf(m, i)).color;
  if (m.byFlow && FLOW_COLORED.has(k)) return flowStyle(styleIndexOf(m, i)).color;
  return MARK_STYLES[k].color;
}

/**
 * Glyph of mark i: its kind's; a flow marker's is its flow's, and so is an arrival's when the
 * marks are `byFlow` (several flows in the router plot: ● flow 1, ■ flow 2, ▲ flow 3 …, so the
 * flows differ in shape as well as colour; departures □ and ACKs ○ keep their kind's glyph).
 */
export function markGlyph(m: PointMarks, i: number): GlyphId {
  const k = m.kind[i] as MarkKind;
  if (k === MarkKind.flowMarker) return flowStyle(m.flow[i]!).glyph;
  // A packet of a multi-homed association on a non-primary path: its path's glyph.
  const p = pathIndexOf(m, i);
  if (p > 0) {
    const ps = pathStyle(p);
    if (k === MarkKind.arrival) return ps.arrival;
    if (k === MarkKind.departure) return ps.departure;
    if (k === MarkKind.ackAtRouter) return ps.ack;
    if (k === MarkKind.segment || k === MarkKind.segmentRetx) return ps.segment;
  }
  if (m.byFlow && k === MarkKind.arrival) return flowStyle(styleIndexOf(m, i)).glyph;
  return MARK_STYLES[k].glyph;
}

export function markSize(m: PointMarks, i: number, theme: Theme): number {
  return METRICS[theme].markPx * MARK_STYLES[m.kind[i] as MarkKind].scale;
}

export function markY(layer: MarkLayer, i: number, f: Frame): number {
  return layer.yPx ? layer.yPx(i, f) : f.y(layer.marks.y[i]!);
}

/** Pixel height of one unit on the y axis (segments span one packet). */
function unitSpan(f: Frame): number {
  const [a] = f.y.domain();
  return Math.abs(f.y(a!) - f.y(a! + 1));
}

function traceGlyph(
  ctx: PathSink,
  layer: MarkLayer,
  i: number,
  f: Frame,
  x: number,
  y: number,
  sizeScale = 1,
): void {
  const m = layer.marks;
  glyphPath(ctx, markGlyph(m, i), x, y, markSize(m, i, f.theme) * sizeScale, unitSpan(f));
}

function labelColor(m: PointMarks, i: number, theme: Theme): string {
  const c = PALETTE[theme];
  const k = m.kind[i] as MarkKind;
  if (k === MarkKind.dupack) return c.fg;
  if (k === MarkKind.departure || k === MarkKind.segmentRetx || k === MarkKind.timeout)
    return c.retxText;
  return c.fg;
}

/** Where a mark's text label goes (right of the mark, slightly up). */
function labelPos(
  layer: MarkLayer,
  i: number,
  f: Frame,
  x: number,
  y: number,
): [number, number, string] {
  const m = layer.marks;
  const k = m.kind[i] as MarkKind;
  const s = markSize(m, i, f.theme);
  const fs = METRICS[f.theme].tickFontPx;
  // Above the tick and any SACK bar on the same ACK.
  if (k === MarkKind.dupack) return [x, y - s * 2.05 - 3, 'middle'];
  if (k === MarkKind.timeout) return [x + s * 0.7, y + fs * 0.35, 'start'];
  if (k === MarkKind.segmentRetx) return [x + s * 0.6 + 3, y + fs * 0.3, 'start'];
  return [x + (s * RETX_RING.scale) / 2 / 1.75 + 2, y - s * 0.55, 'start'];
}

// ------------------------------------------------------------------ SVG

/** The box a mark's text label takes, [left, top, width, height] px (where labelPos puts it). */
export function labelBox(layer: MarkLayer, i: number, f: Frame): LabelBox {
  const label = layer.marks.labels.get(i) ?? '';
  const fs = METRICS[f.theme].tickFontPx;
  const [lx, ly, anchor] = labelPos(layer, i, f, f.x(layer.marks.t[i]!), markY(layer, i, f));
  const w = fs * 0.62 * label.length + 1;
  return [anchor === 'middle' ? lx - w / 2 : lx, ly - fs * 0.8, w, fs * 0.9];
}

/**
 * The labelled marks whose labels fit, with their boxes: a label is skipped when it would
 * overlap one drawn just before it (dense overviews), so "R" and "3" stay readable. The boxes
 * also make a label part of its mark for the pointer (pick.ts).
 */
export function placeLabels(layer: MarkLayer, f: Frame): Map<number, LabelBox> {
  const m = layer.marks;
  // Placed label boxes in a coarse grid, so crowded overviews stay linear.
  const cell = 48;
  const grid = new Map<string, LabelBox[]>();
  const cellsOf = (b: LabelBox) => {
    const keys: string[] = [];
    for (let cx = Math.floor(b[0] / cell); cx <= Math.floor((b[0] + b[2]) / cell); cx++)
      for (let cy = Math.floor(b[1] / cell); cy <= Math.floor((b[1] + b[3]) / cell); cy++)
        keys.push(`${cx},${cy}`);
    return keys;
  };
  const out = new Map<number, LabelBox>();
  const [t0, t1] = f.x.domain() as [number, number];
  // Retransmission "R" labels first: they win over duplicate-ACK counts when crowded.
  const rank = (i: number) => (m.labels.get(i) === 'R' ? 0 : 1);
  const ids = [...m.labels.keys()].sort((a, b) => rank(a) - rank(b) || a - b);
  for (const i of ids) {
    const t = m.t[i]!;
    if (t < t0 || t > t1) continue;
    const box = labelBox(layer, i, f);
    const keys = cellsOf(box);
    const hit = keys.some((k) =>
      (grid.get(k) ?? []).some(
        ([x, y, bw, bh]) =>
          box[0] < x + bw && x < box[0] + box[2] && box[1] < y + bh && y < box[1] + box[3],
      ),
    );
    if (hit) continue;
    for (const k of keys) grid.set(k, [...(grid.get(k) ?? []), box]);
    out.set(i, box);
  }
  return out;
}

/** The marks whose labels are drawn (a set, or the boxes placeLabels kept). */
export type LabelSet = ReadonlySet<number> | ReadonlyMap<number, unknown>;

export interface SvgMarkOptions {
  /** Labels to draw (default: every label). */
  labels?: LabelSet;
  /** Draw an outline halo (highlight). */
  halo?: boolean;
  opacity?: number;
  className?: string;
}

/** Append one SVG path (+ ring, label) per mark index. */
export function drawMarksSvg(
  g: G,
  layer: MarkLayer,
  indices: Iterable<number>,
  f: Frame,
  opts: SvgMarkOptions = {},
): void {
  const c = PALETTE[f.theme];
  const mt = METRICS[f.theme];
  const m = layer.marks;
  for (const i of indices) {
    const kind = m.kind[i] as MarkKind;
    const glyph = markGlyph(m, i);
    const x = f.x(m.t[i]!);
    const y = markY(layer, i, f);
    const paint = glyphPaint(glyph);
    const color = c[markColor(m, i)];
    const mg = g
      .append('g')
      .attr('class', opts.className ?? 'ackp-mark')
      .attr('data-event', m.event[i]!)
      .attr('data-kind', kind)
      .attr('data-packet', m.packet[i]!);
    if (opts.opacity !== undefined && opts.opacity < 1) mg.attr('opacity', opts.opacity);
    const ring = layer.ring?.(i) ?? false;
    if (opts.halo) {
      const p = d3path();
      if (paint === 'none') glyphPath(p, Glyph.circleOpen, x, y, mt.markPx * 1.6);
      else traceGlyph(p, layer, i, f, x, y, 1);
      mg.append('path')
        .attr('d', p.toString())
        .attr('fill', paint === 'fill' || paint === 'none' ? c.highlight : 'none')
        .attr('stroke', c.highlight)
        .attr('stroke-width', mt.strokePx * 2 + 5)
        .attr('stroke-linejoin', 'round')
        .attr('stroke-linecap', 'round');
      if (ring) {
        const r = d3path();
        glyphPath(r, Glyph.circleOpen, x, y, mt.markPx * RETX_RING.scale);
        mg.append('path')
          .attr('d', r.toString())
          .attr('fill', 'none')
          .attr('stroke', c.highlight)
          .attr('stroke-width', mt.strokePx * 2 + 4);
      }
    }
    if (paint !== 'none') {
      const p = d3path();
      traceGlyph(p, layer, i, f, x, y);
      const el = mg.append('path').attr('d', p.toString());
      if (paint === 'fill') el.attr('fill', color).attr('stroke', 'none');
      else
        el.attr('fill', 'none')
          .attr('stroke', color)
          .attr('stroke-width', mt.strokePx * glyphStrokeScale(glyph))
          .attr('stroke-linecap', 'round');
    } else if (opts.halo) {
      const p = d3path();
      glyphPath(p, Glyph.circleFilled, x, y, mt.markPx);
      mg.append('path').attr('d', p.toString()).attr('fill', color);
    }
    if (ring) {
      const r = d3path();
      glyphPath(r, Glyph.circleOpen, x, y, mt.markPx * RETX_RING.scale);
      mg.append('path')
        .attr('class', 'ackp-ring')
        .attr('d', r.toString())
        .attr('fill', 'none')
        .attr('stroke', c[RETX_RING.color])
        .attr('stroke-width', mt.strokePx);
    }
    const label = m.labels.get(i);
    if (label !== undefined && (!opts.labels || opts.labels.has(i))) {
      const [lx, ly, anchor] = labelPos(layer, i, f, x, y);
      mg.append('text')
        .attr('x', lx)
        .attr('y', ly)
        .attr('text-anchor', anchor)
        .attr('font-size', mt.tickFontPx)
        .attr('font-weight', 700)
        .attr('font-family', FONT_FAMILY)
        .attr('fill', labelColor(m, i, f.theme))
        .attr('paint-order', 'stroke')
        .attr('stroke', c.bg)
        .attr('stroke-width', 3)
        .text(label);
    }
  }
}

export { drawLinesCanvas, drawLinesSvg, opaqueOver, scaleDash } from './lines';

// ------------------------------------------------------------------ canvas

/**
 * Draw marks on a canvas, batched by style (one path per glyph × colour): all of them, or
 * only `only` (the cursor band).
 */
export function drawMarksCanvas(
  ctx: CanvasRenderingContext2D,
  layer: MarkLayer,
  f: Frame,
  only?: number[],
  labels?: LabelSet,
): void {
  const c = PALETTE[f.theme];
  const mt = METRICS[f.theme];
  const m = layer.marks;
  const buckets = new Map<string, number[]>();
  const rings: number[] = [];
  const [t0, t1] = f.x.domain() as [number, number];
  const pad = (t1 - t0) * 0.02;
  const count = only ? only.length : m.n;
  for (let k = 0; k < count; k++) {
    const i = only ? only[k]! : k;
    const t = m.t[i]!;
    if (t < t0 - pad || t > t1 + pad) continue;
    const key = `${m.kind[i]}|${markColor(m, i)}|${markGlyph(m, i)}`;
    const b = buckets.get(key);
    if (b) b.push(i);
    else buckets.set(key, [i]);
    if (layer.ring?.(i)) rings.push(i);
  }
  const keys = [...buckets.keys()].sort((a, b) => parseInt(a) - parseInt(b));
  for (const key of keys) {
    const list = buckets.get(key)!;
    const [, colorKey, glyphStr] = key.split('|') as [string, ColorKey, string];
    const glyph = Number(glyphStr) as GlyphId;
    const paint = glyphPaint(glyph);
    if (paint === 'none') continue;
    ctx.beginPath();
    for (const i of list) traceGlyph(ctx, layer, i, f, f.x(m.t[i]!), markY(layer, i, f));
    if (paint === 'fill') {
      ctx.fillStyle = c[colorKey];
      ctx.fill();
    } else {
      ctx.strokeStyle = c[colorKey];
      ctx.lineWidth = mt.strokePx * glyphStrokeScale(glyph);
      ctx.lineCap = 'round';
      ctx.stroke();
    }
  }
  if (rings.length) {
    ctx.beginPath();
    for (const i of rings)
      glyphPath(
        ctx,
        Glyph.circleOpen,
        f.x(m.t[i]!),
        markY(layer, i, f),
        mt.markPx * RETX_RING.scale,
      );
    ctx.strokeStyle = c[RETX_RING.color];
    ctx.lineWidth = mt.strokePx;
    ctx.stroke();
  }
  ctx.font = `700 ${mt.tickFontPx}px ${FONT_FAMILY}`;
  ctx.lineWidth = 3;
  ctx.strokeStyle = c.bg;
  const show = (i: number) => m.labels.has(i) && (!labels || labels.has(i));
  const labelled = (only ?? [...m.labels.keys()])
    .filter(show)
    .map((i) => [i, m.labels.get(i)!] as const);
  for (const [i, label] of labelled) {
    const t = m.t[i]!;
    if (t < t0 - pad || t > t1 + pad) continue;
    const [lx, ly, anchor] = labelPos(layer, i, f, f.x(t), markY(layer, i, f));
    ctx.textAlign = anchor === 'middle' ? 'center' : 'left';
    ctx.strokeText(label, lx, ly);
    ctx.fillStyle = labelColor(m, i, f.theme);
    ctx.fillText(label, lx, ly);
  }
}

/**
 * Composite the static offscreen layers onto the visible canvas: solid left of each layer's
 * edge (the past), `futureAlpha` to its right. All in device pixels.
 */
export function compositeCanvas(
  target: CanvasRenderingContext2D,
  layers: { canvas: HTMLCanvasElement; edgePx: number }[],
  dpr: number,
  futureAlpha: number,
): void {
  target.save();
  const W = target.canvas.width;
  const H = target.canvas.height;
  target.setTransform(1, 0, 0, 1, 0, 0);
  target.clearRect(0, 0, W, H);
  for (const { canvas, edgePx } of layers) {
    const e = Math.max(0, Math.min(W, Math.round(edgePx * dpr)));
    target.globalAlpha = 1;
    if (e > 0) target.drawImage(canvas, 0, 0, e, H, 0, 0, e, H);
    if (e < W && futureAlpha > 0) {
      target.globalAlpha = futureAlpha;
      target.drawImage(canvas, e, 0, W - e, H, e, 0, W - e, H);
    }
  }
  target.restore();
}

/** Total drawing work of a plot, to choose SVG or canvas. */
export function plotComplexity(layer: MarkLayer, lines: LineSpec[], bands: BandSpec[]): number {
  return layer.marks.n + lines.reduce((n, l) => n + seriesLength(l.points), 0) + bands.length;
}
