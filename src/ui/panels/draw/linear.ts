/**
 * A d3 linear scale (two-point domain and range, no clamping or rounding: the frames'
 * scales, draw/frame.ts) as plain arithmetic, for loops over 10⁵–10⁶ values: the same
 * formula d3-scale evaluates (normalise to u = (x − lo) / span, then `r0·(1 − u) + r1·u`), so
 * every coordinate is bit-for-bit the one `scale(x)` gives — a drawing made through it is
 * identical to one made through the scale.
 */
import type { ScaleLinear } from 'd3';

/** The scale's terms: `scale(x) = r0·(1 − u) + r1·u` with `u = (x − lo) / span`. */
export interface Linear {
  lo: number;
  span: number;
  r0: number;
  r1: number;
}

export function linearOf(scale: ScaleLinear<number, number>): Linear {
  const [d0, d1] = scale.domain() as [number, number];
  const [q0, q1] = scale.range() as [number, number];
  // d3's bimap: a descending domain is normalised from its low end, with the range reversed.
  const desc = d1 < d0;
  return {
    lo: desc ? +d1 : +d0,
    span: desc ? d0 - d1 : d1 - d0,
    r0: desc ? +q1 : +q0,
    r1: desc ? +q0 : +q1,
  };
}

/** `scale(x)` from the terms (a constant 0.5 of the way for an empty domain, as d3). */
export function applyLinear(s: Linear, x: number): number {
  const u = s.span ? (x - s.lo) / s.span : Number.isNaN(s.span) ? NaN : 0.5;
  return s.r0 * (1 - u) + s.r1 * u;
}
