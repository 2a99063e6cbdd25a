/**
 * `--out paths`: one row per SCTP path event or change (Trace.pathEvents, kept in both record
 * modes), CSV (header row, "\n" line ends) or JSON (an array of row objects, one per line):
 *
 *   time        seconds (the engine's exact double, shortest round-trip form)
 *   flow        the flow's engine id, 0-based (as --out router and cwnd)
 *   path        the path's destination address: its node name (FlowInfo.paths[i].dst)
 *   event       change, heartbeat, heartbeat-ack, heartbeat-timeout, t3-expiry, inactive,
 *               failover, recovered, primary, abort (PATH_EVENT_NAMES)
 *   state       active | inactive, after the event
 *   cwnd        the path's congestion window after the event, bytes
 *   ssthresh    the path's slow-start threshold after the event, bytes
 *   rto         the path's retransmission timeout after the event, seconds
 *   error_count the path's RFC 4960 §8.2 error counter after the event
 *
 * Single-homed associations write no `change` rows (the engine keeps their size), so a
 * single-homed run has rows only for its heartbeats and timer expiries, and a TCP or UDP run
 * none (the header alone). Pure.
 */
import type { Trace } from '../engine';
import { toCsv, toJsonRows } from '../trace/outputs';
import { PATH_EVENT_NAMES, PATH_STATE_NAMES } from '../engine';

export const PATH_COLUMNS = [
  'time',
  'flow',
  'path',
  'event',
  'state',
  'cwnd',
  'ssthresh',
  'rto',
  'error_count',
] as const;

export interface PathRow {
  time: number;
  flow: number;
  path: string;
  event: string;
  state: string;
  cwnd: number;
  ssthresh: number;
  rto: number;
  error_count: number;
}

/** The rows of a trace's path events, in engine order. */
export function pathRows(trace: Trace): PathRow[] {
  const pe = trace.pathEvents;
  if (!pe) return [];
  const rows: PathRow[] = [];
  for (let i = 0; i < pe.length; i++) {
    const flow = pe.flow[i]!;
    const index = pe.path[i]!;
    const path = trace.flows[flow]?.paths?.[index]?.dst ?? String(index);
    rows.push({
      time: pe.time[i]!,
      flow,
      path,
      event: PATH_EVENT_NAMES[pe.event[i]!] ?? String(pe.event[i]),
      state: PATH_STATE_NAMES[pe.state[i]!] ?? String(pe.state[i]),
      cwnd: pe.cwnd[i]!,
      ssthresh: pe.ssthresh[i]!,
      rto: pe.rto[i]!,
      error_count: pe.errorCount[i]!,
    });
  }
  return rows;
}

/** The text of `--out paths` in CSV or JSON. */
export function renderPaths(trace: Trace, format: 'csv' | 'json'): string {
  const rows = pathRows(trace);
  return format === 'json' ? toJsonRows(rows) : toCsv(rows, PATH_COLUMNS);
}
