/**
 * The queue-over-time panel's model (issue 26): one link direction's queue against time, read
 * from the trace — its length after every queue event and each departing packet's sojourn
 * (src/trace/queue-rows.ts `queueColumns`, the rows `--out queue` prints), the discipline's
 * drops and CE marks at the length they happened at, and the discipline's own state from its
 * samples (Trace.aqm; what `a` and `b` hold is each discipline's, AQM_STATE_NAMES): RED's
 * average queue and drop probability, CoDel's dropping state (intervals) and its next drop time,
 * FQ-CoDel's served queue dropping, PIE's drop probability. Columns (typed arrays), not point
 * objects, so a long run stays cheap. Pure and DOM-free; memoised per trace and link.
 */
import { DropCause, type AqmKind, type Trace } from '../../engine';
import { QueueEventCode, queueColumns } from '../../trace/queue-rows';
import { memo } from './traceCache';

/** A time interval, s. */
export interface Interval {
  t0: number;
  t1: number;
}

/** What the discipline did to one packet at the link (the panel's marks). */
export const QueueMarkCode = { aqmDrop: 0, ceMark: 1, overflow: 2, otherDrop: 3 } as const;

export interface QueueSeries {
  /** Directed link index (Trace.links). */
  link: number;
  /** The link's discipline ('droptail' when LinkInfo.aqm is absent). */
  aqm: AqmKind;
  /** The link's limit, packets (LinkInfo.queueLimit). */
  limit: number;
  /** The discipline's parameters (LinkInfo.aqmParams: RED minth/maxth in packets, targetS …). */
  params: Readonly<Record<string, number>>;
  /** Queue length after each queue event: time (s), packets, bytes; step-after. */
  t: Float64Array;
  pkts: Float64Array;
  bytes: Float64Array;
  /** The packet event of each row (index into Trace.packets). */
  event: Int32Array;
  /** Each departing packet: its departure time (s), sojourn (s) and packet event. */
  depT: Float64Array;
  sojourn: Float64Array;
  depEvent: Int32Array;
  /** Drops and marks at the link: time (s), queue length then (packets, bytes), QueueMarkCode, packet event. */
  markT: Float64Array;
  markPkts: Float64Array;
  markBytes: Float64Array;
  markCode: Uint8Array;
  markEvent: Int32Array;
  /** The discipline's state samples at this link: time (s), a, b (AQM_STATE_NAMES). */
  stateT: Float64Array;
  stateA: Float64Array;
  stateB: Float64Array;
  /** CoDel (count > 0) / FQ-CoDel (served queue's count > 0): when the discipline was dropping. */
  dropping: Interval[];
  /** CoDel's next drop times (drop_next) that fall inside a dropping interval, s, each once, ascending. */
  nextDrop: Float64Array;
  /** Largest length (packets, bytes) and sojourn (s). */
  maxPkts: number;
  maxBytes: number;
  maxSojourn: number;
}

/** The discipline's dropping intervals from its state samples (CoDel a > 0; FQ-CoDel b > 0). */
function droppingIntervals(
  aqm: AqmKind,
  t: Float64Array,
  a: Float64Array,
  b: Float64Array,
  stopS: number,
): Interval[] {
  const v = aqm === 'codel' ? a : aqm === 'fq-codel' ? b : null;
  if (!v) return [];
  const out: Interval[] = [];
  let from = -1;
  for (let i = 0; i < t.length; i++) {
    const on = v[i]! > 0;
    if (on && from < 0) from = t[i]!;
    else if (!on && from >= 0) {
      out.push({ t0: from, t1: t[i]! });
      from = -1;
    }
  }
  if (from >= 0) out.push({ t0: from, t1: stopS });
  return out;
}

/** The queue of directed link `link` over the run (memoised per trace). */
export function queueSeries(trace: Trace, link: number): QueueSeries {
  return memo(trace, `queueSeries:${link}`, () => build(trace, link));
}

