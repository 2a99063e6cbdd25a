/**
 * Series of the cwnd/ssthresh plot, read from trace.samples; phase intervals for the background;
 * drop and timeout ticks aligned with the router plot. Pure and DOM-free.
 */
import {
  AfterReader,
  decisionAt,
  PacketEventKind,
  PacketType,
  PHASES,
  V,
  type Phase,
  type Trace,
} from '../../engine';
import { stepValueAt } from './bisect';
import type { SeriesPoint } from './types';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind, type SeriesKey } from './palette';
import { dropKind } from './router';
import { bucketByFlow, rowsOf } from './flowBuckets';
import {
  codeFlags,
  eventAtOrAfter,
  flowDecisionRows,
  flowSampleRows,
  isTimeoutCode,
  memo,
} from './traceCache';
import { explainDecision } from '../../trace/explain';

export type CwndUnits = 'packets' | 'bytes';
export type OptionalSeries = 'flightsize' | 'pipe' | 'partialBytesAcked' | 'inflated';

export type { SeriesPoint };

export interface Series {
  key: SeriesKey;
  /** Step-after points; the last value holds to the end of the run. */
  points: SeriesPoint[];
}

export interface PhaseSpan {
  t0: number;
  t1: number;
  phase: Phase;
}

export interface CwndModel {
  flow: number;
  units: CwndUnits;
  series: Series[];
  phases: PhaseSpan[];
  /** Drops at the router (same glyphs as the router plot) and timeouts. */
  ticks: PointMarks;
  /** Upper end of the y axis (ssthresh far above cwnd is left off the scale). */
  yMax: number;
  /** Largest value of each series. */
  max: Partial<Record<SeriesKey, number>>;
}

/**
 * Value of one series in a variable vector (vars.ts order; NaN = not used by the sender),
 * or null. `bytes` gives the sample's own cwnd / ssthresh in bytes (SCTP counts in bytes).
 */
function valueAt(
  vec: Float64Array,
  key: SeriesKey,
  units: CwndUnits,
  mss: number,
  bytes?: { cwnd: number; ssthresh: number },
): number | null {
  const inBytes = units === 'bytes';
  const cwnd = vec[V.cwnd]!;
  switch (key) {
    case 'cwnd':
      return inBytes ? (bytes?.cwnd ?? cwnd * mss) : cwnd;
    case 'ssthresh': {
      const ss = vec[V.ssthresh]!;
      return inBytes ? (bytes?.ssthresh ?? ss * mss) : ss;
    }
    case 'flightsize': {
      const f = vec[V.flightsize]!;
      return inBytes ? f * mss : f;
    }
    case 'pipe': {
      const p = vec[V.pipe]!;
      return p < 0 ? null : inBytes ? p * mss : p;
    }
    case 'partialBytesAcked': {
      const b = vec[V.partialBytesAcked]!;
      return inBytes ? b : b / mss;
    }
    case 'inflated': {
      // Reno/NewReno fast recovery: the usable window is cwnd + inflation (ns-2 dupwnd_).
      const inf = vec[V.inflation]!;
      const v = cwnd + (Number.isNaN(inf) ? 0 : inf);
      return inBytes ? v * mss : v;
    }
    default:
      return null;
  }
}

/**
 * Step series of one sender variable (gaps where the variable is not used are skipped).
 * cwnd and ssthresh come from the state samples (which carry the byte values); the other
 * variables from the decisions, which record them after every step. Read from the columns.
 */
