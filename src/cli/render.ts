/** Turns a trace into the text the CLI prints for one --out/--format pair. Pure. */
import { explainAll } from '../trace/explain';
import { explainMac } from '../trace/explain-mac';
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

/**
 * Explanation lines: `time<TAB>sentence`, with "flow N: " before the sentence when several flows
 * ran; a run with shared media also has its MAC retries and drops (explain-mac.ts), merged in
 * time order after the decisions of the same time.
 */
function explainText(trace: Trace): string {
  const multi = trace.flows.length > 1;
  const lines = explainAll(trace).map((e) => ({
    time: e.time,
    text: `${String(e.time)}\t${multi ? `flow ${e.flow}: ` : ''}${e.text}\n`,
  }));
  const mac = explainMac(trace);
  if (mac.length === 0) return lines.map((l) => l.text).join('');
  const out: string[] = [];
  let i = 0;
  for (const m of mac) {
    while (i < lines.length && lines[i]!.time <= m.time) out.push(lines[i++]!.text);
    out.push(`${String(m.time)}\t${multi ? `flow ${m.flow}: ` : ''}${m.text} (${m.source})\n`);
  }
  while (i < lines.length) out.push(lines[i++]!.text);
  return out.join('');
}

/** The text of one view of a full trace (`--out metrics` is metrics-output.ts: it needs the
 * config; `--out paths` is paths-output.ts; `--out pcap` is binary, main.ts). */
export function render(
  trace: Trace,
  out: Exclude<Output, 'metrics' | 'pcap' | 'paths' | 'rate'>,
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
