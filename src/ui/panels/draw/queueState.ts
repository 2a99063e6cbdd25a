/**
 * The queue view's pure state: where the nodes sit (topologyLayout) and what the links and the
 * router's queue hold at the cursor (queueViewState, queueSummary). Drawn by queue.ts.
 */
import type { Trace } from '../../../engine';
import {
  dropCountsAt,
  linkTimelines,
  packetsInFlightAt,
  queueCapacity,
  recentDropsAt,
  type InFlight,
} from '../queue';
import { upperBound } from '../bisect';
import { fmtTime, linkLabel } from '../traceCache';
// ------------------------------------------------------------------ pure layout

/**
 * Node positions in unit coordinates: x by hop distance from the nearest flow source (every
 * source on the left, however many flows share the network), y spread within each column.
 */
export function topologyLayout(trace: Trace): { x: number; y: number }[] {
  const n = trace.nodes.length;
  // A multi-homed association's every source address is a source (its networks side by side).
  const sources = [
    ...new Set(
      trace.flows
        .flatMap((f) => [f.src, ...(f.paths ?? []).map((p) => p.src)])
        .map((n) => trace.nodes.indexOf(n)),
    ),
  ].filter((i) => i >= 0);
  if (sources.length === 0) sources.push(0);
  const adj: number[][] = trace.nodes.map(() => []);
  for (const l of trace.links) {
    const a = trace.nodes.indexOf(l.from);
    const b = trace.nodes.indexOf(l.to);
    if (a >= 0 && b >= 0) adj[a]!.push(b);
  }
  const layer = new Array<number>(n).fill(-1);
  for (const src of sources) layer[src] = 0;
  const queue = [...sources];
  for (let k = 0; k < queue.length; k++) {
    const u = queue[k]!;
    for (const v of adj[u]!) {
      if (layer[v] !== -1) continue;
      layer[v] = layer[u]! + 1;
      queue.push(v);
    }
  }
  let maxLayer = 0;
  for (const l of layer) if (l > maxLayer) maxLayer = l;
  for (let i = 0; i < n; i++) if (layer[i] === -1) layer[i] = ++maxLayer;
  const byLayer = new Map<number, number[]>();
  layer.forEach((l, i) => byLayer.set(l, [...(byLayer.get(l) ?? []), i]));
  // A multi-homed association's networks side by side: the one through the router shown (its
  // queue stacked above it) on top, so the stack never crosses the other network.
  if (trace.flows.some((f) => (f.paths?.length ?? 0) > 1)) {
    const dist = hopsFrom(trace, trace.router);
    for (const nodes of byLayer.values()) nodes.sort((a, b) => dist[a]! - dist[b]! || a - b);
  }
  const pos = trace.nodes.map(() => ({ x: 0, y: 0.5 }));
  for (const [l, nodes] of byLayer) {
    nodes.forEach((i, k) => {
      pos[i] = { x: maxLayer ? l / maxLayer : 0.5, y: (k + 1) / (nodes.length + 1) };
    });
  }
  return pos;
}

/** Hops from node `from` to every node over the links in either direction (Infinity: none). */
function hopsFrom(trace: Trace, from: number): number[] {
  const n = trace.nodes.length;
  const adj: number[][] = trace.nodes.map(() => []);
  for (const l of trace.links) {
    const a = trace.nodes.indexOf(l.from);
    const b = trace.nodes.indexOf(l.to);
    if (a >= 0 && b >= 0) {
      adj[a]!.push(b);
      adj[b]!.push(a);
    }
  }
  const d = new Array<number>(n).fill(Infinity);
  if (from < 0 || from >= n) return d;
  d[from] = 0;
  const q = [from];
  for (let k = 0; k < q.length; k++)
    for (const v of adj[q[k]!]!)
      if (d[v] === Infinity) {
        d[v] = d[q[k]!]! + 1;
        q.push(v);
      }
  return d;
}

export interface QueueSlot {
  /** Join event of the waiting packet. */
  join: number;
  /** Its departure event (where a click seeks). */
  depart: number;
}

export interface QueueViewState {
  time: number;
  cursor: number;
  inFlight: InFlight[];
  /** Bottleneck queue, head first. */
  slots: QueueSlot[];
  capacity: number;
  /** Waiting packets per link. */
  occupancy: number[];
  /** Drops at the bottleneck in the last `lingerS` seconds. */
  recentDrops: number[];
  dropCounts: { scripted: number; overflow: number; random: number };
}

/** How long a drop stays visible next to the queue: a few bottleneck packet times. */
export function dropLingerS(trace: Trace): number {
  const l = trace.links[trace.bottleneck];
  const mss = (trace.flows[0]?.mssBytes ?? 1000) + 40;
  return l ? Math.max(0.02, (4 * 8 * mss) / l.bandwidthBps) : 0.05;
}

export function queueViewState(trace: Trace, cursor: number, cursorTime: number): QueueViewState {
  const P = trace.packets;
  const timelines = linkTimelines(trace);
  /**
   * Waiting packets of a link, head first. A packet that reaches an idle link starts
   * transmitting at once: between its arrival event and its departure event (same instant) it
   * is not shown as waiting.
   */
  const waiting = (link: number): QueueSlot[] => {
    const tl = timelines[link];
    const out: QueueSlot[] = [];
    if (!tl || cursor < 0) return out;
    const j = upperBound(tl.joins, cursor);
    const d = upperBound(tl.departs, cursor);
    for (let k = d; k < j; k++) {
      const depart = k < tl.departs.length ? tl.departs[k]! : -1;
      if (depart >= 0 && P.time[depart]! <= cursorTime) continue;
      out.push({ join: tl.joins[k]!, depart });
    }
    return out;
  };
  return {
    time: cursorTime,
    cursor,
    inFlight: packetsInFlightAt(trace, cursor, cursorTime),
    slots: waiting(trace.bottleneck),
    capacity: queueCapacity(trace, trace.bottleneck),
    occupancy: trace.links.map((_, i) => waiting(i).length),
    recentDrops: recentDropsAt(trace, cursor, trace.bottleneck, dropLingerS(trace), cursorTime),
    dropCounts: dropCountsAt(trace, cursor, trace.bottleneck),
  };
}

export function queueSummary(trace: Trace, s: QueueViewState): string {
  const uid = trace.packets.uid;
  const packetOf = trace.transmissions.packet;
  const link = linkLabel(trace, trace.bottleneck);
  const nums = s.slots.map((q) => packetOf[uid[q.join]!]);
  const onLink = s.inFlight.filter((f) => f.link === trace.bottleneck).length;
  const d = s.dropCounts;
  const drops = d.scripted + d.overflow + d.random;
  return (
    `Queue view at ${fmtTime(s.time)}: the queue of ${link} holds ${s.slots.length} of at most ${s.capacity} packets` +
    (nums.length ? ` (${nums.join(', ')})` : '') +
    `; ${onLink} packet${onLink === 1 ? '' : 's'} on ${link}, ${s.inFlight.length} in flight in total; ` +
    `${drops} drop${drops === 1 ? '' : 's'} so far (${d.scripted} scripted, ${d.overflow} overflow, ${d.random} random).`
  );
}

// ------------------------------------------------------------------ drawing
