/**
 * The explanation log's entries: the sender decisions and the path events of multi-homed SCTP
 * associations (HEARTBEATs, failover, …; model/pathLogRows.ts) merged in time order (a decision
 * before a path event at the same time). An entry is a position in this order; a trace without
 * path rows has one entry per decision, entry = decision id, so the log reads exactly as before.
 * Built in one pass over the columns per trace; the flow filter, the search and the cursor's
 * row work on entries.
 */
import type { Trace } from '../../engine';
import { lastAtOrBelow } from '../deps/panels';
import { isLoggedPathEvent, pathLogRowAt, pathRowText } from './pathLogRows';
import { searchTextAt } from './logRows';
import { decisionAtCursor, lastEventAtOrBefore, traceIndex } from './traceIndex';

export interface LogEntries {
  length: number;
  /** Decisions and path rows merged: ≥ 0 a decision id, < 0 path-event row −(entry + 1). */
  entry: Int32Array;
  /** The packet event each entry belongs to (non-decreasing). */
  event: Int32Array;
  flow: Uint16Array;
  /** Path rows in the log (0: entry = decision id). */
  pathRows: number;
}

const cache = new WeakMap<Trace, LogEntries>();

export function logEntries(trace: Trace): LogEntries {
  const hit = cache.get(trace);
  if (hit) return hit;
  const D = trace.decisions;
  const E = trace.pathEvents;
  const rows: number[] = [];
  if (E) for (let i = 0; i < E.length; i++) if (isLoggedPathEvent(E.event[i]!)) rows.push(i);
  const de = traceIndex(trace).decisionEvent;
  const n = D.length + rows.length;
  const entry = new Int32Array(n);
  const event = new Int32Array(n);
  const flow = new Uint16Array(n);
  let d = 0;
  let k = 0;
  for (let pos = 0; pos < n; pos++) {
    const takeDecision = d < D.length && (k >= rows.length || D.time[d]! <= E!.time[rows[k]!]!);
    if (takeDecision) {
      entry[pos] = d;
      event[pos] = de[d]!;
      flow[pos] = D.flow[d]!;
      d++;
    } else {
      const r = rows[k++]!;
      entry[pos] = -(r + 1);
      event[pos] = lastEventAtOrBefore(trace, E!.time[r]!);
      flow[pos] = E!.flow[r]!;
    }
  }
  const out = { length: n, entry, event, flow, pathRows: rows.length };
  cache.set(trace, out);
  return out;
}

/** The path-event row of entry `pos`, or -1 for a decision. */
export function pathRowOfEntry(trace: Trace, pos: number): number {
  const e = logEntries(trace).entry[pos]!;
  return e < 0 ? -e - 1 : -1;
}

/** The entry current at `cursor`: the last whose event ≤ cursor, or -1. */
export function entryAtCursor(trace: Trace, cursor: number): number {
  const L = logEntries(trace);
  if (L.pathRows === 0) return decisionAtCursor(trace, cursor);
  return lastAtOrBelow(L.event, cursor);
}

/** The entries (ascending) of one flow; `ids` limits them to a list of entries. */
export function entriesOfFlows(
  trace: Trace,
  flows: readonly number[],
  ids?: Int32Array,
): Int32Array {
  const L = logEntries(trace);
  const show = new Set(flows);
  const n = ids ? ids.length : L.length;
  const at = (k: number) => (ids ? ids[k]! : k);
  let count = 0;
  for (let k = 0; k < n; k++) if (show.has(L.flow[at(k)]!)) count++;
  const out = new Int32Array(count);
  for (let k = 0, j = 0; k < n; k++) if (show.has(L.flow[at(k)]!)) out[j++] = at(k);
  return out;
}

const flowCache = new WeakMap<Trace, Map<string, Int32Array>>();

/** Entries of `flows` over the whole log, kept per trace and flow set. */
export function entriesOfFlowsCached(trace: Trace, flows: readonly number[]): Int32Array {
  let m = flowCache.get(trace);
  if (!m) {
    m = new Map();
    flowCache.set(trace, m);
  }
  const key = flows.join(',');
  let hit = m.get(key);
  if (!hit) {
    hit = entriesOfFlows(trace, flows);
    m.set(key, hit);
  }
  return hit;
}

/** What the search box matches for entry `pos`, lower-cased. */
export function entrySearchText(trace: Trace, pos: number): string {
  const e = logEntries(trace).entry[pos]!;
  if (e >= 0) return searchTextAt(trace, e);
  return pathRowText(pathLogRowAt(trace, -e - 1)).toLowerCase();
}

const ready = new WeakMap<Trace, number>();

/** Fill search texts for at most `budgetMs`; true when every entry has one. */
export function prepareEntrySearch(trace: Trace, budgetMs: number): boolean {
  const n = logEntries(trace).length;
  const end = performance.now() + budgetMs;
  let i = ready.get(trace) ?? 0;
  while (i < n) {
    entrySearchText(trace, i++);
    if ((i & 63) === 0 && performance.now() > end) break;
  }
  ready.set(trace, i);
  return i >= n;
}
