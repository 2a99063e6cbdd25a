/**
 * One-way delay and jitter of each flow's data packets, read from the trace's packet events
 * (and their transmissions' flow and type):
 * a data packet's one-way delay is the time of its 'deliver' event at the flow's destination
 * node minus the time of the 'send' event of the same transmission (uid); jitter is RFC 3550
 * §6.4.1's interarrival jitter estimate J, updated at each delivery in delivery order with
 * D = the difference of consecutive packets' one-way delays: J ← J + (|D| − J) / 16.
 * Retransmissions are transmissions of their own (their own send). Pure and DOM-free; the scan is
 * sliced (a long run's panels are prepared a task at a time).
 */
import { PacketEventKind, PacketType, rfc3550Jitter, type Trace } from '../../engine';
import type { SeriesPoint } from './cwnd';
import type { FlowGroup } from './flowClasses';
import { advanceMemo, memoSliced, SLICE_EVENTS, type Sliced } from './traceCache';

/** Every delivered data packet of one flow, in delivery order. */
export interface FlowDelays {
  flow: number;
  /** Delivery time, s. */
  t: Float64Array;
  /** One-way delay, s. */
  delay: Float64Array;
  /** RFC 3550 jitter estimate after this packet, s. */
  jitter: Float64Array;
  /** Data transmissions sent (retransmissions included) and dropped anywhere. */
  sent: number;
  dropped: number;
}

/** Per trace flow id (index = id; undefined for an id with no flow). */
export type PacketDelays = (FlowDelays | undefined)[];

export function packetDelays(trace: Trace): PacketDelays {
  return memoSliced(trace, 'delays', () => delaysGen(trace));
}

/** Advance the delay scan for up to `budgetMs`; true when done. */
export function preparePacketDelays(trace: Trace, budgetMs: number): boolean {
  return advanceMemo(trace, 'delays', () => delaysGen(trace), budgetMs);
}

function* delaysGen(trace: Trace): Sliced<PacketDelays> {
  const P = trace.packets;
  const uid = P.uid;
  const typeOf = trace.transmissions.type;
  const flowOf = trace.transmissions.flow;
  let maxId = -1;
  for (const f of trace.flows) if (f.id > maxId) maxId = f.id;
  const dst = new Int32Array(maxId + 1).fill(-1);
  for (const f of trace.flows) dst[f.id] = trace.nodes.indexOf(f.dst);
  // Pass 1: deliveries per flow and the largest uid.
  const count = new Int32Array(maxId + 1);
  const sent = new Int32Array(maxId + 1);
  const dropped = new Int32Array(maxId + 1);
  let maxUid = 0;
  for (let i = 0; i < P.length; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const u = uid[i]!;
    if (typeOf[u] !== PacketType.data) continue;
    const f = flowOf[u]!;
    const k = P.kind[i]!;
    if (k === PacketEventKind.send) {
      sent[f]!++;
      if (u > maxUid) maxUid = u;
    } else if (k === PacketEventKind.drop) dropped[f]!++;
    else if (k === PacketEventKind.deliver && P.node[i] === dst[f]) count[f]!++;
  }
  const out: PacketDelays = [];
  for (const f of trace.flows) {
    const n = count[f.id]!;
    out[f.id] = {
      flow: f.id,
      t: new Float64Array(n),
      delay: new Float64Array(n),
      jitter: new Float64Array(n),
      sent: sent[f.id]!,
      dropped: dropped[f.id]!,
    };
  }
  // Pass 2: send time by uid, then each delivery's delay and the running jitter.
  const sendT = new Float64Array(maxUid + 1).fill(NaN);
  const at = new Int32Array(maxId + 1);
  const J = new Float64Array(maxId + 1);
  for (let i = 0; i < P.length; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const u = uid[i]!;
    if (typeOf[u] !== PacketType.data) continue;
    const k = P.kind[i]!;
    if (k === PacketEventKind.send) {
      sendT[u] = P.time[i]!;
      continue;
    }
    const f = flowOf[u]!;
    if (k !== PacketEventKind.deliver || P.node[i] !== dst[f]) continue;
    const s = sendT[u];
    const fd = out[f]!;
    const j = at[f]!;
    if (s === undefined || Number.isNaN(s) || j >= fd.t.length) continue;
    const d = P.time[i]! - s;
    if (j > 0) J[f] = rfc3550Jitter(J[f]!, d - fd.delay[j - 1]!);
    fd.t[j] = P.time[i]!;
    fd.delay[j] = d;
    fd.jitter[j] = J[f]!;
    at[f] = j + 1;
  }
  return out;
}

/** A line of the delay panel: one flow, or one class of flows. */
export type DelayGroup = FlowGroup;

