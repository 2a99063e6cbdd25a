/**
 * The statistics of the table comparison (src/metrics/table-stats.ts): Welch–Satterthwaite degrees
 * of freedom and the per-cell bound on |t| (Bonferroni over a table's cells at a 1 % chance of a
 * false alarm per table), checked against textbook quantiles and hand-computed values.
 */
import { describe, expect, it } from 'vitest';
import {
  agreementBound,
  compareSummaries,
  TABLE_FALSE_ALARM,
  TABLE_METRICS,
  welchDf,
} from '../../src/metrics/table-stats';

describe('welchDf', () => {
  it('is (a + b)² / (a² / (n1 − 1) + b² / (n2 − 1)) with a = s1²/n1, b = s2²/n2', () => {
    // equal s.d., 30 against 60 runs: (1/30 + 1/60)² / ((1/30)²/29 + (1/60)²/59) = 58.109…
    expect(welchDf({ mean: 0, sd: 1, n: 30 }, { mean: 5, sd: 1, n: 60 })).toBeCloseTo(58.1094, 3);
    // one side constant: all the variance is the other side's, df = its n − 1
    expect(welchDf({ mean: 0, sd: 2, n: 30 }, { mean: 0, sd: 0, n: 150 })).toBeCloseTo(29, 10);
    expect(welchDf({ mean: 1, sd: 0, n: 30 }, { mean: 1, sd: 0, n: 60 })).toBe(Infinity);
    expect(welchDf(null, { mean: 1, sd: 0, n: 60 })).toBeNull();
  });
});

describe('agreementBound', () => {
  it('is the two-sided Student-t quantile (textbook values for one cell at 5 %)', () => {
    expect(agreementBound(1, 60, 0.05)).toBeCloseTo(2.0003, 4); // t(0.975, 60)
    expect(agreementBound(1, 10, 0.05)).toBeCloseTo(2.2281, 4); // t(0.975, 10)
    expect(agreementBound(1, Infinity, 0.05)).toBeCloseTo(1.96, 3); // normal
    expect(agreementBound(1, 60, 0.01)).toBeCloseTo(2.66, 2); // t(0.995, 60)
  });

  it('splits the table’s 1 % over its cells: about 4 for the 40- and 70-cell tables', () => {
    expect(TABLE_FALSE_ALARM).toBe(0.01);
    // geo tables (4 rows × 10 metrics): our 30 runs against ns-2's 150 (≈ 41 df) and 60 (≈ 58 df)
    expect(agreementBound(40, 41)).toBeCloseTo(4.011, 3);
    expect(agreementBound(40, 58)).toBeCloseTo(3.903, 3);
    // alamgir-table2 (7 rows × 10 metrics)
    expect(agreementBound(70, 58)).toBeCloseTo(4.072, 3);
    // normal quantile 1 − 0.01/80
    expect(agreementBound(40, Infinity)).toBeCloseTo(3.662, 3);
  });
});

describe('compareSummaries', () => {
  const s = (mean: number, sd: number, n: number) => ({ mean, sd, n });
  const ours = Object.fromEntries(TABLE_METRICS.map((m) => [m, s(10, 1, 30)]));
  const ns2 = Object.fromEntries(TABLE_METRICS.map((m) => [m, s(9.5, 1, 60)]));

  it('gives every metric Welch’s t and df, and the bound only when the table size is given', () => {
    const plain = compareSummaries(ours, ns2);
    expect(plain.map((c) => c.metric)).toEqual([...TABLE_METRICS]);
    const t = 0.5 / Math.sqrt(1 / 30 + 1 / 60);
    for (const c of plain) {
      expect(c.t).toBeCloseTo(t, 10);
      expect(c.df).toBeCloseTo(58.1094, 3);
      expect(c.bound).toBeNull();
    }
    for (const c of compareSummaries(ours, ns2, 40)) expect(c.bound).toBeCloseTo(3.903, 3);
  });
});
