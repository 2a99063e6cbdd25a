/**
 * The sweep table's numbers: for each swept value, the mean and the sample standard deviation
 * (n − 1 in the denominator) over the seeds that finished, of each column. Runs without a value
 * for a column (null) do not count for it. Pure.
 */
import type { SweepColumn, SweepFlowRow } from './columns';

export interface Stat {
  /** Runs with a value. */
  n: number;
  mean: number | null;
  /** Sample standard deviation; null with fewer than two values. */
  sd: number | null;
}

/** Mean and sample standard deviation of the non-null values. */
export function meanSd(values: readonly (number | null)[]): Stat {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return { n, mean: null, sd: null };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n < 2) return { n, mean, sd: null };
  let sq = 0;
  for (const x of xs) sq += (x - mean) * (x - mean);
  return { n, mean, sd: Math.sqrt(sq / (n - 1)) };
}

/** One finished run of a sweep. */
export interface SweepRunRecord {
  /** Index of the job in the sweep's run list. */
  index: number;
  /** The swept value as written. */
  value: string;
  seed: number;
  rows: SweepFlowRow[];
  engineMs: number;
  /** Packet events simulated. */
  events: number;
}

export interface AggregateRow {
  value: string;
  /** Runs finished for this value. */
  runs: number;
  stats: Record<string, Stat>;
}

/** One row per value (in the sweep's order), its columns' statistics over its finished runs. */
export function aggregate(
  runs: readonly SweepRunRecord[],
  values: readonly string[],
  columns: readonly SweepColumn[],
): AggregateRow[] {
  return values.map((value) => {
    const of = runs.filter((r) => r.value === value);
    const stats: Record<string, Stat> = {};
    for (const c of columns) stats[c.id] = meanSd(of.map((r) => c.value(r.rows)));
    return { value, runs: of.length, stats };
  });
}
