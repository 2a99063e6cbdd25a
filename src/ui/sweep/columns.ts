/**
 * The columns of the sweep table: the metrics module's run columns (RUN_COLUMN_DEFS: the papers'
 * per-run figures, computed from a run's per-flow rows), as the table shows them. Column ids are
 * the metric ids the presets' published tables use (pct_tput_tcp, pct_tput_sctp, pct_increase,
 * link_util, jain). Pure.
 */
import { RUN_COLUMN_DEFS, type MetricsRow } from '../deps/metrics';

/** One flow's metrics as a sweep run returns them (src/metrics metricsRows). */
export type SweepFlowRow = { flow: number; sender: string } & MetricsRow;

export interface SweepColumn {
  id: string;
  /** Short header. */
  label: string;
  unit: string;
  /** Decimals shown. */
  digits: number;
  /** What the number is (the header's tooltip). */
  help: string;
  /** The column's value for one run; null when it has none (e.g. no SCTP flow). */
  value(rows: readonly SweepFlowRow[]): number | null;
}

export const SWEEP_COLUMNS: readonly SweepColumn[] = RUN_COLUMN_DEFS.map((c) => ({
  id: c.id,
  label: c.label,
  unit: c.unit,
  digits: c.digits,
  help: c.doc,
  value: (rows: readonly SweepFlowRow[]) => c.value({ flows: rows }),
}));

const BY_ID = new Map(SWEEP_COLUMNS.map((c) => [c.id, c]));

export function sweepColumn(id: string): SweepColumn | undefined {
  return BY_ID.get(id);
}

/**
 * The columns a table shows: the published ones first (in the paper's order), then the rest
 * that have a value in some run (e.g. no SCTP columns when every flow is TCP).
 */
export function tableColumns(
  published: readonly string[],
  runs: readonly (readonly SweepFlowRow[])[],
): SweepColumn[] {
  const first = published.flatMap((id) => (BY_ID.has(id) ? [BY_ID.get(id)!] : []));
  const rest = SWEEP_COLUMNS.filter(
    (c) =>
      !published.includes(c.id) && (runs.length === 0 || runs.some((r) => c.value(r) !== null)),
  );
  return [...first, ...rest];
}
