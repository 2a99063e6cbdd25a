/**
 * A run's metrics as flat rows, one per flow, for CSV/JSON export (the CLI's `--out metrics`, the
 * sweep's CSV): the columns of the registry (columns.ts) in its order — per-flow values, and the
 * run's values repeated on every flow's row. Numbers are exact (the CLI prints them in shortest
 * round-trip form); null = not defined (empty CSV cell).
 */
import { METRIC_COLUMN_DEFS, type MetricColumn } from './columns';
import type { RunMetrics } from './types';

/** One flow's metrics, keyed by column id; units and meanings: columns.ts. */
export type MetricsRow = Record<MetricColumn, number | null>;

/** The rows of a run, one per flow in flow order, with the flow number (1-based) and sender. */
export function metricsRows(m: RunMetrics): ({ flow: number; sender: string } & MetricsRow)[] {
  return m.flows.map((f) => {
    const row = { flow: f.flow, sender: f.sender as string } as {
      flow: number;
      sender: string;
    } & MetricsRow;
    for (const c of METRIC_COLUMN_DEFS) row[c.id] = c.value(f, m);
    return row;
  });
}
