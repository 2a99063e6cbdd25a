/**
 * Bands (phase shading) and step lines of a time plot, as SVG or on a canvas, read from step
 * columns (series.ts) with the frame's scales as arithmetic (linear.ts). A line with far more
 * points than pixels (a long run, a big capture) is drawn per pixel column (its range, then
 * its last value), which looks the same and costs a few thousand segments.
 */
import { path as d3path, type Selection } from 'd3';
import type { PathSink } from '../glyphs';
import { METRICS, PALETTE } from '../palette';
import { FONT_FAMILY } from './axes';
import type { Frame } from './frame';
import { applyLinear, linearOf, type Linear } from './linear';
import { columnsOf, type LinePoints } from '../series';
import type { ColorKey } from '../types';

type G = Selection<SVGGElement, unknown, null, undefined>;

export interface LineSpec {
  key: string;
  /** The step series: point objects or columns (series.ts). */
  points: LinePoints;
  color: ColorKey;
  dash: string;
  widthScale: number;
  /** Hold the last value up to this time. */
  endT: number;
}

export interface BandSpec {
  t0: number;
  t1: number;
  /** Resolved fill colour. */
  fill: string;
  /** Short label drawn at the top when the band is wide enough. */
  label: string;
}
type LineSink = Pick<PathSink, 'moveTo' | 'lineTo'>;

function linePath(ctx: LineSink, line: LineSpec, f: Frame): void {
  const { t, v } = columnsOf(line.points);
  const n = t.length;
  if (n === 0) return;
  const sx = linearOf(f.x);
  const sy = linearOf(f.y);
  if (n > 2 * f.plot.width) {
    pixelColumnPath(ctx, t, v, sx, sy, line.endT);
    return;
  }
  const fx = (x: number) => applyLinear(sx, x);
  const fy = (y: number) => applyLinear(sy, y);
  let x = fx(t[0]!);
  let y = fy(v[0]!);
  ctx.moveTo(x, y);
  for (let k = 1; k < n; k++) {
    x = fx(t[k]!);
    ctx.lineTo(x, y); // step after
    y = fy(v[k]!);
    ctx.lineTo(x, y);
  }
  ctx.lineTo(fx(Math.max(line.endT, t[n - 1]!)), y);
}

/**
 * A step line with many more steps than pixels (a long run, a big capture), decimated to the
 * pixel grid: per pixel column, one vertical stroke from its lowest to its highest value, then
 * on at its last value — so a spike inside one column is still drawn. The same picture at
 * screen resolution, with a few thousand segments instead of 10⁵–10⁶. `t`, `v`: the step
 * columns; `sx`, `sy`: the frame's scales as arithmetic (linear.ts, evaluated inline here: a
 * million steps a draw); `endT`: hold the last value to here (s).
 */
export function pixelColumnPath(
  ctx: LineSink,
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  sx: Linear,
  sy: Linear,
  endT: number,
): void {
  const n = t.length;
  if (n === 0) return;
  // The empty-domain case (a constant) goes through applyLinear.
  const exact = sx.span !== 0 && sy.span !== 0 && !Number.isNaN(sx.span + sy.span);
  const fx = (x: number) => applyLinear(sx, x);
  const fy = (y: number) => applyLinear(sy, y);
  if (!exact) {
    pixelColumnPathSlow(ctx, t, v, fx, fy, endT);
    return;
  }
  const { lo: xlo, span: xspan, r0: xr0, r1: xr1 } = sx;
  const { lo: ylo, span: yspan, r0: yr0, r1: yr1 } = sy;
  let y = fy(v[0]!);
  let colX = fx(t[0]!);
  let col = Math.floor(colX);
  let lo = y;
  let hi = y;
  ctx.moveTo(colX, y);
  for (let k = 1; k < n; k++) {
    const ux = (t[k]! - xlo) / xspan;
    const x = xr0 * (1 - ux) + xr1 * ux;
    const uy = (v[k]! - ylo) / yspan;
    const ny = yr0 * (1 - uy) + yr1 * uy;
    const c = Math.floor(x);
    if (c !== col) {
      if (lo < hi) {
        ctx.lineTo(colX, lo);
        ctx.lineTo(colX, hi);
      }
      ctx.lineTo(colX, y);
      ctx.lineTo(x, y); // step after
      colX = x;
      col = c;
      lo = Math.min(y, ny);
      hi = Math.max(y, ny);
    } else {
      if (ny < lo) lo = ny;
      if (ny > hi) hi = ny;
    }
    y = ny;
  }
  if (lo < hi) {
    ctx.lineTo(colX, lo);
    ctx.lineTo(colX, hi);
  }
  ctx.lineTo(colX, y);
  ctx.lineTo(fx(Math.max(endT, t[n - 1]!)), y);
}

