/**
 * The UI's searches in ascending columns (event times, decision events, step points), all on
 * d3's `bisector`. The comparator is two-argument on purpose: d3 then skips its "is the probe
 * comparable" test, so a NaN probe compares false everywhere (0 entries ≤ NaN), exactly as
 * the plain `a[mid] <= v` loops these replace did; ±Infinity entries (queue.ts's arrival keys)
 * compare as numbers. Pure and DOM-free.
 */
import { ascending, bisector } from 'd3';

const byValue = bisector<number, number>((a, v) => ascending(a, v));
const byTime = bisector<{ readonly t: number }, number>((p, t) => ascending(p.t, t));

/**
 * Number of entries of the ascending array `a` that are ≤ v, searching a[lo … hi) (the
 * result is in [lo, hi]): the index of the first entry > v.
 */
export function upperBound(a: ArrayLike<number>, v: number, lo = 0, hi = a.length): number {
  return byValue.right(a, v, lo, hi);
}

/**
 * Number of entries of the ascending array `a` that are < v, searching a[lo … hi): the index
 * of the first entry ≥ v.
 */
export function lowerBound(a: ArrayLike<number>, v: number, lo = 0, hi = a.length): number {
  return byValue.left(a, v, lo, hi);
}

/** Index of the last entry of the ascending array `a` that is ≤ v, or −1 when none is. */
export function lastAtOrBelow(a: ArrayLike<number>, v: number): number {
  return byValue.right(a, v) - 1;
}

/**
 * Value of a step-after series at time t: the `v` of the last point with `p.t ≤ t` (points
 * ascending in t), or null before the first point.
 */
export function stepValueAt<P extends { readonly t: number; readonly v: number }>(
  points: readonly P[],
  t: number,
): number | null {
  const k = byTime.right(points, t);
  return k > 0 ? points[k - 1]!.v : null;
}
