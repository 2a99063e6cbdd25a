/** Scales and plot rectangle of a time plot. Pure. */
import { scaleLinear, type ScaleLinear } from 'd3';
import { METRICS } from '../palette';
import type { Theme, XAxisMode } from '../types';

export type { XAxisMode };

export interface PlotRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Frame {
  width: number;
  height: number;
  plot: PlotRect;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  theme: Theme;
  xAxis: XAxisMode;
}

/**
 * Room under the plot for the time axis, px: the theme's bottom margin (`full`); the tick marks
 * (5 px), d3's label padding (3 px) and one tick label line (`ticks`); a few px for marks drawn
 * on the axis line (`none`).
 */
export function xAxisPx(theme: Theme, mode: XAxisMode): number {
  const m = METRICS[theme];
  if (mode === 'full') return m.margin.bottom;
  if (mode === 'ticks') return Math.round(8 + m.tickFontPx * 1.15);
  return Math.round(m.markPx * 0.6 + 2);
}

/**
 * The time axis a plot of height `h` px (the whole area) keeps: a `full` axis whose title would
 * leave the plot shorter than four tick labels (88 px on the projector, 48 px in light) drops the
 * title ("time (s)" is the one x axis every time plot has) and keeps its tick labels, giving the
 * plot the title's room. Other modes are kept. Pure.
 */
export function fitXAxis(mode: XAxisMode, h: number, theme: Theme): XAxisMode {
  if (mode !== 'full') return mode;
  const m = METRICS[theme];
  return h - m.margin.top - m.margin.bottom < 4 * m.tickFontPx ? 'ticks' : 'full';
}

/**
 * Margins are fixed per theme (not per panel), so stacked time plots of the same width share
 * their x pixels: a drop tick in the cwnd plot sits exactly under the router plot's ×.
 */
export function makeFrame(
  width: number,
  height: number,
  theme: Theme,
  xDomain: [number, number],
  yDomain: [number, number],
  xAxis: XAxisMode = 'full',
): Frame {
  const m = METRICS[theme].margin;
  const plot = {
    left: m.left,
    top: m.top,
    width: Math.max(10, width - m.left - m.right),
    height: Math.max(10, height - m.top - xAxisPx(theme, xAxis)),
  };
  const x = scaleLinear()
    .domain(xDomain)
    .range([plot.left, plot.left + plot.width]);
  const y = scaleLinear()
    .domain(yDomain)
    .range([plot.top + plot.height, plot.top]);
  return { width, height, plot, x, y, theme, xAxis };
}
