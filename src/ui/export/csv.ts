/**
 * The export menu's CSV files, from the trace outputs' rows (routerRows / cwndRows): flows
 * numbered from 1 as the page names them ("flow 1"), and in compare mode every compared run,
 * each row led by its run number, sender and profile (the compare entry's, e.g. `newreno@rfc`;
 * empty when the entry names none).
 */
import { CWND_COLUMNS, cwndRows, ROUTER_COLUMNS, routerRows, toCsv } from '../deps/outputs';
import { splitEntry } from '../model/compareEntries';
import type { Trace } from '../../engine';

export type CsvKind = 'router' | 'cwnd';

const COLUMNS = { router: ROUTER_COLUMNS, cwnd: CWND_COLUMNS } as const;

function rowsOf(trace: Trace, kind: CsvKind): Record<string, unknown>[] {
  const rows: readonly { flow: number }[] = kind === 'router' ? routerRows(trace) : cwndRows(trace);
  return rows.map((r) => ({ ...r, flow: r.flow + 1 }));
}

/** One run's rows (flow 1-based). */
export function runCsv(trace: Trace, kind: CsvKind): string {
  return toCsv(rowsOf(trace, kind), COLUMNS[kind] as readonly string[]);
}

/**
 * Every compared run's rows, in the order compared: `run,sender,profile,` then the run's
 * columns. `names` are the runs' names as the compare panel labels them (`reno`, `newreno@rfc`).
 */
export function compareCsv(
  runs: readonly { trace: Trace; name: string }[],
  kind: CsvKind,
): string {
  const rows: Record<string, unknown>[] = [];
  runs.forEach(({ trace, name }, i) => {
    const { sender, profile } = splitEntry(name);
    for (const r of rowsOf(trace, kind)) rows.push({ run: i + 1, sender, profile: profile ?? '', ...r });
  });
  return toCsv(rows, ['run', 'sender', 'profile', ...COLUMNS[kind]]);
}
