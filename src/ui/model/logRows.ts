/**
 * The explanation log's rows, built one at a time when a row is shown (or searched), never for
 * the whole trace at once: a 1000 s run has ~50 k decisions and each sentence costs a few
 * microseconds. Rows and search texts are kept per trace.
 */
import { decisionAt, type Decision, type Trace } from '../../engine';
import { explainDecision, explainNote, explainRule } from '../deps/outputs';
import { reason } from '../../engine';
import { logRowParts, type LogRowParts } from './logRow';
import { decisionLabel, traceIndex } from './traceIndex';

export interface LogRow {
  /** Decision row (= Decision.id). */
  id: number;
  d: Decision;
  /** Packet event the decision belongs to (where a click seeks). */
  event: number;
  /** Compact label, e.g. "3rd duplicate ACK, fast retransmit". */
  label: string;
  /** The engine's sentence, with its source in parentheses (and its note, if any). */
  text: string;
  parts: LogRowParts;
  /** What the RFC text would do here (a run under ns-2's rules), shown under the sentence. */
  note: { sentence: string; source: string } | null;
}

interface Cache {
  rows: (LogRow | undefined)[];
  /** Lower-cased "label sentence" per row, filled by searches and idle time. */
  search: (string | undefined)[];
  /** Rows [0, searchReady) all have a search text. */
  searchReady: number;
}

const caches = new WeakMap<Trace, Cache>();

function cacheOf(trace: Trace): Cache {
  let c = caches.get(trace);
  if (!c) {
    const n = trace.decisions.length;
    c = { rows: new Array(n), search: new Array(n), searchReady: 0 };
    caches.set(trace, c);
  }
  return c;
}

/** Row `id` of the log (built on first use, then kept). */
export function logRowAt(trace: Trace, id: number): LogRow {
  const c = cacheOf(trace);
  let row = c.rows[id];
  if (!row) {
    const d = decisionAt(trace, id);
    const text = explainDecision(d, trace);
    const label = decisionLabel(d, trace);
    row = {
      id,
      d,
      event: traceIndex(trace).decisionEvent[id] as number,
      label,
      text,
      parts: logRowParts(d, explainRule(d, trace), reason(d.code)),
      note: explainNote(d, trace),
    };
    c.rows[id] = row;
    c.search[id] ??= `${label} ${text}`.toLowerCase();
  }
  return row;
}

/** What the search box matches for row `id`: its label and sentence, lower-cased. */
export function searchTextAt(trace: Trace, id: number): string {
  const c = cacheOf(trace);
  let s = c.search[id];
  if (s === undefined) {
    const d = decisionAt(trace, id);
    s = `${decisionLabel(d, trace)} ${explainDecision(d, trace)}`.toLowerCase();
    c.search[id] = s;
  }
  return s;
}

/**
 * Fill search texts from where the last call stopped, for at most `budgetMs`; true when every
 * row has one (then a search is one quick pass over strings).
 */
export function prepareSearch(trace: Trace, budgetMs: number): boolean {
  const c = cacheOf(trace);
  const n = trace.decisions.length;
  const end = performance.now() + budgetMs;
  let i = c.searchReady;
  while (i < n) {
    searchTextAt(trace, i++);
    if ((i & 63) === 0 && performance.now() > end) break;
  }
  c.searchReady = i;
  return i >= n;
}
