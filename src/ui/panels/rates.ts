/**
 * The rate panel's model: per flow, read from the engine's per-ACK rate trace (`Trace.rates`,
 * engine trace/rates.ts) — the pacing rate after each ACK (a step line), each ACK's
 * delivery-rate sample (a dot; application-limited ones drawn hollow), BBR's bottleneck-bandwidth
 * estimate (a step line) — and the bottleneck link's rate as the reference. Pure and DOM-free:
 * every value is a column of the trace; nothing here is computed from the protocol.
 */
import type { Trace } from '../../engine';
import { lastAtOrBelow } from './bisect';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';
import { eventAtOrBefore, memo } from './traceCache';
import type { SeriesPoint } from './types';

/** Whether the trace has rate rows at all (TCP senders in a full trace; none for SCTP / UDP). */
export function hasRates(trace: Trace): boolean {
  return (trace.rates?.length ?? 0) > 0;
}

/** Rate-trace rows of each flow, in time order (one pass over the flow column, per trace). */
export function rateRowsByFlow(trace: Trace): Map<number, Int32Array> {
  return memo(trace, 'rates:rows', () => {
    const R = trace.rates;
    const out = new Map<number, number[]>();
    if (R)
      for (let i = 0; i < R.length; i++) {
        const f = R.flow[i]!;
        const list = out.get(f);
        if (list) list.push(i);
        else out.set(f, [i]);
      }
    return new Map([...out].map(([f, rows]) => [f, Int32Array.from(rows)]));
  });
}

/** The rate rows of `flow` (empty when it has none). */
export function flowRateRows(trace: Trace, flow: number): Int32Array {
  return rateRowsByFlow(trace).get(flow) ?? new Int32Array(0);
}

/**
 * The packet event a rate row stands for: its ACK decision's event (the ACK's arrival at the
 * sender, Trace.decisions.event), else the last event at or before its time. The cursor goes
 * there when the row's dot is clicked: the log then shows that ACK's decision.
 */
export function rateRowEvent(trace: Trace, row: number): number {
  const R = trace.rates!;
  const d = R.decision[row]!;
  const ev = d >= 0 ? trace.decisions.event[d]! : -1;
  return ev >= 0 ? ev : Math.max(0, eventAtOrBefore(trace, R.time[row]!));
}

/**
 * Step points of one column over `rows`: a point where the value changes; NaN values (no value
 * yet, e.g. min_rtt before the first RTT sample, or a flow that does not pace) are left out, so
 * the line holds its last finite value.
 */
export function stepColumn(time: Float64Array, col: Float64Array, rows: Int32Array): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  let last = NaN;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const v = col[i]!;
    if (Number.isNaN(v) || v === last) continue;
    out.push({ t: time[i]!, v });
    last = v;
  }
  return out;
}

export interface RateModel {
  flow: number;
  /** The flow's rate rows (indices into Trace.rates). */
  rows: Int32Array;
  /** Pacing rate, bit/s of payload, step-after from each change; empty: the flow does not pace. */
  pacing: SeriesPoint[];
  /** BBR's bandwidth estimate (windowed max filter), bit/s; empty for other variants. */
  bwEstimate: SeriesPoint[];
  /**
   * Delivery-rate samples, one mark per ACK that delivered data (kind `rateSample`, or
   * `rateSampleAppLimited` when the sample is application-limited), and a `bbrMode` mark (y NaN:
   * drawn along the top) at each ACK that put BBR in another mode; `packet` = the rate row.
   */
  samples: PointMarks;
  /** How many marks are delivery-rate samples. */
  sampleCount: number;
  /** How many samples are application-limited. */
  appLimited: number;
  /** Largest value of any series or sample, bit/s (0: none). */
  max: number;
  /** Whether the flow is BBR (some row carries a BBR state). */
  bbr: boolean;
}