/** pixelColumnPath through the scale functions (degenerate scales). */
function pixelColumnPathSlow(
  ctx: LineSink,
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  fx: (x: number) => number,
  fy: (y: number) => number,
  endT: number,
): void {
  const n = t.length;
  let y = fy(v[0]!);
  let colX = fx(t[0]!);
  let col = Math.floor(colX);
  let lo = y;
  let hi = y;
  ctx.moveTo(colX, y);
  const flush = () => {
    if (lo < hi) {
      ctx.lineTo(colX, lo);
      ctx.lineTo(colX, hi);
    }
    ctx.lineTo(colX, y);
  };
  for (let k = 1; k < n; k++) {
    const x = fx(t[k]!);
    const ny = fy(v[k]!);
    if (Math.floor(x) !== col) {
      flush();
      ctx.lineTo(x, y); // step after
      colX = x;
      col = Math.floor(x);
      lo = Math.min(y, ny);
      hi = Math.max(y, ny);
    } else {
      if (ny < lo) lo = ny;
      if (ny > hi) hi = ny;
    }
    y = ny;
  }
  flush();
  ctx.lineTo(fx(Math.max(endT, t[n - 1]!)), y);
}

/** Bands (phase shading) and step lines. */
export function drawLinesSvg(g: G, bands: BandSpec[], lines: LineSpec[], f: Frame): void {
  const c = PALETTE[f.theme];
  const mt = METRICS[f.theme];
  const { plot } = f;
  const bg = g.append('g').attr('class', 'ackp-bands');
  for (const b of bands) {
    const x0 = f.x(b.t0);
    const x1 = f.x(b.t1);
    bg.append('rect')
      .attr('x', x0)
      .attr('y', plot.top)
      .attr('width', Math.max(0, x1 - x0))
      .attr('height', plot.height)
      .attr('fill', b.fill)
      .attr('data-phase', b.label);
  }
  for (const line of lines) {
    const p = d3path();
    linePath(p, line, f);
    g.append('path')
      .attr('class', `ackp-line ackp-line-${line.key}`)
      .attr('d', p.toString())
      .attr('fill', 'none')
      .attr('stroke', c[line.color])
      .attr('stroke-width', mt.linePx * line.widthScale)
      .attr('stroke-dasharray', line.dash ? scaleDash(line.dash, mt.linePx / 2) : null)
      .attr('stroke-linejoin', 'round');
  }
  // Phase words over the lines, on a halo of their band, so a line along the top edge (ssthresh
  // at the receiver window) does not run through them.
  const lg = g.append('g').attr('class', 'ackp-band-labels');
  for (const b of bands) {
    const x0 = f.x(b.t0);
    const x1 = f.x(b.t1);
    if (!bandLabelFits(x1 - x0, b.label, f)) continue;
    lg.append('text')
      .attr('x', Math.max(x0, plot.left) + mt.markPx + 2)
      .attr('y', plot.top + mt.tickFontPx + 2)
      .attr('font-size', mt.tickFontPx)
      .attr('font-family', FONT_FAMILY)
      .attr('fill', c.muted)
      .attr('stroke', opaqueOver(b.fill, c.bg))
      .attr('stroke-width', Math.max(3, mt.tickFontPx * 0.3))
      .attr('paint-order', 'stroke')
      .attr('stroke-linejoin', 'round')
      .text(b.label);
  }
}

/**
 * A band's translucent fill as it looks over the background, as one opaque colour: the halo
 * behind a phase word then matches the band around it. Colours it cannot read pass through.
 */
export function opaqueOver(fill: string, bg: string): string {
  const m = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(fill);
  const h = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg);
  if (!m || !h) return fill;
  const a = Number(m[4]);
  const mix = (i: number) => Math.round(Number(m[i]) * a + parseInt(h[i] as string, 16) * (1 - a));
  return `rgb(${mix(1)}, ${mix(2)}, ${mix(3)})`;
}