export function seriesOf(
  trace: Trace,
  flow: number,
  key: SeriesKey,
  units: CwndUnits = 'packets',
): SeriesPoint[] {
  const mss = trace.flows.find((f) => f.id === flow)?.mssBytes ?? 1;
  const pts: SeriesPoint[] = [];
  const after = new AfterReader(trace.decisions);
  const S = trace.samples;
  const fromSamples = key === 'cwnd' || key === 'ssthresh';
  const { rows, times } = fromSamples ? flowSampleRows(trace, flow) : flowDecisionRows(trace, flow);
  const bytes = { cwnd: 0, ssthresh: 0 };
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k]!;
    const time = times[k]!;
    let v: number | null;
    if (fromSamples) {
      bytes.cwnd = S.cwndBytes[r]!;
      bytes.ssthresh = S.ssthreshBytes[r]!;
      v = valueAt(after.vector(S.decision[r]!), key, units, mss, bytes);
    } else v = valueAt(after.vector(r), key, units, mss);
    if (v === null || !Number.isFinite(v)) continue;
    const last = pts[pts.length - 1];
    if (last && last.t === time) last.v = v;
    else if (!last || last.v !== v) pts.push({ t: time, v });
  }
  return pts;
}

/** Phase intervals of one flow, from its first sample to the end of the run. */
export function phaseSpans(trace: Trace, flow: number): PhaseSpan[] {
  return memo(trace, `phases:${flow}`, () => {
    const out: PhaseSpan[] = [];
    const { rows, times } = flowSampleRows(trace, flow);
    const phaseCol = trace.samples.phase;
    for (let k = 0; k < rows.length; k++) {
      const phase = PHASES[phaseCol[rows[k]!]!]!;
      const last = out[out.length - 1];
      if (last && last.phase === phase) continue;
      if (last) last.t1 = times[k]!;
      out.push({ t0: times[k]!, t1: trace.stopS, phase });
    }
    const last = out[out.length - 1];
    if (last) last.t1 = Math.max(last.t0, trace.stopS);
    return out.filter((p) => p.t1 > p.t0 || p === last);
  });
}

/**
 * The packet events that drop a data packet or an ACK (not a control packet) at the run's
 * router, grouped by flow: one pass over the packet events for every flow's ticks.
 */
function routerDropsByFlow(trace: Trace): Int32Array[] {
  return memo(trace, 'routerDropsByFlow', () => {
    const P = trace.packets;
    const X = trace.transmissions;
    return bucketByFlow(P.length, (i) => {
      if (P.kind[i] !== PacketEventKind.drop || P.node[i] !== trace.router) return -1;
      const u = P.uid[i]!;
      return X.type[u] === PacketType.control ? -1 : X.flow[u]!;
    });
  });
}

/**
 * Ticks under the cwnd curve: every drop of this flow at the router (cause glyph as in the
 * router plot), and every retransmission timeout (decision with an RTO code).
 * y is unused (the component puts ticks on a strip); `packet` is the dropped packet.
 */
export function cwndTicks(trace: Trace, flow: number): PointMarks {
  return memo(trace, `cwndTicks:${flow}`, () => {
    const P = trace.packets;
    const X = trace.transmissions;
    const b = new MarkBuilder();
    const drops = rowsOf(routerDropsByFlow(trace), flow);
    for (let k = 0; k < drops.length; k++) {
      const i = drops[k]!;
      const u = P.uid[i]!;
      const pkt = X.type[u] === PacketType.ack ? X.cumAck[u]! : X.packet[u]!;
      b.push(dropKind(P.cause[i]!), i, P.time[i]!, 0, flow, pkt, X.retx[u]!);
    }
    const D = trace.decisions;
    const timeout = codeFlags(trace, 'timeout', isTimeoutCode);
    const { rows } = flowDecisionRows(trace, flow);
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k]!;
      if (!timeout[D.code[i]!]) continue;
      // Only timeouts become objects (a handful per run).
      const d = decisionAt(trace, i);
      // The timeout acts on the first event at its time (its retransmission).
      const ev = Math.min(eventAtOrAfter(trace, d.time), P.length - 1);
      const pkt = d.packets[0] ?? d.after.highestAck + 1;
      b.push(MarkKind.timeout, ev, d.time, 0, flow, pkt, 0, undefined, explainDecision(d, trace));
    }
    return b.build();
  });
}