function build(trace: Trace, link: number): QueueSeries {
  const info = trace.links[link];
  const aqm: AqmKind = info?.aqm ?? 'droptail';
  const c = queueColumns(trace, [link]);
  const n = c.length;
  const P = trace.packets;
  let deps = 0;
  let marks = 0;
  for (let r = 0; r < n; r++) {
    const e = c.event[r]!;
    if (e === QueueEventCode.dequeue && !Number.isNaN(c.sojourn[r]!)) deps++;
    else if (e === QueueEventCode.drop || e === QueueEventCode.mark) marks++;
  }
  const t = c.time;
  const pkts = Float64Array.from(c.qlenPkts);
  const depT = new Float64Array(deps);
  const sojourn = new Float64Array(deps);
  const depEvent = new Int32Array(deps);
  const markT = new Float64Array(marks);
  const markPkts = new Float64Array(marks);
  const markBytes = new Float64Array(marks);
  const markCode = new Uint8Array(marks);
  const markEvent = new Int32Array(marks);
  let d = 0;
  let m = 0;
  let maxPkts = 0;
  let maxBytes = 0;
  let maxSojourn = 0;
  for (let r = 0; r < n; r++) {
    if (pkts[r]! > maxPkts) maxPkts = pkts[r]!;
    if (c.qlenBytes[r]! > maxBytes) maxBytes = c.qlenBytes[r]!;
    const e = c.event[r]!;
    const s = c.sojourn[r]!;
    if (e === QueueEventCode.dequeue && !Number.isNaN(s)) {
      depT[d] = t[r]!;
      sojourn[d] = s;
      depEvent[d] = c.packetEvent[r]!;
      if (s > maxSojourn) maxSojourn = s;
      d++;
    } else if (e === QueueEventCode.drop || e === QueueEventCode.mark) {
      const ev = c.packetEvent[r]!;
      const cause = P.cause[ev]!;
      markT[m] = t[r]!;
      markPkts[m] = pkts[r]!;
      markBytes[m] = c.qlenBytes[r]!;
      markEvent[m] = ev;
      markCode[m] =
        e === QueueEventCode.mark
          ? QueueMarkCode.ceMark
          : cause === DropCause.aqm
            ? QueueMarkCode.aqmDrop
            : cause === DropCause.overflow
              ? QueueMarkCode.overflow
              : QueueMarkCode.otherDrop;
      m++;
    }
  }
  // The discipline's samples at this link.
  const A = trace.aqm;
  let k = 0;
  if (A) for (let i = 0; i < A.length; i++) if (A.link[i] === link) k++;
  const stateT = new Float64Array(k);
  const stateA = new Float64Array(k);
  const stateB = new Float64Array(k);
  if (A) {
    let j = 0;
    for (let i = 0; i < A.length; i++) {
      if (A.link[i] !== link) continue;
      stateT[j] = A.time[i]!;
      stateA[j] = A.a[i]!;
      stateB[j] = A.b[i]!;
      j++;
    }
  }
  const next: number[] = [];
  if (aqm === 'codel')
    for (let i = 0; i < k; i++) {
      const at = stateB[i]!;
      if (stateA[i]! > 0 && at <= trace.stopS && next[next.length - 1] !== at) next.push(at);
    }
  next.sort((x, y) => x - y);
  // A drop_next the discipline left its dropping state before never happened: not shown.
  const dropping = droppingIntervals(aqm, stateT, stateA, stateB, trace.stopS);
  const due = next.filter((t) => dropping.some((d) => t >= d.t0 && t <= d.t1));
  return {
    link,
    aqm,
    limit: info?.queueLimit ?? 0,
    params: (info as { aqmParams?: Record<string, number> } | undefined)?.aqmParams ?? {},
    t,
    pkts,
    bytes: c.qlenBytes,
    event: c.packetEvent,
    depT,
    sojourn,
    depEvent,
    markT,
    markPkts,
    markBytes,
    markCode,
    markEvent,
    stateT,
    stateA,
    stateB,
    dropping,
    nextDrop: Float64Array.from(new Set(due)),
    maxPkts,
    maxBytes,
    maxSojourn,
  };
}

/** Step-after points of a column pair (the line layer's input), from t[0]. */
export function stepPoints(
  t: Float64Array,
  v: Float64Array,
  scale = 1,
): { t: number; v: number }[] {
  const out = new Array<{ t: number; v: number }>(t.length);
  for (let i = 0; i < t.length; i++) out[i] = { t: t[i]!, v: v[i]! * scale };
  return out;
}
