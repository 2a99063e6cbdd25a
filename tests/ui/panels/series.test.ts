/**
 * Step series as columns (panels/series.ts), the frame's scales as arithmetic
 * (draw/linear.ts) and the per-pixel-column decimation of a long step line (draw/lines.ts).
 */
import { scaleLinear } from 'd3';
import { describe, expect, it } from 'vitest';
import { makeFrame } from '../../../src/ui/panels/draw/frame';
import { applyLinear, linearOf } from '../../../src/ui/panels/draw/linear';
import { pixelColumnPath } from '../../../src/ui/panels/draw/lines';
import {
  columnValueAt,
  columnsOf,
  seriesLength,
  StepColumnsBuilder,
  toColumns,
  toPoints,
} from '../../../src/ui/panels/series';

describe('step columns', () => {
  it('keep a step only where the value changes, and read back the value in force', () => {
    const b = new StepColumnsBuilder(2);
    for (const [t, v] of [
      [0, 5],
      [1, 5],
      [2, 7],
      [3, 7],
      [4, 7],
      [5, 2],
    ] as const)
      b.push(t, v);
    const c = b.build();
    expect(toPoints(c)).toEqual([
      { t: 0, v: 5 },
      { t: 2, v: 7 },
      { t: 5, v: 2 },
    ]);
    expect(c.t).toBeInstanceOf(Float64Array);
    expect([-1, 0, 1.5, 2, 4.9, 5, 99].map((t) => columnValueAt(c, t))).toEqual([
      null,
      5,
      5,
      7,
      7,
      2,
      2,
    ]);
  });

  it('convert point arrays once, and pass columns through', () => {
    const pts = [
      { t: 0.5, v: 1 },
      { t: 1.5, v: 3 },
    ];
    const c = columnsOf(pts);
    expect(columnsOf(pts)).toBe(c);
    expect(Array.from(c.v)).toEqual([1, 3]);
    const own = toColumns(pts);
    expect(columnsOf(own)).toBe(own);
    expect([seriesLength(pts), seriesLength(own)]).toEqual([2, 2]);
    // A point array that grew, or whose last point changed, is converted again.
    pts.push({ t: 2.5, v: 4 });
    expect(Array.from(columnsOf(pts).v)).toEqual([1, 3, 4]);
    pts[2]!.v = 9;
    expect(Array.from(columnsOf(pts).v)).toEqual([1, 3, 9]);
  });
});

describe('the frame scales as arithmetic', () => {
  it('give the d3 scale’s value bit for bit, descending domains and empty ones included', () => {
    const scales = [
      makeFrame(1280, 400, 'light', [0.123, 757.598], [0, 1]).x,
      makeFrame(1280, 400, 'light', [0, 1], [0, 9.2e7 * 1.04]).y,
      scaleLinear().domain([10, -3]).range([5, 600]),
      scaleLinear().domain([2, 2]).range([40, 80]),
    ];
    for (const s of scales) {
      const lin = linearOf(s);
      for (let k = 0; k < 500; k++) {
        const x = -50 + k * 1.618033 * 0.731 + (k % 7) * 1e-9;
        expect(Object.is(applyLinear(lin, x), s(x))).toBe(true);
      }
    }
  });
});

describe('a step line decimated to the pixel grid', () => {
  /** A path sink recording the points it is given. */
  const sink = () => {
    const pts: [number, number][] = [];
    return {
      pts,
      moveTo: (x: number, y: number) => pts.push([x, y]),
      lineTo: (x: number, y: number) => pts.push([x, y]),
    };
  };
  // 10 000 steps over 10 s at 10, but a spike to 1000 for one step inside one pixel column.
  const n = 10_000;
  const t = Float64Array.from({ length: n }, (_, k) => k / 1000);
  const v = new Float64Array(n).fill(10);
  v[5_000] = 1000;
  v[5_001] = 10;
  const f = makeFrame(180, 200, 'light', [0, 10], [0, 1100]);
  const sx = linearOf(f.x);
  const sy = linearOf(f.y);

  it('keeps a spike inside one column, as a stroke from the column’s lowest to highest value', () => {
    const s = sink();
    pixelColumnPath(s, t, v, sx, sy, 10);
    const top = applyLinear(sy, 1000);
    const spikes = s.pts.filter(([, y]) => y === top);
    expect(spikes).toHaveLength(1);
    // At the x of the first step of the spike's pixel column (5.000 s is in it).
    const col = Math.floor(applyLinear(sx, 5));
    expect(Math.floor(spikes[0]![0])).toBe(col);
    // A few points per pixel column, not one per step.
    expect(s.pts.length).toBeLessThan(4 * f.plot.width + 4);
    // It ends at the last value, held to endT.
    expect(s.pts.at(-1)).toEqual([applyLinear(sx, 10), applyLinear(sy, 10)]);
  });

  it('without the spike, stays one flat line at the value', () => {
    const s = sink();
    pixelColumnPath(s, t, new Float64Array(n).fill(10), sx, sy, 10);
    expect(new Set(s.pts.map(([, y]) => y))).toEqual(new Set([applyLinear(sy, 10)]));
  });
});