/** Everything the cwnd plot of one flow draws. */
export function cwndModel(
  trace: Trace,
  flow: number,
  opts: { units?: CwndUnits; show?: OptionalSeries[] } = {},
): CwndModel {
  const units = opts.units ?? 'packets';
  const show = opts.show ?? [];
  return memo(trace, `cwnd:${flow}:${units}:${show.join(',')}`, () => {
    const keys: SeriesKey[] = ['ssthresh', ...show, 'cwnd'];
    const series = keys.map((key) => ({ key, points: seriesOf(trace, flow, key, units) }));
    const max: Partial<Record<SeriesKey, number>> = {};
    for (const s of series) max[s.key] = s.points.reduce((m, p) => Math.max(m, p.v), 0);
    const cwndMax = max.cwnd ?? 0;
    // Keep ssthresh on the scale unless it is far above anything cwnd reached (e.g. "infinite").
    let top = cwndMax;
    for (const s of series) {
      const m = max[s.key] ?? 0;
      if (s.key === 'ssthresh' ? m <= Math.max(cwndMax * 2.5, units === 'bytes' ? 4000 : 4) : true)
        top = Math.max(top, m);
    }
    const unit = units === 'bytes' ? (trace.flows.find((f) => f.id === flow)?.mssBytes ?? 1000) : 1;
    const yMax = Math.max(top * 1.08, 4 * unit);
    return {
      flow,
      units,
      series,
      phases: phaseSpans(trace, flow),
      ticks: cwndTicks(trace, flow),
      yMax,
      max,
    };
  });
}

/** The overlays the cwnd panel's toolbar offers, in its order. */
export const CWND_OVERLAYS: readonly OptionalSeries[] = ['flightsize', 'pipe', 'inflated'];

/**
 * The overlays `flow`'s sender has: flight size always; pipe when the sender keeps one (SACK's
 * pipe, −1 elsewhere); cwnd + inflation when the window was ever inflated (Reno family in fast
 * recovery; 0 for other TCP senders, NaN for SCTP). Read from the decisions' `after` vectors.
 */
export function cwndOverlaysOf(trace: Trace, flow: number): OptionalSeries[] {
  return memo(trace, `cwndOverlays:${flow}`, () => {
    const after = new AfterReader(trace.decisions);
    const { rows } = flowDecisionRows(trace, flow);
    let pipe = false;
    let inflated = false;
    for (let k = 0; k < rows.length && !(pipe && inflated); k++) {
      const vec = after.vector(rows[k]!);
      if (vec[V.pipe]! >= 0) pipe = true;
      if (vec[V.inflation]! > 0) inflated = true;
    }
    return CWND_OVERLAYS.filter(
      (s) => s === 'flightsize' || (s === 'pipe' && pipe) || (s === 'inflated' && inflated),
    );
  });
}

/** The retransmission timer of one flow: its RTO over time and the moments it expired. */
export interface RtoModel {
  flow: number;
  /** RTO in seconds after each decision that changed it (step-after; holds to the end). */
  points: SeriesPoint[];
  /** Expiries: the timeout decisions' times, in order. */
  expiries: number[];
  /** Largest RTO, s. */
  max: number;
}

/** The RTO track's model, from the decisions' `after.rto` and the timeout decisions. */
export function rtoModel(trace: Trace, flow: number): RtoModel {
  return memo(trace, `rto:${flow}`, () => {
    const D = trace.decisions;
    const after = new AfterReader(D);
    const timeout = codeFlags(trace, 'timeout', isTimeoutCode);
    const { rows, times } = flowDecisionRows(trace, flow);
    const points: SeriesPoint[] = [];
    const expiries: number[] = [];
    let max = 0;
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!;
      const t = times[k]!;
      if (timeout[D.code[r]!]) expiries.push(t);
      const v = after.get(r, V.rto);
      if (!Number.isFinite(v)) continue;
      max = Math.max(max, v);
      const last = points[points.length - 1];
      if (last && last.t === t) last.v = v;
      else if (!last || last.v !== v) points.push({ t, v });
    }
    return { flow, points, expiries, max };
  });
}

/** The RTO (s) in force at time t (after the last decision at or before t), or null before. */
export function rtoAt(m: RtoModel, t: number): number | null {
  return stepValueAt(m.points, t);
}
