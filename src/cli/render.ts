/** Turns a trace into the text the CLI prints for one --out/--format pair. Pure. */
import { explainAll } from '../trace/explain';
import { codeAt } from '../engine';
import {
  CWND_COLUMNS,
  ROUTER_COLUMNS,
  cwndRows,
  routerRows,
  summaryJson,
  toCsv,
  toJson,
  toJsonRows,
} from '../trace/outputs';
import type { Trace } from '../engine';
import type { Format, Output } from './args';

/** Explanation lines: `time<TAB>sentence`, with "flow N: " before the sentence when several flows ran. */
function explainText(trace: Trace): string {
  const multi = trace.flows.length > 1;
  return explainAll(trace)
    .map((e) => `${String(e.time)}\t${multi ? `flow ${e.flow}: ` : ''}${e.text}\n`)
    .join('');
}

/** The text of one view of a full trace (`--out metrics` is metrics-output.ts: it needs the
 * config; `--out paths` is paths-output.ts; `--out pcap` is binary, main.ts). */
export function render(
  trace: Trace,
  out: Exclude<Output, 'metrics' | 'pcap' | 'paths' | 'rate' | 'queue'>,
  format: Format,
): string {
  switch (out) {
    case 'router': {
      const rows = routerRows(trace);
      return format === 'json' ? toJsonRows(rows) : toCsv(rows, ROUTER_COLUMNS);
    }
    case 'cwnd': {
      const rows = cwndRows(trace);
      return format === 'json' ? toJsonRows(rows) : toCsv(rows, CWND_COLUMNS);
    }
    case 'explain':
      if (format === 'json') {
        return toJsonRows(explainAll(trace).map((e) => ({ ...e, code: codeAt(trace, e.id) })));
      }
      return explainText(trace);
    case 'summary':
      return toJson(summaryJson(trace));
  }
}
