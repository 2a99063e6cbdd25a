/**
 * What the topology/queue view shows at the cursor, read from packet events (and the flow,
 * type and size of their transmissions) only:
 * - queue contents of each directed link (packets that joined its drop-tail queue at the
 *   sending node and have not started transmission);
 * - packets in flight on each link (departed, not yet arrived at the far end), with how far
 *   along they are;
 * - recent drops.
 * Indexes are built once per trace; each query is a binary search. Pure and DOM-free.
 */
import { PacketEventKind, type Trace } from '../../engine';
import { upperBound } from './bisect';
import { advanceMemo, memoSliced, SLICE_EVENTS, type Sliced } from './traceCache';

export interface LinkTimeline {
  link: number;
  /** Events (arrive/send at the link's sending node) at which packets joined the queue, FIFO order. */
  joins: Int32Array;
  /** Departure events on the link; departure k is the packet of join k. */
  departs: Int32Array;
  /** Arrival/deliver event at the far end of departure k (-1 if it never arrives in the run). */
  arrivals: Int32Array;
  /** For binary search: arrivals with -1 replaced by +∞ (ascending: the wire is FIFO). */
  arrivalKeys: Float64Array;
  /** Drop events on the link (before or by its queue). */
  drops: Int32Array;
  /** Drops by cause among the first k drops: [scripted, overflow, random] × (k + 1). */
  dropPrefix: Int32Array;
}

const K_SEND = PacketEventKind.send;
const K_ARRIVE = PacketEventKind.arrive;
const K_DEPART = PacketEventKind.depart;
const K_DROP = PacketEventKind.drop;
const K_DELIVER = PacketEventKind.deliver;

/**
 * Per-link timelines, built once per trace in two passes over the packet columns (typed
 * lookups by node/flow/type and by uid, no per-event objects).
 */
export function linkTimelines(trace: Trace): LinkTimeline[] {
  return memoSliced(trace, 'linkTimelines', () => linkTimelinesGen(trace));
}

/** Build the timelines for up to `budgetMs` (a long run is prepared in slices). */
export function prepareLinkTimelines(trace: Trace, budgetMs: number): boolean {
  return advanceMemo(trace, 'linkTimelines', () => linkTimelinesGen(trace), budgetMs);
}

function* linkTimelinesGen(trace: Trace): Sliced<LinkTimeline[]> {
  const P = trace.packets;
  const n = P.length;
  const L = trace.links.length;
  const uidOf = P.uid;
  const flowOf = trace.transmissions.flow;
  const typeOf = trace.transmissions.type;
  // Routes as the trace shows them: (node, flow, type) → outgoing link (the last one seen).
  let flows = 1;
  let maxUid = 0;
  for (let i = 0; i < n; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const u = uidOf[i]!;
    if (flowOf[u]! >= flows) flows = flowOf[u]! + 1;
    if (u > maxUid) maxUid = u;
  }
  const route = new Int32Array(trace.nodes.length * flows * 4).fill(-1);
  const rkey = (i: number) => {
    const u = uidOf[i]!;
    return (P.node[i]! * flows + flowOf[u]!) * 4 + typeOf[u]!;
  };
  for (let i = 0; i < n; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const k = P.kind[i];
    if (k === K_DEPART || k === K_DROP) route[rkey(i)] = P.link[i]!;
  }
  const joins: number[][] = Array.from({ length: L }, () => []);
  const departs: number[][] = Array.from({ length: L }, () => []);
  const drops: number[][] = Array.from({ length: L }, () => []);
  const arrivals: number[][] = Array.from({ length: L }, () => []);
  // uid → link and departure index k of the packet on a wire, waiting for its arrival.
  const wireLink = new Int32Array(maxUid + 1).fill(-1);
  const wireK = new Int32Array(maxUid + 1);
  const land = (uid: number, i: number) => {
    const link = wireLink[uid]!;
    if (link < 0) return;
    arrivals[link]![wireK[uid]!] = i;
    wireLink[uid] = -1;
  };
  for (let i = 0; i < n; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const k = P.kind[i];
    const uid = P.uid[i]!;
    if (k === K_SEND || k === K_ARRIVE) {
      if (k === K_ARRIVE) land(uid, i);
      const link = route[rkey(i)]!;
      // A drop by the loss point or the queue is recorded right after the arrival.
      const dropped = i + 1 < n && P.kind[i + 1] === K_DROP && P.uid[i + 1] === uid;
      if (link >= 0 && !dropped) joins[link]!.push(i);
    } else if (k === K_DEPART) {
      const link = P.link[i]!;
      wireLink[uid] = link;
      wireK[uid] = departs[link]!.length;
      departs[link]!.push(i);
      arrivals[link]!.push(-1);
    } else if (k === K_DELIVER) {
      land(uid, i);
    } else if (k === K_DROP) {
      drops[P.link[i]!]!.push(i);
    }
  }
  const out: LinkTimeline[] = [];
  for (let link = 0; link < L; link++) {
    yield; // one link at a time: a busy link holds hundreds of thousands of events
    const d = drops[link]!;
    const dropPrefix = new Int32Array((d.length + 1) * 3);
    for (let k = 0; k < d.length; k++) {
      for (let c = 0; c < 3; c++) dropPrefix[(k + 1) * 3 + c] = dropPrefix[k * 3 + c]!;
      const cause = P.cause[d[k]!]!;
      if (cause >= 1 && cause <= 3) dropPrefix[(k + 1) * 3 + cause - 1]!++;
    }
    const arr = Int32Array.from(arrivals[link]!);
    const arrivalKeys = new Float64Array(arr.length);
    for (let k = 0; k < arr.length; k++) arrivalKeys[k] = arr[k]! < 0 ? Infinity : arr[k]!;
    out.push({
      link,
      joins: Int32Array.from(joins[link]!),
      departs: Int32Array.from(departs[link]!),
      arrivals: arr,
      arrivalKeys,
      drops: Int32Array.from(d),
      dropPrefix,
    });
  }
  return out;
}

