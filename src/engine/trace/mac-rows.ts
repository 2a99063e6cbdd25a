import { grown, nextCapacity, trimmed } from './growable';

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

/**
 * Append-only MacColumns. Each column is a field written by name (a medium adds a row per MAC
 * event, the most rows of any table in a Wi-Fi or WiMAX run: the generic ColumnTable's
 * per-column lookups were a tenth of such a run), grown by 1.5× together.
 */
export class MacTable {
  private n = 0;
  private cap = 0;
  private time = new Float64Array(0);
  private medium = new Uint8Array(0);
  private node = new Uint16Array(0);
  private event = new Uint8Array(0);
  private uid = new Int32Array(0);
  private attempt = new Uint8Array(0);
  private cw = new Uint16Array(0);
  private slots = new Uint16Array(0);
  private rts = new Uint8Array(0);
  private airtimeS = new Float64Array(0);

  add(r: MacRow): void {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.time[i] = r.time;
    this.medium[i] = r.medium;
    this.node[i] = r.node;
    this.event[i] = r.event;
    this.uid[i] = r.uid;
    this.attempt[i] = r.attempt;
    this.cw[i] = r.cw;
    this.slots[i] = r.slots;
    this.rts[i] = r.rts;
    this.airtimeS[i] = r.airtimeS;
  }

  private grow(): void {
    const c = (this.cap = nextCapacity(this.cap, this.n + 1));
    this.time = grown(this.time, c);
    this.medium = grown(this.medium, c);
    this.node = grown(this.node, c);
    this.event = grown(this.event, c);
    this.uid = grown(this.uid, c);
    this.attempt = grown(this.attempt, c);
    this.cw = grown(this.cw, c);
    this.slots = grown(this.slots, c);
    this.rts = grown(this.rts, c);
    this.airtimeS = grown(this.airtimeS, c);
  }

  columns(): MacColumns {
    const n = this.n;
    return {
      length: n,
      time: trimmed(this.time, n),
      medium: trimmed(this.medium, n),
      node: trimmed(this.node, n),
      event: trimmed(this.event, n),
      uid: trimmed(this.uid, n),
      attempt: trimmed(this.attempt, n),
      cw: trimmed(this.cw, n),
      slots: trimmed(this.slots, n),
      rts: trimmed(this.rts, n),
      airtimeS: trimmed(this.airtimeS, n),
    };
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
