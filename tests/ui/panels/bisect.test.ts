import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastAtOrBelow, lowerBound, stepValueAt, upperBound } from '../../../src/ui/panels/bisect';

/** fast-check's seed for every property here: the same cases on every run (the unit tier's
 * fewer runs are the first of the long tier's; tests/helpers/tier.ts). */
const PROPERTY_SEED = 20251132;

// The searches the UI used to write by hand, checked against a linear scan of the same
// question: an off-by-one here moves the cursor, the log's current row or a tooltip's value.

/** Sorted arrays with repeats and ±Infinity (queue.ts replaces unknown arrivals by +∞). */
const sorted = fc
  .array(
    fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
      fc.constantFrom(Infinity, -Infinity, 0, -0),
    ),
    { maxLength: 40 },
  )
  .map((a) => Float64Array.from(a.sort((x, y) => x - y || 0)));

/** A probe: an entry of the array, a near value, anything, or NaN / ±Infinity. */
const probeOf = (a: Float64Array) =>
  fc.oneof(
    a.length > 0 ? fc.constantFrom(...Array.from(a)) : fc.constant(0),
    fc.integer({ min: -6, max: 6 }),
    fc.double({ min: -1e6, max: 1e6 }),
    fc.constantFrom(NaN, Infinity, -Infinity),
  );

const withProbe = sorted.chain((a) =>
  fc.tuple(fc.constant(a), probeOf(a), fc.nat({ max: a.length }), fc.nat({ max: a.length })),
);

/** Entries of a[lo … hi) passing `keep`, counted from lo (what a search of that range returns). */
function linear(a: Float64Array, lo: number, hi: number, keep: (x: number) => boolean): number {
  let k = lo;
  for (let i = lo; i < hi; i++) if (keep(a[i]!)) k++;
  return k;
}

describe('bisect: d3 bisector searches, exactly as a linear scan', () => {
  it('upperBound = entries ≤ v (in a range too); lowerBound = entries < v', () => {
    fc.assert(
      fc.property(withProbe, ([a, v, x, y]) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        expect(upperBound(a, v)).toBe(linear(a, 0, a.length, (e) => e <= v));
        expect(lowerBound(a, v)).toBe(linear(a, 0, a.length, (e) => e < v));
        expect(upperBound(a, v, lo, hi)).toBe(linear(a, lo, hi, (e) => e <= v));
        expect(lowerBound(a, v, lo, hi)).toBe(linear(a, lo, hi, (e) => e < v));
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('lastAtOrBelow = index of the last entry ≤ v, −1 when none', () => {
    fc.assert(
      fc.property(withProbe, ([a, v]) => {
        let last = -1;
        for (let i = 0; i < a.length; i++) if (a[i]! <= v) last = i;
        expect(lastAtOrBelow(a, v)).toBe(last);
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('stepValueAt = the value of the last point at or before t, null before the first', () => {
    const points = sorted.chain((ts) =>
      fc.tuple(fc.constant(Array.from(ts, (t, i) => ({ t, v: i * 10 + 1 }))), probeOf(ts)),
    );
    fc.assert(
      fc.property(points, ([pts, t]) => {
        let want: number | null = null;
        for (const p of pts) if (p.t <= t) want = p.v;
        expect(stepValueAt(pts, t)).toBe(want);
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('examples: repeats, the ends, NaN finds nothing (as `a[mid] <= v` did)', () => {
    const a = [1, 2, 2, 2, 5];
    expect([upperBound(a, 2), lowerBound(a, 2)]).toEqual([4, 1]);
    expect([upperBound(a, 0), upperBound(a, 9), lastAtOrBelow(a, 0)]).toEqual([0, 5, -1]);
    expect([upperBound(a, NaN), lowerBound(a, NaN), lastAtOrBelow(a, NaN)]).toEqual([0, 0, -1]);
    expect(upperBound([0, Infinity, Infinity], Infinity)).toBe(3);
    expect(upperBound(a, 2, 2, 3)).toBe(3);
    expect(stepValueAt([{ t: 1, v: 7 }], 0.5)).toBeNull();
  });
});