/** Packets waiting in the queue of `link` after event `cursor` (not counting the one in transmission). */
export function queueOccupancyAt(trace: Trace, cursor: number, link: number): number {
  const tl = linkTimelines(trace)[link];
  if (!tl) return 0;
  return upperBound(tl.joins, cursor) - upperBound(tl.departs, cursor);
}

/** The join events of the packets waiting in `link`'s queue after event `cursor`, head first. */
export function queueContentsAt(trace: Trace, cursor: number, link: number): number[] {
  const tl = linkTimelines(trace)[link];
  if (!tl) return [];
  const j = upperBound(tl.joins, cursor);
  const d = upperBound(tl.departs, cursor);
  return Array.from(tl.joins.subarray(d, j));
}

export interface InFlight {
  link: number;
  /** Departure event (start of transmission). */
  depart: number;
  /** Arrival event at the far end, -1 if it never arrives within the run. */
  arrive: number;
  /** 0 at the start of transmission … 1 fully received at the far end. */
  progress: number;
  /** Still being serialised onto the link (its tail has not left the sender). */
  transmitting: boolean;
}

/** Packets on the wire of every link after event `cursor` (at time `cursorTime`). */
export function packetsInFlightAt(trace: Trace, cursor: number, cursorTime?: number): InFlight[] {
  const P = trace.packets;
  const sizeOf = trace.transmissions.size;
  if (cursor < 0) return [];
  const now = cursorTime ?? P.time[Math.min(cursor, P.length - 1)] ?? 0;
  const out: InFlight[] = [];
  for (const tl of linkTimelines(trace)) {
    const info = trace.links[tl.link]!;
    const d = upperBound(tl.departs, cursor);
    // Departures whose arrival is still in the future: a suffix of the first d (FIFO wire).
    const a = upperBound(tl.arrivalKeys, cursor, 0, d);
    for (let k = a; k < d; k++) {
      const dep = tl.departs[k]!;
      const arr = tl.arrivals[k]!;
      const t0 = P.time[dep]!;
      const txS = (8 * sizeOf[P.uid[dep]!]!) / info.bandwidthBps;
      const t1 = arr >= 0 ? P.time[arr]! : t0 + txS + info.delayS;
      const progress = t1 > t0 ? Math.min(1, Math.max(0, (now - t0) / (t1 - t0))) : 1;
      out.push({ link: tl.link, depart: dep, arrive: arr, progress, transmitting: now < t0 + txS });
    }
  }
  return out;
}

/** Drops on `link` at or before `cursor` and no earlier than `cursorTime − lingerS`. */
export function recentDropsAt(
  trace: Trace,
  cursor: number,
  link: number,
  lingerS: number,
  cursorTime?: number,
): number[] {
  const tl = linkTimelines(trace)[link];
  if (!tl || cursor < 0) return [];
  const P = trace.packets;
  const now = cursorTime ?? P.time[cursor]!;
  const end = upperBound(tl.drops, cursor);
  const out: number[] = [];
  for (let k = end - 1; k >= 0; k--) {
    const i = tl.drops[k]!;
    if (P.time[i]! < now - lingerS) break;
    out.push(i);
  }
  return out.reverse();
}

/** Drops on `link` up to `cursor`, by cause. */
export function dropCountsAt(
  trace: Trace,
  cursor: number,
  link: number,
): { scripted: number; overflow: number; random: number } {
  const tl = linkTimelines(trace)[link];
  const c = { scripted: 0, overflow: 0, random: 0 };
  if (!tl) return c;
  const k = upperBound(tl.drops, cursor);
  return {
    scripted: tl.dropPrefix[k * 3]!,
    overflow: tl.dropPrefix[k * 3 + 1]!,
    random: tl.dropPrefix[k * 3 + 2]!,
  };
}

/** The most packets that can wait in `link`'s queue (ns-2 drop-tail: limit − 1). */
export function queueCapacity(trace: Trace, link: number): number {
  return Math.max(0, (trace.links[link]?.queueLimit ?? 1) - 1);
}
