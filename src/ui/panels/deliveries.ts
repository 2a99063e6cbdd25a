/**
 * The per-stream delivery timeline's model, read from Trace.deliveries: one lane per SCTP stream
 * (RFC 4960 §6.5–§6.6) and one per TCP flow's byte stream, a mark per message handed to the
 * application, and how long each waited at the receiver (its delivery time minus the first
 * arrival of its packet / TSN at the flow's destination, from the packet columns). Head-of-line
 * blocking shows as a gap in a lane and as a run of messages that waited. Pure and DOM-free.
 */
import { PacketEventKind, PacketType, type Trace } from '../../engine';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';
import { eventAtOrBefore, memo } from './traceCache';
import { senderLabel } from './traceCache';

/** A wait longer than this (s) counts as a message held back (the waiting line is drawn). */
export const HELD_S = 0.001;

export interface Lane {
  flow: number;
  /** SCTP stream id; 0 for a TCP byte stream. */
  stream: number;
  tcp: boolean;
  /** "flow 1 (Reno): byte stream", "flow 2 (SCTP): stream 3". */
  label: string;
  /** The y tick: "1 TCP", "2 s3". */
  short: string;
  delivered: number;
  unordered: number;
  /** Longest time between two deliveries in the lane (s), and when it ended. */
  gapS: number;
  gapEnd: number;
  /** Messages that waited longer than HELD_S, and the longest wait (s). */
  held: number;
  maxWaitS: number;
  /** Ordered messages never delivered: SSNs the lane skipped (PR-SCTP abandons, RFC 3758). */
  skipped: number;
  /** Intervals during which some message of the lane waited (merged), for the waiting line. */
  waiting: { t0: number; t1: number }[];
}

export interface DeliveryModel {
  lanes: Lane[];
  /** y = lane index; packet = TSN / segment number; kind delivery or deliveryUnordered. */
  marks: PointMarks;
  /** Per mark: its deliveries row, SSN (a skip mark: the first SSN skipped), first arrival at the receiver (NaN: not seen), lane. */
  row: Int32Array;
  ssn: Int32Array;
  arrive: Float64Array;
  lane: Int32Array;
  /** Deliveries rows of the shown flows. */
  total: number;
}

/** First arrival time of each data packet at its flow's receiver, per flow: packet → time. */
function arrivals(trace: Trace, flows: ReadonlySet<number>): Map<number, Map<number, number>> {
  return memo(trace, `deliveryArrivals:${[...flows].join(',')}`, () => {
    const P = trace.packets;
    const uidOf = P.uid;
    const { flow: flowOf, type: typeOf, packet: packetOf } = trace.transmissions;
    const out = new Map<number, Map<number, number>>();
    for (const f of flows) out.set(f, new Map());
    for (let i = 0; i < P.length; i++) {
      if (P.kind[i] !== PacketEventKind.deliver) continue;
      const u = uidOf[i]!;
      if (typeOf[u] !== PacketType.data) continue;
      const m = out.get(flowOf[u]!);
      const pkt = packetOf[u]!;
      if (m && !m.has(pkt)) m.set(pkt, P.time[i]!);
    }
    return out;
  });
}

/** Whether the trace has deliveries recorded (for any flow). */
export function hasDeliveries(trace: Trace): boolean {
  return (trace.deliveries?.length ?? 0) > 0;
}

export function deliveryModel(trace: Trace, flows: readonly number[]): DeliveryModel {
  return memo(trace, `deliveries:${flows.join(',')}`, () => build(trace, flows));
}

