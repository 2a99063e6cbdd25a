/** Grid, axes and axis labels of a time plot, drawn with D3 into an SVG group. */
import { axisBottom, axisLeft, type Selection } from 'd3';
import { METRICS, PALETTE } from '../palette';
import { xAxisPx, type Frame } from './frame';

export interface AxisSpec {
  xLabel: string;
  yLabel: string;
  /** Used when the plot is too short for yLabel ("cwnd (pkts)"). */
  yLabelShort?: string;
  /** Explicit y ticks (e.g. 0, 10, … 40 for mod 50), else about `yTickCount`. */
  yTicks?: number[];
  yTickCount?: number;
  yTickFormat?: (v: number) => string;
}

export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function drawAxes(
  g: Selection<SVGGElement, unknown, null, undefined>,
  f: Frame,
  spec: AxisSpec,
): void {
  const c = PALETTE[f.theme];
  const m = METRICS[f.theme];
  const { plot } = f;
  g.selectAll('*').remove();
  g.attr('font-family', FONT_FAMILY);

  const xTickCount = Math.max(2, Math.round(plot.width / (m.tickFontPx * 7)));
  const yTickCount = spec.yTickCount ?? Math.max(2, Math.round(plot.height / (m.tickFontPx * 3.2)));
  let yTicks = spec.yTicks ?? f.y.ticks(yTickCount);
  // Thin explicit ticks that would collide on a short plot.
  while (yTicks.length > 2 && plot.height / yTicks.length < m.tickFontPx * 1.3)
    yTicks = yTicks.filter((_, i) => i % 2 === 0);
  const xTicks = f.x.ticks(xTickCount);

  // Grid
  const grid = g
    .append('g')
    .attr('class', 'ackp-grid')
    .attr('stroke', c.grid)
    .attr('stroke-width', 1);
  for (const t of xTicks) {
    const x = Math.round(f.x(t)) + 0.5;
    grid
      .append('line')
      .attr('x1', x)
      .attr('x2', x)
      .attr('y1', plot.top)
      .attr('y2', plot.top + plot.height);
  }
  for (const v of yTicks) {
    const y = Math.round(f.y(v)) + 0.5;
    grid
      .append('line')
      .attr('x1', plot.left)
      .attr('x2', plot.left + plot.width)
      .attr('y1', y)
      .attr('y2', y);
  }

  const styleAxis = (a: Selection<SVGGElement, unknown, null, undefined>) => {
    a.attr('font-size', m.tickFontPx).attr('font-family', FONT_FAMILY);
    a.selectAll('path, line')
      .attr('stroke', c.fg)
      .attr('stroke-width', m.strokePx >= 2 ? 2 : 1);
    a.selectAll('text').attr('fill', c.muted);
  };

  const xAxis = axisBottom(f.x)
    .tickValues(xTicks)
    .tickSizeOuter(0)
    .tickSize(5)
    .tickFormat((d) => {
      if (f.xAxis === 'none') return '';
      const v = +d;
      const step = xTicks.length > 1 ? Math.abs(xTicks[1]! - xTicks[0]!) : 1;
      return v.toFixed(Math.max(0, Math.min(3, -Math.floor(Math.log10(step) + 1e-9))));
    });
  const gx = g
    .append('g')
    .attr('class', 'ackp-axis ackp-axis-x')
    .attr('transform', `translate(0,${plot.top + plot.height})`)
    .call(xAxis);
  styleAxis(gx);

  const yAxis = axisLeft(f.y).tickValues(yTicks).tickSizeOuter(0).tickSize(5);
  if (spec.yTickFormat) yAxis.tickFormat((d) => spec.yTickFormat!(+d));
  const gy = g
    .append('g')
    .attr('class', 'ackp-axis ackp-axis-y')
    .attr('transform', `translate(${plot.left},0)`)
    .call(yAxis);
  styleAxis(gy);

  // Frame (left and bottom axis lines already drawn; close the box lightly)
  g.append('rect')
    .attr('class', 'ackp-frame')
    .attr('x', plot.left)
    .attr('y', plot.top)
    .attr('width', plot.width)
    .attr('height', plot.height)
    .attr('fill', 'none')
    .attr('stroke', c.grid)
    .attr('stroke-width', 1);

  if (f.xAxis === 'full')
    g.append('text')
      .attr('class', 'ackp-axis-label ackp-axis-label-x')
      .attr('x', plot.left + plot.width / 2)
      .attr('y', f.height - Math.max(6, m.fontPx * 0.35))
      .attr('text-anchor', 'middle')
      .attr('font-size', m.fontPx)
      .attr('fill', c.fg)
      .text(spec.xLabel);
  g.append('text')
    .attr('class', 'ackp-axis-label ackp-axis-label-y')
    .attr('transform', `translate(${m.fontPx * 0.95},${plot.top + plot.height / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .attr('font-size', m.fontPx)
    .attr('fill', c.fg)
    .text(yLabelFor(spec, f, m.fontPx));
}

/**
 * The y label that fits the panel height: the full one, else the short one; when neither fits
 * (a small multiple on the projector) none, rather than a clipped one that reads wrong.
 */
export function yLabelFor(spec: AxisSpec, f: Frame, fontPx: number): string {
  if (yLabelFits(spec.yLabel, f, fontPx)) return spec.yLabel;
  if (!spec.yLabelShort) return spec.yLabel;
  return yLabelFits(spec.yLabelShort, f, fontPx) ? spec.yLabelShort : '';
}

/**
 * Whether a rotated label centred on the plot fits the panel height. A small multiple (time
 * axis `ticks` or `none`: compare mode's minis) counts below its plot only the room every mini
 * of its stack has (`none`'s), so the last row, taller by its time axis, reads as the others.
 */
function yLabelFits(label: string, f: Frame, fontPx: number): boolean {
  const centre = f.plot.top + f.plot.height / 2;
  const below =
    f.xAxis === 'full' ? f.height - centre : f.plot.height / 2 + xAxisPx(f.theme, 'none');
  return label.length * fontPx * 0.6 <= 2 * Math.min(centre, below) - 4;
}