function bandLabelFits(width: number, label: string, f: Frame): boolean {
  const mt = METRICS[f.theme];
  return width > mt.tickFontPx * label.length * 0.7 + mt.markPx + 6;
}

/** Dash patterns scale with the line width so they stay visible on the projector. */
export function scaleDash(dash: string, k: number): string {
  return dash
    .split(/\s+/)
    .map((d) => String(+d * Math.max(1, k)))
    .join(' ');
}

export function drawLinesCanvas(
  ctx: CanvasRenderingContext2D,
  bands: BandSpec[],
  lines: LineSpec[],
  f: Frame,
): void {
  const c = PALETTE[f.theme];
  const mt = METRICS[f.theme];
  const { plot } = f;
  // What lies wholly outside the clip (a zoomed long run is mostly off-screen) is skipped.
  const left = plot.left - 1;
  const right = plot.left + plot.width + 1;
  for (const b of bands) {
    const x0 = f.x(b.t0);
    const x1 = f.x(b.t1);
    if (x1 < left || x0 > right) continue;
    ctx.fillStyle = b.fill;
    ctx.fillRect(x0, plot.top, Math.max(0, x1 - x0), plot.height);
  }
  for (const line of lines) {
    const lw = mt.linePx * line.widthScale;
    const dash = line.dash
      ? scaleDash(line.dash, mt.linePx / 2)
          .split(' ')
          .map(Number)
      : [];
    ctx.beginPath();
    const span = new VisibleSpan(ctx, left - 2 * lw - 2, right + 2 * lw + 2);
    linePath(span, line, f);
    ctx.strokeStyle = c[line.color];
    ctx.lineWidth = lw;
    ctx.lineJoin = 'round';
    ctx.setLineDash(dash);
    // The dash pattern goes on where the whole line would have it.
    ctx.lineDashOffset = dashPhase(span.lead, dash);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineDashOffset = 0;
  }
  for (const b of bands) {
    const x0 = f.x(b.t0);
    const x1 = f.x(b.t1);
    if (x0 > right) continue; // its label would start past the clip
    if (!bandLabelFits(x1 - x0, b.label, f)) continue;
    const x = Math.max(x0, plot.left) + mt.markPx + 2;
    const y = plot.top + mt.tickFontPx + 2;
    ctx.font = `${mt.tickFontPx}px ${FONT_FAMILY}`;
    ctx.textAlign = 'left';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(3, mt.tickFontPx * 0.3);
    ctx.strokeStyle = opaqueOver(b.fill, c.bg);
    ctx.strokeText(b.label, x, y);
    ctx.fillStyle = c.muted;
    ctx.fillText(b.label, x, y);
  }
}

/**
 * A path sink that passes on only the segments of a left-to-right polyline that reach into
 * [x0, x1], started where the first of them starts; `lead` is the length of the part left out
 * before it (the segments past x1 are dropped).
 */
export class VisibleSpan {
  lead = 0;
  private cx = 0;
  private cy = 0;
  private state: 'before' | 'in' | 'after' = 'before';
  constructor(
    private readonly sink: LineSink,
    private readonly x0: number,
    private readonly x1: number,
  ) {}
  moveTo(x: number, y: number): void {
    this.cx = x;
    this.cy = y;
    if (this.state === 'in') this.sink.moveTo(x, y);
  }
  lineTo(x: number, y: number): void {
    const { cx, cy } = this;
    this.cx = x;
    this.cy = y;
    if (this.state === 'after') return;
    if (this.state === 'before') {
      if (Math.max(cx, x) < this.x0) {
        // A step line's segments are horizontal or vertical: |dx| or |dy| is their hypot.
        const dx = x - cx;
        const dy = y - cy;
        this.lead += dy === 0 ? Math.abs(dx) : dx === 0 ? Math.abs(dy) : Math.hypot(dx, dy);
        return;
      }
      this.state = 'in';
      this.sink.moveTo(cx, cy);
    } else if (Math.min(cx, x) > this.x1) {
      this.state = 'after';
      return;
    }
    this.sink.lineTo(x, y);
  }
}

/** The dash offset that continues a dash pattern `lead` along a line. */
export function dashPhase(lead: number, dash: readonly number[]): number {
  if (dash.length === 0 || lead === 0) return 0;
  const period = dash.reduce((a, b) => a + b, 0) * (dash.length % 2 ? 2 : 1);
  return period > 0 ? lead % period : 0;
}
