/**
 * The queues of a trace, event by event (`--out queue`, the queue views): what entered, left,
 * was dropped from or CE-marked in each link direction's queue, with its length after the event,
 * the packet's sojourn and the discipline's state. Derived from the packet events alone (and the
 * AQM samples, Trace.aqm), so it works for drop-tail links as for AQM links and the engine
 * stores nothing more:
 *
 * - enqueue: a packet reaches node `from` (arrives, or its sender hands it over) and is next seen
 *   leaving, being marked on or dropped from link `from → to` after passing its loss point and
 *   discipline (a drop by the loss point, the discipline's enqueue test or a down link's head
 *   happens instead of the enqueue);
 * - dequeue: it starts transmission (packet event `depart`); sojourn = time since its enqueue;
 * - drop: a packet dropped at the link (any cause; a queued one — a failed link's queue, a head
 *   drop — leaves the queue, one dropped on arrival never entered it); sojourn for a queued one;
 * - mark: the discipline set CE on it (at enqueue, or in the queue).
 *
 * Units: seconds, packets, bytes (on the wire). Lengths count the waiting packets, not the one
 * in transmission (as Trace.packets.qlen). Pure.
 */
import {
  AQM_STATE_NAMES,
  DROP_CAUSE_NAMES,
  DropCause,
  PacketEventKind as K,
  type AqmKind,
  type Trace,
} from '../engine';

export type QueueEvent = 'enqueue' | 'dequeue' | 'drop' | 'mark';

export interface QueueRow {
  /** Seconds. */
  time: number;
  /** The link direction, `from-to` (node names). */
  link: string;
  /** Packets waiting after the event. */
  qlen_pkts: number;
  /** Bytes waiting after the event. */
  qlen_bytes: number;
  /** dequeue, and drop / mark of a queued packet: seconds since its enqueue; else null. */
  sojourn_s: number | null;
  event: QueueEvent;
  /** Engine flow id, 0-based. */
  flow: number;
  /** Data: 1-based packet number; ACK: its cumulative ACK; control: 0. */
  packet: number;
  /** Drop cause (scripted, overflow, random, linkDown, aqm); '' for other events. */
  cause: string;
  /**
   * The link's discipline state at the event, `name=value;name=value` (RED:
   * `avg_pkts=…;p=…`, AQM_STATE_NAMES); '' on drop-tail links.
   */
  aqm_state: string;
}

export const QUEUE_COLUMNS = [
  'time',
  'link',
  'qlen_pkts',
  'qlen_bytes',
  'sojourn_s',
  'event',
  'flow',
  'packet',
  'cause',
  'aqm_state',
] as const;

/** Drop causes that hit a packet before it enters the queue (loss point, discipline, down head). */
const BEFORE_QUEUE: ReadonlySet<number> = new Set([
  DropCause.scripted,
  DropCause.random,
  DropCause.overflow,
]);

/** Queue events as columns (QueueColumns.event). */
export const QueueEventCode = { enqueue: 0, dequeue: 1, drop: 2, mark: 3 } as const;
const EVENT_NAMES: readonly QueueEvent[] = ['enqueue', 'dequeue', 'drop', 'mark'];

/**
 * The queue events of the chosen link directions as columns, one entry per event in event
 * order: what queueRows lists, without the text. For the plots (a long run has hundreds of
 * thousands of events).
 */
export interface QueueColumns {
  length: number;
  /** Seconds. */
  time: Float64Array;
  /** Directed link index (Trace.links). */
  link: Int16Array;
  /** Packets waiting after the event. */
  qlenPkts: Int32Array;
  /** Bytes waiting after the event. */
  qlenBytes: Float64Array;
  /** Seconds since the packet's enqueue (dequeue, and drop / mark of a queued packet); NaN. */
  sojourn: Float64Array;
  /** QueueEventCode. */
  event: Uint8Array;
  /** The packet event (index into Trace.packets) the row stands for. */
  packetEvent: Int32Array;
}

