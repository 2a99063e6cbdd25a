import { ColumnTable } from './growable';

/**
 * What a shared medium's MAC did (net/medium.ts; 802.11 DCF in net/wifi/): the `event` of a
 * MacColumns row, by index.
 * - `backoff`: the member drew a backoff — `slots` drawn uniformly in [0, cw];
 * - `freeze`: the medium went busy while the member counted down — `slots` left;
 * - `tx`: the member starts an attempt of frame `uid` (`attempt` 1, 2, …; `rts` 1 when it is
 *   an RTS), `airtimeS` the frame's (or the RTS's) airtime;
 * - `success`: the exchange ended with the ACK — at the ACK's end;
 * - `collision`: the attempt overlapped `slots` other members' — at its end;
 * - `error`: the attempt was lost to the channel (frame error rate) — at its end;
 * - `drop`: the retry limit was reached (the packet's DropCause.macRetry drop).
 */
export const MAC_EVENT_NAMES = [
  'backoff',
  'freeze',
  'tx',
  'success',
  'collision',
  'error',
  'drop',
] as const;
export type MacEventName = (typeof MAC_EVENT_NAMES)[number];
/** Index of each name in MAC_EVENT_NAMES. */
export const MacEvent = Object.fromEntries(MAC_EVENT_NAMES.map((n, i) => [n, i])) as {
  readonly [K in MacEventName]: number;
};

/** One row per MAC event of every shared medium, in time order. */
export interface MacColumns {
  length: number;
  /** Seconds. */
  time: Float64Array;
  /** Index into Trace.media. */
  medium: Uint8Array;
  /** Node index (Trace.nodes) of the member. */
  node: Uint16Array;
  /** Index into MAC_EVENT_NAMES. */
  event: Uint8Array;
  /** The packet's uid (TransmissionColumns row), −1 for backoff and freeze rows. */
  uid: Int32Array;
  /** Attempt number of the frame (1 = first transmission). */
  attempt: Uint8Array;
  /** Contention window after the event, slots (CW: backoffs are drawn in [0, CW]). */
  cw: Uint16Array;
  /** backoff: slots drawn; freeze: slots left; collision: other members in it; else 0. */
  slots: Uint16Array;
  /** tx: 1 when the frame is an RTS. */
  rts: Uint8Array;
  /** tx: the frame's airtime, seconds; else 0. */
  airtimeS: Float64Array;
}

/** One MAC row as a medium writes it (units as MacColumns). */
export interface MacRow {
  time: number;
  medium: number;
  node: number;
  event: number;
  uid: number;
  attempt: number;
  cw: number;
  slots: number;
  rts: number;
  airtimeS: number;
}

const MAC_SPEC = {
  time: Float64Array,
  medium: Uint8Array,
  node: Uint16Array,
  event: Uint8Array,
  uid: Int32Array,
  attempt: Uint8Array,
  cw: Uint16Array,
  slots: Uint16Array,
  rts: Uint8Array,
  airtimeS: Float64Array,
};

/** Append-only MacColumns. */
export class MacTable {
  private readonly table = new ColumnTable(MAC_SPEC);

  add(r: MacRow): void {
    this.table.add(r);
  }

  columns(): MacColumns {
    return this.table.columns();
  }
}

/** Merge several media's tables into one in time order (stable: medium order on ties). */
export function mergeMacColumns(parts: MacColumns[]): MacColumns {
  if (parts.length === 1) return parts[0]!;
  const rows: [number, number][] = [];
  parts.forEach((c, k) => {
    for (let i = 0; i < c.length; i++) rows.push([k, i]);
  });
  rows.sort((x, y) => parts[x[0]]!.time[x[1]]! - parts[y[0]]!.time[y[1]]! || x[0] - y[0]);
  const out = new MacTable();
  for (const [k, i] of rows) {
    const c = parts[k]!;
    out.add({
      time: c.time[i]!,
      medium: c.medium[i]!,
      node: c.node[i]!,
      event: c.event[i]!,
      uid: c.uid[i]!,
      attempt: c.attempt[i]!,
      cw: c.cw[i]!,
      slots: c.slots[i]!,
      rts: c.rts[i]!,
      airtimeS: c.airtimeS[i]!,
    });
  }
  return out.columns();
}
