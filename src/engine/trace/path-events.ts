import { ColumnTable } from './growable';

/**
 * What happened on an SCTP path (a destination address of a multi-homed association; RFC 4960
 * §6.4, §8.2, §8.3): the `event` of a PathEventColumns row, by index.
 * - `change`: the path's cwnd, ssthresh, RTO or error count changed (written only for
 *   associations with more than one path, so single-homed runs keep their size);
 * - `heartbeat` / `heartbeat-ack`: a HEARTBEAT sent to the path / its HEARTBEAT-ACK received (§8.3);
 * - `heartbeat-timeout`: a HEARTBEAT unanswered within the path's RTO (error count + 1);
 * - `t3-expiry`: the path's T3-rtx timer expired (§6.3.3; error count + 1);
 * - `inactive`: the error count exceeded Path.Max.Retrans (§8.2);
 * - `failover`: new data moves to another active path because this one (the primary, or the path
 *   new data had failed over to) became inactive; the row is on the path new data leaves;
 * - `recovered`: an inactive path answered a HEARTBEAT and is active again (§8.3);
 * - `primary`: new data goes back to the primary path;
 * - `abort`: the association ended after Association.Max.Retrans (§8.1).
 */
export const PATH_EVENT_NAMES = [
  'change',
  'heartbeat',
  'heartbeat-ack',
  'heartbeat-timeout',
  't3-expiry',
  'inactive',
  'failover',
  'recovered',
  'primary',
  'abort',
] as const;
export type PathEventName = (typeof PATH_EVENT_NAMES)[number];
/** Index of each name in PATH_EVENT_NAMES. */
export const PathEvent = Object.fromEntries(PATH_EVENT_NAMES.map((n, i) => [n, i])) as {
  readonly [K in PathEventName]: number;
};

/** PathEventColumns.state. */
export const PATH_STATE_NAMES = ['active', 'inactive'] as const;
export type PathStateName = (typeof PATH_STATE_NAMES)[number];

/**
 * One row per path event or change, in time order. `path` is the 0-based index into
 * FlowInfo.paths; windows in bytes, RTO in seconds; the values are the path's after the event.
 */
export interface PathEventColumns {
  length: number;
  time: Float64Array;
  flow: Uint16Array;
  path: Uint8Array;
  /** Index into PATH_EVENT_NAMES. */
  event: Uint8Array;
  /** Index into PATH_STATE_NAMES. */
  state: Uint8Array;
  cwnd: Float64Array;
  ssthresh: Float64Array;
  rto: Float64Array;
  /** RFC 4960 §8.2 error counter of the path. */
  errorCount: Uint16Array;
  /**
   * What RFC 4960 would do here, in a run under ns-2's rules (notes.ts): 0 none, else 1 + an
   * index into PATH_NOTE_CODES; `noteValue` is its {value} (unit as the catalog entry says).
   */
  note: Uint8Array;
  noteValue: Float64Array;
}

/** One path-event row as a sink receives it (units as PathEventColumns). */
export interface PathEventRow {
  time: number;
  flow: number;
  path: number;
  event: number;
  state: number;
  cwnd: number;
  ssthresh: number;
  rto: number;
  errorCount: number;
  /** As PathEventColumns; absent = no note. */
  note?: number;
  noteValue?: number;
}

const PATH_EVENT_SPEC = {
  time: Float64Array,
  flow: Uint16Array,
  path: Uint8Array,
  event: Uint8Array,
  state: Uint8Array,
  cwnd: Float64Array,
  ssthresh: Float64Array,
  rto: Float64Array,
  errorCount: Uint16Array,
  note: Uint8Array,
  noteValue: Float64Array,
};

/** Append-only PathEventColumns (both record modes keep them: they are few). */
export class PathEventTable {
  private readonly table = new ColumnTable(PATH_EVENT_SPEC);

  add(r: PathEventRow): void {
    this.table.add({ ...r, note: r.note ?? 0, noteValue: r.noteValue ?? 0 });
  }

  columns(): PathEventColumns {
    return this.table.columns();
  }
}

/** A trace with no path events. */
export function emptyPathEvents(): PathEventColumns {
  return ColumnTable.empty(PATH_EVENT_SPEC);
}
