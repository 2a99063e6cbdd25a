/**
 * A step series (cwnd, the cumulative ACK, bytes in flight …) as two columns rather than one
 * object per point: `t` (seconds, ascending) and `v` (the value from `t[k]` on, step-after),
 * typed arrays when built here. A long run's or a 100 MB capture's lines have 10⁵–10⁶ steps;
 * as columns they cost 16 bytes a step, cross from a worker as transferred buffers, and are
 * drawn without an object read per step (draw/lines.ts). The plots take either form
 * (`LinePoints`); `columnsOf` turns a point array into columns once per array. Pure.
 */
import { upperBound } from './bisect';
import type { SeriesPoint } from './types';

export interface SeriesColumns {
  /** Times, seconds, ascending. */
  readonly t: ArrayLike<number>;
  /** Values (the series' unit), `v[k]` from `t[k]` until `t[k + 1]`; as long as `t`. */
  readonly v: ArrayLike<number>;
}

/** What a plot's line is given: point objects (small series) or columns. */
export type LinePoints = readonly SeriesPoint[] | SeriesColumns;

export function isColumns(p: LinePoints): p is SeriesColumns {
  return !Array.isArray(p);
}

/** Number of steps. */
export function seriesLength(p: LinePoints): number {
  return isColumns(p) ? p.t.length : p.length;
}

/** Columns of `points` (a copy in two Float64Arrays). */
export function toColumns(points: readonly SeriesPoint[]): SeriesColumns {
  const t = new Float64Array(points.length);
  const v = new Float64Array(points.length);
  for (let k = 0; k < points.length; k++) {
    t[k] = points[k]!.t;
    v[k] = points[k]!.v;
  }
  return { t, v };
}

const converted = new WeakMap<readonly SeriesPoint[], SeriesColumns>();

/**
 * `p` as columns; a point array is converted once (cached while the array lives, and again if
 * it has grown or its last point changed since: a model still being built).
 */
export function columnsOf(p: LinePoints): SeriesColumns {
  if (isColumns(p)) return p;
  let c = converted.get(p);
  const n = p.length;
  if (
    !c ||
    c.t.length !== n ||
    (n > 0 && (c.t[n - 1] !== p[n - 1]!.t || c.v[n - 1] !== p[n - 1]!.v))
  )
    converted.set(p, (c = toColumns(p)));
  return c;
}

/** Point objects of `c` (for the few readers that want them; O(n) objects). */
export function toPoints(c: SeriesColumns): SeriesPoint[] {
  const out = new Array<SeriesPoint>(c.t.length);
  for (let k = 0; k < c.t.length; k++) out[k] = { t: c.t[k]!, v: c.v[k]! };
  return out;
}

/** Index of the step in force at time `t` (the last with `t[k] ≤ t`), −1 before the first. */
export function stepIndexAt(c: SeriesColumns, t: number): number {
  return upperBound(c.t, t) - 1;
}

/** Value in force at time `t`, or null before the first step. */
export function columnValueAt(c: SeriesColumns, t: number): number | null {
  const k = stepIndexAt(c, t);
  return k >= 0 ? c.v[k]! : null;
}

/** The last value, or null when empty. */
export function lastValue(c: SeriesColumns): number | null {
  return c.v.length ? c.v[c.v.length - 1]! : null;
}

/**
 * Builds step columns one sample at a time, keeping a sample only where the value changes
 * (the first always): `push(t, v)`, then `build()` (the columns trimmed to their length).
 */
export class StepColumnsBuilder {
  private t: Float64Array;
  private v: Float64Array;
  private n = 0;
  constructor(capacity = 1024) {
    this.t = new Float64Array(Math.max(1, capacity));
    this.v = new Float64Array(Math.max(1, capacity));
  }
  get length(): number {
    return this.n;
  }
  push(t: number, v: number): void {
    if (this.n > 0 && this.v[this.n - 1] === v) return;
    if (this.n === this.t.length) {
      const t2 = new Float64Array(this.n * 2);
      const v2 = new Float64Array(this.n * 2);
      t2.set(this.t);
      v2.set(this.v);
      this.t = t2;
      this.v = v2;
    }
    this.t[this.n] = t;
    this.v[this.n] = v;
    this.n++;
  }
  build(): SeriesColumns {
    return { t: this.t.slice(0, this.n), v: this.v.slice(0, this.n) };
  }
}
