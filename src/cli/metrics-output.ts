/**
 * `--out metrics`: one row per flow of the papers' metrics (src/metrics), CSV (RFC 4180: header
 * row, comma-separated, cells with a comma, quote or line break quoted, "\n" line ends) or JSON
 * (an array of flat row objects, one per line). Leading identity columns: the swept keys (a
 * sweep only), `seed`, `flow` (1-based), `sender`; then METRIC_COLUMNS. Numbers print in
 * shortest round-trip form (full double precision); undefined values (null) print as an empty
 * CSV cell or JSON null. Pure.
 */
import type { SimConfig, Trace } from '../engine';
import { computeMetrics, METRIC_COLUMNS, metricsRows, type MetricsRow } from '../metrics';

/** Identity columns after the swept keys. */
export const IDENTITY_COLUMNS = ['seed', 'flow', 'sender'] as const;

/** One flow's row without the identity columns: what a sweep worker sends back. */
export type FlowMetricsRow = { flow: number; sender: string } & MetricsRow;

/** The rows of a run (src/metrics computeMetrics, then metricsRows). */
export function runMetricsRows(trace: Trace, config: SimConfig): FlowMetricsRow[] {
  return metricsRows(computeMetrics(trace, config));
}

/** An RFC 4180 cell: numbers as String(), null as empty, text quoted when it needs to be. */
function cell(v: string | number | null): string {
  if (v === null) return '';
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV header line (with "\n"), swept keys first. */
export function metricsCsvHeader(sweptKeys: readonly string[]): string {
  return `${[...sweptKeys, ...IDENTITY_COLUMNS, ...METRIC_COLUMNS].map(cell).join(',')}\n`;
}

/** A swept value in JSON: a number when it is written as one, else the string. */
export function jsonValue(v: string): string | number {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) && String(n) === v ? n : v;
}

/** The row objects of a run, identity columns first, keys in column order. */
export function metricsObjects(
  swept: readonly (readonly [string, string])[],
  seed: number,
  rows: readonly FlowMetricsRow[],
): Record<string, string | number | null>[] {
  return rows.map((r) => {
    const o: Record<string, string | number | null> = {};
    for (const [k, v] of swept) o[k] = jsonValue(v);
    o.seed = seed;
    o.flow = r.flow;
    o.sender = r.sender;
    for (const c of METRIC_COLUMNS) o[c] = r[c];
    return o;
  });
}

/** The CSV lines of a run (each with "\n"), swept values as written. */
export function metricsCsvLines(
  sweptValues: readonly string[],
  seed: number,
  rows: readonly FlowMetricsRow[],
): string {
  return rows
    .map((r) => {
      const cells: (string | number | null)[] = [...sweptValues, seed, r.flow, r.sender];
      for (const c of METRIC_COLUMNS) cells.push(r[c]);
      return `${cells.map(cell).join(',')}\n`;
    })
    .join('');
}

/** The JSON lines of a run: one compact object per row, ",\n" after each unless `last`. */
export function metricsJsonLines(
  swept: readonly (readonly [string, string])[],
  seed: number,
  rows: readonly FlowMetricsRow[],
  last: boolean,
): string {
  const objs = metricsObjects(swept, seed, rows);
  return objs
    .map((o, k) => `${JSON.stringify(o)}${last && k === objs.length - 1 ? '' : ','}\n`)
    .join('');
}

/** A single run's `--out metrics` output. */
export function renderMetrics(
  rows: readonly FlowMetricsRow[],
  seed: number,
  format: 'csv' | 'json',
): string {
  if (format === 'json') return `[\n${metricsJsonLines([], seed, rows, true)}]\n`;
  return metricsCsvHeader([]) + metricsCsvLines([], seed, rows);
}