function build(trace: Trace, flows: readonly number[]): DeliveryModel {
  const D = trace.deliveries;
  const shown = new Set(flows);
  const empty: DeliveryModel = {
    lanes: [],
    marks: new MarkBuilder().build(),
    row: new Int32Array(0),
    ssn: new Int32Array(0),
    arrive: new Float64Array(0),
    lane: new Int32Array(0),
    total: 0,
  };
  if (!D || D.length === 0) return empty;
  // Lanes: each shown flow with deliveries, its streams in order (a TCP flow has one).
  const streamsOf = new Map<number, number>();
  for (let i = 0; i < D.length; i++) {
    const f = D.flow[i]!;
    if (!shown.has(f)) continue;
    streamsOf.set(f, Math.max(streamsOf.get(f) ?? 0, D.stream[i]! + 1));
  }
  const lanes: Lane[] = [];
  const laneOf = new Map<string, number>();
  for (const f of [...streamsOf.keys()].sort((a, b) => a - b)) {
    const info = trace.flows.find((x) => x.id === f);
    const tcp = info?.protocol === 'tcp';
    const n = tcp ? 1 : Math.max(streamsOf.get(f)!, info?.streams ?? 1);
    const name = `flow ${f + 1} (${info ? senderLabel(info.sender) : '?'})`;
    for (let s = 0; s < n; s++) {
      laneOf.set(`${f}:${s}`, lanes.length);
      lanes.push({
        flow: f,
        stream: s,
        tcp,
        label: tcp ? `${name}: byte stream` : `${name}: stream ${s}`,
        short: tcp ? `${f + 1} TCP` : `${f + 1} s${s}`,
        delivered: 0,
        unordered: 0,
        gapS: 0,
        gapEnd: 0,
        held: 0,
        maxWaitS: 0,
        skipped: 0,
        waiting: [],
      });
    }
  }
  const arr = arrivals(trace, new Set(streamsOf.keys()));
  const b = new MarkBuilder();
  const rows: number[] = [];
  const ssn_: number[] = [];
  const arrive: number[] = [];
  const laneIdx: number[] = [];
  const last = new Float64Array(lanes.length).fill(NaN);
  // The next SSN each lane's ordered messages would carry (a TCP byte stream never skips).
  const nextSsn = new Float64Array(lanes.length).fill(0);
  // In time order (the engine writes them so; sorted anyway, as the marks are).
  const order = Array.from({ length: D.length }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < D.length && sorted; i++) if (D.time[i]! < D.time[i - 1]!) sorted = false;
  if (!sorted) order.sort((a, b) => D.time[a]! - D.time[b]! || a - b);
  for (const i of order) {
    const f = D.flow[i]!;
    if (!shown.has(f)) continue;
    const k = laneOf.get(`${f}:${D.stream[i]}`);
    if (k === undefined) continue;
    const lane = lanes[k]!;
    const t = D.time[i]!;
    const pkt = D.packet[i]!;
    const unordered = D.unordered[i] === 1;
    lane.delivered++;
    if (unordered) lane.unordered++;
    if (!Number.isNaN(last[k]!) && t - last[k]! > lane.gapS) {
      lane.gapS = t - last[k]!;
      lane.gapEnd = t;
    }
    last[k] = t;
    const a = arr.get(f)?.get(pkt) ?? NaN;
    const wait = Number.isNaN(a) ? 0 : t - a;
    if (wait > HELD_S) {
      lane.held++;
      lane.maxWaitS = Math.max(lane.maxWaitS, wait);
      const w = lane.waiting[lane.waiting.length - 1];
      if (w && a <= w.t1) w.t1 = Math.max(w.t1, t);
      else lane.waiting.push({ t0: a, t1: t });
    }
    // An ordered message past SSNs never delivered: a skip mark just before it, in its lane.
    if (!unordered && !lane.tcp) {
      const ssn = D.ssn[i]!;
      if (ssn > nextSsn[k]!) {
        lane.skipped += ssn - nextSsn[k]!;
        b.push(MarkKind.deliverySkip, Math.max(0, eventAtOrBefore(trace, t)), t, k, f, -1);
        rows.push(i);
        ssn_.push(nextSsn[k]!);
        arrive.push(NaN);
        laneIdx.push(k);
      }
      nextSsn[k] = Math.max(nextSsn[k]!, ssn + 1);
    }
    b.push(
      unordered ? MarkKind.deliveryUnordered : MarkKind.delivery,
      Math.max(0, eventAtOrBefore(trace, t)),
      t,
      k,
      f,
      pkt,
    );
    rows.push(i);
    ssn_.push(D.ssn[i]!);
    arrive.push(a);
    laneIdx.push(k);
  }
  return {
    lanes,
    marks: b.build(),
    row: Int32Array.from(rows),
    ssn: Int32Array.from(ssn_),
    arrive: Float64Array.from(arrive),
    lane: Int32Array.from(laneIdx),
    total: lanes.reduce((n, l) => n + l.delivered, 0),
  };
}
