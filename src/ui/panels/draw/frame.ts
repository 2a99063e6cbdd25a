/** Scales and plot rectangle of a time plot. Pure. */
import { scaleLinear, type ScaleLinear } from 'd3';
import { METRICS } from '../palette';
import type { Theme } from '../types';

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
): Frame {
  const m = METRICS[theme].margin;
  const plot = {
    left: m.left,
    top: m.top,
    width: Math.max(10, width - m.left - m.right),
    height: Math.max(10, height - m.top - m.bottom),
  };
  const x = scaleLinear()
    .domain(xDomain)
    .range([plot.left, plot.left + plot.width]);
  const y = scaleLinear()
    .domain(yDomain)
    .range([plot.top + plot.height, plot.top]);
  return { width, height, plot, x, y, theme };
}
