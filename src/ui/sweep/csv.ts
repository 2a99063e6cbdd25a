/**
 * The sweep's per-run rows as CSV, in the CLI's `--out metrics` form: the swept key, `seed`,
 * `flow` (from 1), `sender`, then the metrics module's METRIC_COLUMNS; one line per flow of each
 * finished run, in run-list order (value, then seed), whatever order the workers finished in.
 * RFC 4180: header row, commas, cells with a comma, quote or line break quoted, "\n" line ends;
 * numbers in shortest round-trip form, an undefined value (null) as an empty cell. Pure.
 */
import { METRIC_COLUMNS } from '../deps/metrics';
import type { SweepRunRecord } from './aggregate';

function cell(v: string | number | null): string {
  if (v === null) return '';
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function sweepCsv(
  key: string,
  values: readonly string[],
  runs: readonly SweepRunRecord[],
): string {
  const header = [key, 'seed', 'flow', 'sender', ...METRIC_COLUMNS].map(cell).join(',');
  const lines = [header];
  const order = (r: SweepRunRecord) => values.indexOf(r.value);
  const sorted = [...runs].sort((a, b) => order(a) - order(b) || a.seed - b.seed);
  for (const r of sorted) {
    for (const row of r.rows) {
      const cells: (string | number | null)[] = [r.value, r.seed, row.flow, row.sender];
      for (const c of METRIC_COLUMNS) cells.push(row[c]);
      lines.push(cells.map(cell).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
