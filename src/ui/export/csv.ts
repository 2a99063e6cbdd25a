/**
 * The export menu's CSV files, from the trace outputs' rows (routerRows / cwndRows): flows
 * numbered from 1 as the page names them ("flow 1"), and in compare mode every compared run,
 * each row led by its run number, sender and profile (the compare entry's, e.g. `newreno@rfc`;
 * empty when the entry names none). The router rows are those of the router shown (`node`, the
 * `router` view key: routerView.ts), as the router plot draws them.
 */
import { CWND_COLUMNS, cwndRows, ROUTER_COLUMNS, routerRows, toCsv } from '../deps/outputs';
import { splitEntry } from '../model/compareEntries';
import { shownRouter } from '../deps/panels';
import type { Trace } from '../../engine';

export type CsvKind = 'router' | 'cwnd';

const COLUMNS = { router: ROUTER_COLUMNS, cwnd: CWND_COLUMNS } as const;

function rowsOf(trace: Trace, kind: CsvKind, node: string | null): Record<string, unknown>[] {
  const rows: readonly { flow: number }[] =
    kind === 'router' ? routerRows(trace, shownRouter(trace, node)) : cwndRows(trace);
  return rows.map((r) => ({ ...r, flow: r.flow + 1 }));
}

/**
 * One run's rows (flow 1-based). `node`: the router shown (`A1`); null or a name the run cannot
 * show: its own router.
 */
export function runCsv(trace: Trace, kind: CsvKind, node: string | null = null): string {
  return toCsv(rowsOf(trace, kind, node), COLUMNS[kind] as readonly string[]);
}

/**
 * Every compared run's rows, in the order compared: `run,sender,profile,` then the run's
 * columns. `names` are the runs' names as the compare panel labels them (`reno`, `newreno@rfc`);
 * `node` as for runCsv, per run.
 */
export function compareCsv(
  runs: readonly { trace: Trace; name: string }[],
  kind: CsvKind,
  node: string | null = null,
): string {
  const rows: Record<string, unknown>[] = [];
  runs.forEach(({ trace, name }, i) => {
    const { sender, profile } = splitEntry(name);
    for (const r of rowsOf(trace, kind, node))
      rows.push({ run: i + 1, sender, profile: profile ?? '', ...r });
  });
  return toCsv(rows, ['run', 'sender', 'profile', ...COLUMNS[kind]]);
}