export interface GroupSeries {
  group: DelayGroup;
  /** Per bin: mean one-way delay of the packets delivered in it (NaN: none), s. */
  mean: Float64Array;
  /** Per bin: the largest one-way delay, s (NaN: none). */
  max: Float64Array;
  /** Per bin: mean over the group's flows with a delivery in the bin of their jitter after
   * their last delivery in it, s (NaN: none). */
  jitter: Float64Array;
  /** Packets delivered per bin. */
  packets: Uint32Array;
  /** Over the run: packets delivered, mean delay, largest delay, data sent and dropped. */
  total: { packets: number; meanS: number; maxS: number; sent: number; dropped: number };
}

export interface DelayModel {
  binS: number;
  bins: number;
  series: GroupSeries[];
  /** Largest mean (per bin) delay and jitter of any series, s. */
  maxMean: number;
  maxJitter: number;
}

/** Bin the groups' deliveries into `binS`-wide bins from t = 0 up to `stopS`. */
export function delayModel(
  pd: PacketDelays,
  groups: readonly DelayGroup[],
  binS: number,
  stopS: number,
): DelayModel {
  const bins = Math.max(1, Math.ceil(stopS / binS - 1e-9));
  let maxMean = 0;
  let maxJitter = 0;
  const series = groups.map((group) => {
    const sum = new Float64Array(bins);
    const max = new Float64Array(bins).fill(NaN);
    const packets = new Uint32Array(bins);
    const jSum = new Float64Array(bins);
    const jN = new Uint32Array(bins);
    let all = 0;
    let allSum = 0;
    let allMax = 0;
    let sent = 0;
    let dropped = 0;
    for (const f of group.flows) {
      const fd = pd[f];
      if (!fd) continue;
      sent += fd.sent;
      dropped += fd.dropped;
      for (let j = 0; j < fd.t.length; j++) {
        const b = Math.min(bins - 1, Math.floor(fd.t[j]! / binS));
        const d = fd.delay[j]!;
        sum[b] = sum[b]! + d;
        packets[b]!++;
        if (!(max[b]! >= d)) max[b] = d;
        allSum += d;
        if (d > allMax) allMax = d;
        all++;
        // The flow's jitter after its last delivery in the bin.
        const next = j + 1 < fd.t.length ? Math.min(bins - 1, Math.floor(fd.t[j + 1]! / binS)) : -1;
        if (next !== b) {
          jSum[b] = jSum[b]! + fd.jitter[j]!;
          jN[b]!++;
        }
      }
    }
    const mean = new Float64Array(bins);
    const jitter = new Float64Array(bins);
    for (let b = 0; b < bins; b++) {
      mean[b] = packets[b]! > 0 ? sum[b]! / packets[b]! : NaN;
      jitter[b] = jN[b]! > 0 ? jSum[b]! / jN[b]! : NaN;
      if (mean[b]! > maxMean) maxMean = mean[b]!;
      if (jitter[b]! > maxJitter) maxJitter = jitter[b]!;
    }
    return {
      group,
      mean,
      max,
      jitter,
      packets,
      total: { packets: all, meanS: all ? allSum / all : NaN, maxS: allMax, sent, dropped },
    };
  });
  return { binS, bins, series, maxMean, maxJitter };
}

/**
 * The step segments of a binned series: one per run of bins that have a value (a bin with no
 * delivery leaves a gap rather than holding the last value), each from its first bin's start,
 * held to its last bin's end.
 */
export function binSegments(
  values: Float64Array,
  binS: number,
  stopS: number,
): { points: SeriesPoint[]; endT: number }[] {
  const out: { points: SeriesPoint[]; endT: number }[] = [];
  let cur: SeriesPoint[] | null = null;
  for (let b = 0; b < values.length; b++) {
    const v = values[b]!;
    if (Number.isNaN(v)) {
      if (cur) out.push({ points: cur, endT: Math.min(stopS, b * binS) });
      cur = null;
      continue;
    }
    (cur ??= []).push({ t: b * binS, v });
  }
  if (cur) out.push({ points: cur, endT: stopS });
  return out;
}

/** Seconds as a readable delay: "12.3 ms", "1.20 s", "850 µs". */
export function fmtDelay(s: number): string {
  if (!Number.isFinite(s)) return '–';
  if (s >= 1) return `${s.toFixed(2)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toFixed(s >= 0.1 ? 0 : 1)} ms`;
  return `${(s * 1e6).toFixed(0)} µs`;
}

/** Loss rate of data transmissions, %: dropped / sent. */
export function lossPct(t: { sent: number; dropped: number }): number {
  return t.sent > 0 ? (100 * t.dropped) / t.sent : 0;
}
