/**
 * The explanation log's entries: the sender decisions, the path events of multi-homed SCTP
 * associations (HEARTBEATs, failover, …; model/pathLogRows.ts) and the MAC retries and
 * retry-limit drops of a run with radio cells (model/macLogRows.ts), merged in time order (at
 * the same time a decision first, then a path event, then a MAC row). An entry is a position in
 * this order; a trace with neither path nor MAC rows has one entry per decision, entry =
 * decision id, so the log reads exactly as before. Built in one pass over the columns per
 * trace; the flow filter, the search and the cursor's row work on entries.
 */
import type { Trace } from '../../engine';
import { lastAtOrBelow } from '../deps/panels';
import { isLoggedMacRow, macLogRowAt, macRowText } from './macLogRows';
import { isLoggedPathEvent, pathLogRowAt, pathRowText } from './pathLogRows';
import { searchTextAt } from './logRows';
import { decisionAtCursor, lastEventAtOrBefore, traceIndex } from './traceIndex';

/** What an entry is (LogEntries.kind). */
export const EntryKind = { decision: 0, path: 1, mac: 2 } as const;

export interface LogEntries {
  length: number;
  /**
   * Per entry: ≥ 0 a decision id; < 0 a row −(entry + 1) of trace.pathEvents or trace.mac, as
   * `kind` says.
   */
  entry: Int32Array;
  /** Per entry: EntryKind. */
  kind: Uint8Array;
  /** The packet event each entry belongs to (non-decreasing). */
  event: Int32Array;
  flow: Uint16Array;
  /** Path rows in the log (0 with no MAC rows: entry = decision id). */
  pathRows: number;
  /** MAC retry and drop rows in the log. */
  macRows: number;
}

const cache = new WeakMap<Trace, LogEntries>();

export function logEntries(trace: Trace): LogEntries {
  const hit = cache.get(trace);
  if (hit) return hit;
  const D = trace.decisions;
  const E = trace.pathEvents;
  const M = trace.mac;
  const rows: number[] = [];
  if (E) for (let i = 0; i < E.length; i++) if (isLoggedPathEvent(E.event[i]!)) rows.push(i);
  const macs: number[] = [];
  if (M) for (let i = 0; i < M.length; i++) if (isLoggedMacRow(trace, i)) macs.push(i);
  const de = traceIndex(trace).decisionEvent;
  const n = D.length + rows.length + macs.length;
  const entry = new Int32Array(n);
  const kind = new Uint8Array(n);
  const event = new Int32Array(n);
  const flow = new Uint16Array(n);
  let d = 0;
  let k = 0;
  let m = 0;
  for (let pos = 0; pos < n; pos++) {
    const tD = d < D.length ? D.time[d]! : Infinity;
    const tP = k < rows.length ? E!.time[rows[k]!]! : Infinity;
    const tM = m < macs.length ? M!.time[macs[m]!]! : Infinity;
    if (d < D.length && tD <= tP && tD <= tM) {
      entry[pos] = d;
      event[pos] = de[d]!;
      flow[pos] = D.flow[d]!;
      d++;
    } else if (k < rows.length && tP <= tM) {
      const r = rows[k++]!;
      entry[pos] = -(r + 1);
      kind[pos] = EntryKind.path;
      event[pos] = lastEventAtOrBefore(trace, E!.time[r]!);
      flow[pos] = E!.flow[r]!;
    } else {
      const r = macs[m++]!;
      entry[pos] = -(r + 1);
      kind[pos] = EntryKind.mac;
      event[pos] = lastEventAtOrBefore(trace, M!.time[r]!);
      flow[pos] = trace.transmissions.flow[M!.uid[r]!]!;
    }
  }
  const out = { length: n, entry, kind, event, flow, pathRows: rows.length, macRows: macs.length };
  cache.set(trace, out);
  return out;
}

/** The path-event row of entry `pos`, or -1 for a decision or a MAC row. */
export function pathRowOfEntry(trace: Trace, pos: number): number {
  const L = logEntries(trace);
  const e = L.entry[pos]!;
  return L.kind[pos] === EntryKind.path ? -e - 1 : -1;
}

/** The MAC row of entry `pos`, or -1 for a decision or a path row. */
export function macRowOfEntry(trace: Trace, pos: number): number {
  const L = logEntries(trace);
  const e = L.entry[pos]!;
  return L.kind[pos] === EntryKind.mac ? -e - 1 : -1;
}

/** The entry current at `cursor`: the last whose event ≤ cursor, or -1. */
export function entryAtCursor(trace: Trace, cursor: number): number {
  const L = logEntries(trace);
  if (L.pathRows === 0 && L.macRows === 0) return decisionAtCursor(trace, cursor);
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
  const L = logEntries(trace);
  const e = L.entry[pos]!;
  if (e >= 0) return searchTextAt(trace, e);
  if (L.kind[pos] === EntryKind.mac) return macRowText(macLogRowAt(trace, -e - 1)).toLowerCase();
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
