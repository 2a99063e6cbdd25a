/**
 * Statistics of the comparison with ns-2.35's tables (`npm run tables`, tests/experiments): the
 * run columns compared (TABLE_METRICS, from the run column registry), their mean and sample s.d.
 * over runs, Welch's t and its degrees of freedom, and the bound |t| must stay under for a whole
 * table to agree. Our runs and ns-2's fixture runs go through the same code.
 *
 * Not exported by the module's index: it uses jstat (a development dependency; its types:
 * jstat.d.ts) for the Student-t quantile, and only the table script and the tests need it.
 */
import jstat from 'jstat';
import { RUN_COLUMN_DEFS, runFigures, type RunColumn, type TableRun } from './run-columns';

/** The compared metrics, per run: shares and ratios of the run, then means per protocol. */
export const TABLE_METRICS: readonly RunColumn[] = RUN_COLUMN_DEFS.filter((c) => c.table).map(
  (c) => c.id,
);

/** A metric over runs: mean, sample s.d. (0 for one run) and the number of runs with a value. */
export interface Summary {
  mean: number;
  sd: number;
  n: number;
}

/**
 * Mean and sample standard deviation (n − 1; 0 for one value) of a non-empty sample, by Welford's
 * running update — the same operations as d3-array's mean and deviation, which the statistics
 * used before they moved here, so every mean, s.d. and t is the same to the last bit.
 */
function meanSd(xs: readonly number[]): Summary {
  let sum = 0;
  for (const x of xs) sum += x;
  let count = 0;
  let m = 0;
  let ss = 0;
  for (const x of xs) {
    const delta = x - m;
    m += delta / ++count;
    ss += delta * (x - m);
  }
  return { mean: sum / xs.length, sd: count > 1 ? Math.sqrt(ss / (count - 1)) : 0, n: xs.length };
}

/** Mean, sample s.d. and count of each compared metric over runs; null for a metric no run has. */
export function summarise(runs: readonly TableRun[]): Record<string, Summary | null> {
  const per = runs.map(runFigures);
  const out: Record<string, Summary | null> = {};
  for (const m of TABLE_METRICS) {
    const xs = per.map((r) => r[m]).filter((x): x is number => x !== null && Number.isFinite(x));
    out[m] = xs.length === 0 ? null : meanSd(xs);
  }
  return out;
}

/**
 * Welch's t of two samples: (m1 − m2) / √(s1²/n1 + s2²/n2); null when either is missing; 0 when
 * both are constant and equal, ±Infinity when constant and different.
 */
export function welch(a: Summary | null | undefined, b: Summary | null | undefined): number | null {
  if (!a || !b) return null;
  const se = Math.sqrt((a.sd * a.sd) / a.n + (b.sd * b.sd) / b.n);
  if (se === 0) return a.mean === b.mean ? 0 : Math.sign(a.mean - b.mean) * Infinity;
  return (a.mean - b.mean) / se;
}

/**
 * Welch–Satterthwaite degrees of freedom of two samples: (a + b)² / (a² / (n1 − 1) + b² / (n2 − 1))
 * with a = s1²/n1, b = s2²/n2; null when either is missing, Infinity when both are constant (t is
 * then 0 or ±Infinity, no distribution needed).
 */
export function welchDf(
  a: Summary | null | undefined,
  b: Summary | null | undefined,
): number | null {
  if (!a || !b) return null;
  const va = (a.sd * a.sd) / a.n;
  const vb = (b.sd * b.sd) / b.n;
  if (va + vb === 0) return Infinity;
  return ((va + vb) * (va + vb)) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
}

/**
 * The chance, for a whole table, that an engine which behaves exactly as ns-2 still fails the
 * comparison somewhere: 1 %. Each table compares `cells` = rows × TABLE_METRICS means; with every
 * cell held to |t| < bound(cells, df) (Bonferroni), the chance that any cell of the table exceeds
 * its bound by sampling alone is at most 1 % (less, as the metrics of a row are correlated).
 */
export const TABLE_FALSE_ALARM = 0.01;

/**
 * The bound on |t| for one cell of a table of `cells` cells: the two-sided Student-t quantile at
 * 1 − falseAlarm / (2 · cells) with the cell's Welch degrees of freedom (the normal quantile when
 * df is infinite). A geo table has 40 cells: 4.01 at df 41 (our 30 runs against ns-2's 150), 3.90
 * at df 58 (against 60); alamgir-table2 has 70: 4.07 at df 58. Held to |t| < 3 instead, a cell
 * fails by sampling alone 0.39 % of the time (df 60) and a table of 40 to 70 cells 10–24 % of the
 * time (tests/fixtures/ns2-tables/README.md, "Agreement").
 */
export function agreementBound(cells: number, df: number, falseAlarm = TABLE_FALSE_ALARM): number {
  const p = 1 - falseAlarm / (2 * cells);
  return Number.isFinite(df) ? jstat.studentt.inv(p, df) : jstat.normal.inv(p, 0, 1);
}

/** One compared metric of a table row. */
export interface CellComparison {
  metric: RunColumn;
  ours: Summary;
  ns2: Summary;
  t: number;
  df: number;
  /** The cell's bound (agreementBound) in a table of the given cells; null without it. */
  bound: number | null;
}

/**
 * Every compared metric both summaries have, with our and ns-2's summary, Welch's t and its
 * degrees of freedom, and — given the table's number of cells — the cell's bound.
 */
export function compareSummaries(
  ours: Record<string, Summary | null>,
  ns2: Record<string, Summary | null>,
  cells: number | null = null,
): CellComparison[] {
  return TABLE_METRICS.flatMap((m) => {
    const a = ours[m];
    const b = ns2[m];
    if (!a || !b) return [];
    const df = welchDf(a, b)!;
    return [
      {
        metric: m,
        ours: a,
        ns2: b,
        t: welch(a, b)!,
        df,
        bound: cells === null ? null : agreementBound(cells, df),
      },
    ];
  });
}