/** The queue events of every link direction (or only `links`, directed link indices). */
export function queueColumns(trace: Trace, links?: readonly number[]): QueueColumns {
  const P = trace.packets;
  const X = trace.transmissions;
  const n = P.length;
  const want = links ? new Set(links) : null;
  const nodeIndex = new Map(trace.nodes.map((name, i) => [name, i]));
  const fromOf = trace.links.map((l) => nodeIndex.get(l.from) ?? -1);
  // Pass 1: which arrival (or send) event is an enqueue on which link.
  const enqueueOn = new Int16Array(n).fill(-1);
  const lastAt = new Map<number, number>(); // uid → index of its latest arrive / send
  for (let i = 0; i < n; i++) {
    const kind = P.kind[i]!;
    const u = P.uid[i]!;
    if (kind === K.arrive || kind === K.send) {
      lastAt.set(u, i);
      continue;
    }
    if (kind !== K.depart && kind !== K.drop && kind !== K.mark) continue;
    const at = lastAt.get(u);
    if (at === undefined) continue;
    const l = P.link[i]!;
    if (l < 0 || P.node[at] !== fromOf[l]) continue;
    // Dropped before entering: by the loss point or the enqueue test, or at a down link's head
    // (at the instant it arrived); a queued packet's drop (a failed link, a head drop) is later.
    const cause = P.cause[i]!;
    const before =
      kind === K.drop &&
      (BEFORE_QUEUE.has(cause) ||
        ((cause === DropCause.aqm || cause === DropCause.linkDown) && P.time[i] === P.time[at]));
    if (!before) enqueueOn[at] = l;
    lastAt.delete(u);
  }
  // Pass 2: the rows, with per-link lengths and each queued packet's enqueue time.
  const qPkts = new Int32Array(trace.links.length);
  const qBytes = new Float64Array(trace.links.length);
  const since = new Map<number, number>(); // uid → enqueue time, while queued
  let cap = 1024;
  let m = 0;
  let c = alloc(cap);
  const push = (i: number, l: number, event: number, sojourn: number): void => {
    if (want && !want.has(l)) return;
    if (m === cap) c = grow(c, (cap *= 2));
    c.time[m] = P.time[i]!;
    c.link[m] = l;
    c.qlenPkts[m] = qPkts[l]!;
    c.qlenBytes[m] = qBytes[l]!;
    c.sojourn[m] = sojourn;
    c.event[m] = event;
    c.packetEvent[m] = i;
    m++;
  };
  const E = QueueEventCode;
  for (let i = 0; i < n; i++) {
    const kind = P.kind[i]!;
    const u = P.uid[i]!;
    const size = X.size[u]!;
    const l = P.link[i]!;
    const on = enqueueOn[i]!;
    if ((kind === K.arrive || kind === K.send) && on >= 0) {
      qPkts[on]!++;
      qBytes[on]! += size;
      since.set(u, P.time[i]!);
      push(i, on, E.enqueue, NaN);
    } else if (kind === K.depart) {
      const t0 = since.get(u);
      if (t0 !== undefined) {
        since.delete(u);
        qPkts[l]!--;
        qBytes[l]! -= size;
      }
      push(i, l, E.dequeue, t0 === undefined ? NaN : P.time[i]! - t0);
    } else if (kind === K.drop && l >= 0) {
      const t0 = since.get(u);
      if (t0 !== undefined) {
        since.delete(u);
        qPkts[l]!--;
        qBytes[l]! -= size;
      }
      push(i, l, E.drop, t0 === undefined ? NaN : P.time[i]! - t0);
    } else if (kind === K.mark) {
      const t0 = since.get(u);
      push(i, l, E.mark, t0 === undefined ? NaN : P.time[i]! - t0);
    }
  }
  return { ...grow(c, m), length: m };
}

type Cols = Omit<QueueColumns, 'length'>;

function alloc(n: number): Cols {
  return {
    time: new Float64Array(n),
    link: new Int16Array(n),
    qlenPkts: new Int32Array(n),
    qlenBytes: new Float64Array(n),
    sojourn: new Float64Array(n),
    event: new Uint8Array(n),
    packetEvent: new Int32Array(n),
  };
}

/** The columns copied into arrays of length n (growing, or trimming to the rows written). */
function grow(c: Cols, n: number): Cols {
  const out = alloc(n);
  for (const k of Object.keys(out) as (keyof Cols)[]) {
    const src = c[k];
    (out[k] as typeof src).set(src.length <= n ? (src as never) : (src.subarray(0, n) as never));
  }
  return out;
}

/** The rows of every link direction (or only `links`, directed link indices), in event order. */
export function queueRows(trace: Trace, links?: readonly number[]): QueueRow[] {
  const P = trace.packets;
  const X = trace.transmissions;
  const c = queueColumns(trace, links);
  const state = aqmStates(trace);
  const name = trace.links.map((l) => `${l.from}-${l.to}`);
  const rows: QueueRow[] = new Array<QueueRow>(c.length);
  for (let r = 0; r < c.length; r++) {
    const i = c.packetEvent[r]!;
    const l = c.link[r]!;
    const u = P.uid[i]!;
    const event = EVENT_NAMES[c.event[r]!]!;
    const s = c.sojourn[r]!;
    rows[r] = {
      time: c.time[r]!,
      link: name[l]!,
      qlen_pkts: c.qlenPkts[r]!,
      qlen_bytes: c.qlenBytes[r]!,
      sojourn_s: Number.isNaN(s) ? null : s,
      event,
      flow: X.flow[u]!,
      packet: X.packet[u] !== 0 ? X.packet[u]! : X.cumAck[u]!,
      cause: event === 'drop' ? (DROP_CAUSE_NAMES[P.cause[i]!] ?? '') : '',
      aqm_state: state(l, i),
    };
  }
  return rows;
}

/** (link, packet event index) → the link's AQM state at that event, as `name=value;…`. */
function aqmStates(trace: Trace): (link: number, event: number) => string {
  const A = trace.aqm;
  if (!A || A.length === 0) return () => '';
  // Per link, its sample rows in order.
  const perLink = new Map<number, number[]>();
  for (let r = 0; r < A.length; r++) {
    const l = A.link[r]!;
    let list = perLink.get(l);
    if (!list) perLink.set(l, (list = []));
    list.push(r);
  }
  return (link, event) => {
    const list = perLink.get(link);
    const kind = trace.links[link]?.aqm as AqmKind | undefined;
    const names = kind ? AQM_STATE_NAMES[kind] : null;
    if (!list || !names) return '';
    // The last sample taken at or before this event (binary search on the event column).
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (A.event[list[mid]!]! <= event) {
        found = list[mid]!;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return '';
    return `${names[0]}=${A.a[found]!};${names[1]}=${A.b[found]!}`;
  };
}