/** The rate model of one flow (memoised per trace). */
export function rateModel(trace: Trace, flow: number): RateModel {
  return memo(trace, `rates:${flow}`, () => {
    const R = trace.rates;
    const rows = flowRateRows(trace, flow);
    const b = new MarkBuilder();
    if (!R) return emptyModel(flow, b.build());
    let max = 0;
    let appLimited = 0;
    let sampleCount = 0;
    let bbr = false;
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k]!;
      if (R.state[i]! > 0) bbr = true;
      // BBR entering a mode: a mark along the top (its y is placed by the plot).
      if (R.state[i]! > 0 && (k === 0 || R.state[rows[k - 1]!] !== R.state[i]))
        b.push(MarkKind.bbrMode, rateRowEvent(trace, i), R.time[i]!, NaN, flow, i);
      const p = R.pacingRate[i]!;
      if (p > max) max = p;
      const e = R.bwEstimate[i]!;
      if (e > max) max = e;
      const d = R.deliveryRate[i]!;
      if (Number.isNaN(d)) continue;
      if (d > max) max = d;
      sampleCount++;
      const limited = R.appLimited[i] === 1;
      if (limited) appLimited++;
      const kind = limited ? MarkKind.rateSampleAppLimited : MarkKind.rateSample;
      b.push(kind, rateRowEvent(trace, i), R.time[i]!, d, flow, i);
    }
    return {
      flow,
      rows,
      pacing: stepColumn(R.time, R.pacingRate, rows),
      bwEstimate: stepColumn(R.time, R.bwEstimate, rows),
      samples: b.build(),
      sampleCount,
      appLimited,
      max,
      bbr,
    };
  });
}

function emptyModel(flow: number, samples: PointMarks): RateModel {
  return {
    flow,
    rows: new Int32Array(0),
    pacing: [],
    bwEstimate: [],
    samples,
    sampleCount: 0,
    appLimited: 0,
    max: 0,
    bbr: false,
  };
}

/** The flow's rate row at or before time t (−1: none yet). */
export function rateRowAt(trace: Trace, flow: number, t: number): number {
  const R = trace.rates;
  const rows = flowRateRows(trace, flow);
  if (!R || rows.length === 0) return -1;
  const times = memo(trace, `rates:times:${flow}`, () => {
    const out = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) out[k] = R.time[rows[k]!]!;
    return out;
  });
  const k = lastAtOrBelow(times, t);
  return k >= 0 ? rows[k]! : -1;
}

/** The bottleneck link's rate, bit/s on the wire (Trace.links[Trace.bottleneck]). */
export function bottleneckBps(trace: Trace): number {
  return trace.links[trace.bottleneck]?.bandwidthBps ?? 0;
}

/**
 * The shown flows (`flowsKey`: the panels' comma-separated flow ids, `*` = all) that have rate
 * rows, in order: TCP flows of a full trace.
 */
export function rateFlows(trace: Trace, flowsKey: string): number[] {
  const rows = rateRowsByFlow(trace);
  const shown =
    flowsKey === '*'
      ? trace.flows.map((f) => f.id)
      : flowsKey.split(',').filter(Boolean).map(Number);
  return shown.filter((f) => (rows.get(f)?.length ?? 0) > 0);
}

/**
 * Why a panel of the rate trace is empty for these flows, in one sentence: no TCP flow (SCTP
 * and UDP keep no per-ACK rate rows), every flow hidden, or TCP flows without rows.
 */
export function noRatesText(trace: Trace, flowsKey: string): string {
  const shown =
    flowsKey === '*'
      ? trace.flows
      : trace.flows.filter((f) => flowsKey.split(',').includes(String(f.id)));
  if (shown.length === 0) return 'Every flow is hidden: show some in the flow list.';
  const tcp = shown.filter((f) => f.protocol === 'tcp');
  if (tcp.length === 0) {
    const kinds = [...new Set(shown.map((f) => f.protocol.toUpperCase()))].join(' and ');
    return `No rate samples: this run has no TCP flow shown (${kinds} here). Pacing rate, delivery-rate and RTT samples are recorded per ACK of a TCP sender.`;
  }
  return 'No rate samples: the TCP flows shown processed no ACK.';
}
