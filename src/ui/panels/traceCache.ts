/**
 * Small read-only indexes over a Trace, computed once per trace (WeakMap cache) and shared by
 * the panels: per-flow sample and decision rows, time → event lookups, fast-retransmit events.
 * Built from the trace's columns in one pass each, never from materialised objects (a 1000 s run
 * has ~50 k decisions). Pure and DOM-free.
 */
import {
  afterVector,
  sampleAt,
  varsAt,
  type Decision,
  type StateSample,
  type Trace,
} from '../../engine';
import { findVariant } from '../deps/scenarios';
import { lowerBound, upperBound } from './bisect';
import { bucketByFlow, rowsOf } from './flowBuckets';

const caches = new WeakMap<Trace, Map<string, unknown>>();

/** Compute `make()` once per (trace, key). */
export function memo<T>(trace: Trace, key: string, make: () => T): T {
  let m = caches.get(trace);
  if (!m) {
    m = new Map();
    caches.set(trace, m);
  }
  if (m.has(key)) return m.get(key) as T;
  const v = make();
  m.set(key, v);
  return v;
}

/** A computation over a trace that yields now and then (every SLICE_EVENTS events). */
export type Sliced<T> = Generator<void, T, void>;

/** Events scanned between two yields of a sliced computation. */
export const SLICE_EVENTS = 1 << 13;

class Pending<T> {
  constructor(readonly gen: Sliced<T>) {}
}

/** Run the sliced computation `key` until done or past `deadline`; its result when done. */
function advance<T>(
  trace: Trace,
  key: string,
  make: () => Sliced<T>,
  deadline: number,
): { done: boolean; value?: T } {
  let m = caches.get(trace);
  if (!m) {
    m = new Map();
    caches.set(trace, m);
  }
  let v = m.get(key);
  if (!m.has(key)) {
    v = new Pending(make());
    m.set(key, v);
  }
  if (!(v instanceof Pending)) return { done: true, value: v as T };
  const gen = (v as Pending<T>).gen;
  for (;;) {
    const r = gen.next();
    if (r.done) {
      m.set(key, r.value);
      return { done: true, value: r.value };
    }
    if (performance.now() >= deadline) return { done: false };
  }
}

/**
 * Like memo, for a computation that can also run in slices (advanceMemo): the result, finishing
 * whatever part is still to do.
 */
export function memoSliced<T>(trace: Trace, key: string, make: () => Sliced<T>): T {
  return advance(trace, key, make, Infinity).value as T;
}

/** Advance a sliced memo for up to `budgetMs`; true when its result is ready. */
export function advanceMemo<T>(
  trace: Trace,
  key: string,
  make: () => Sliced<T>,
  budgetMs: number,
): boolean {
  return advance(trace, key, make, performance.now() + budgetMs).done;
}

/** Index of the last packet event at or before time t (-1 if none). */
export function eventAtOrBefore(trace: Trace, t: number): number {
  const P = trace.packets;
  return upperBound(P.time.subarray(0, P.length), t) - 1;
}

/** Index of the first packet event at or after time t (length if none). */
export function eventAtOrAfter(trace: Trace, t: number): number {
  const P = trace.packets;
  return lowerBound(P.time.subarray(0, P.length), t);
}

/** Flow ids to show: `flows` if given, else every flow of the trace. */
export function shownFlows(trace: Trace, flows?: number[]): number[] {
  return flows ?? trace.flows.map((f) => f.id);
}

/** Sample rows (trace.samples) of one flow, in time order, with their times. */
export function flowSampleRows(
  trace: Trace,
  flow: number,
): { rows: Int32Array; times: Float64Array } {
  return memo(trace, `sampleRows:${flow}`, () => {
    // Every flow's rows in one pass over the samples (not one pass per flow).
    const groups = memo(trace, 'sampleRowsByFlow', () => {
      const S = trace.samples;
      const D = trace.decisions;
      return bucketByFlow(S.length, (j) => D.flow[S.decision[j]!]!);
    });
    return withTimes(
      rowsOf(groups, flow),
      (j) => trace.decisions.time[trace.samples.decision[j]!]!,
    );
  });
}

/** Decision rows (trace.decisions) of one flow, in time order, with their times. */
export function flowDecisionRows(
  trace: Trace,
  flow: number,
): { rows: Int32Array; times: Float64Array } {
  return memo(trace, `decisionRows:${flow}`, () => {
    const D = trace.decisions;
    const groups = memo(trace, 'decisionRowsByFlow', () =>
      bucketByFlow(D.length, (i) => D.flow[i]!),
    );
    return withTimes(rowsOf(groups, flow), (i) => D.time[i]!);
  });
}

function withTimes(
  rows: Int32Array,
  timeOf: (row: number) => number,
): { rows: Int32Array; times: Float64Array } {
  const times = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) times[k] = timeOf(rows[k]!);
  return { rows, times };
}

/** The sender state of `flow` after the last sample at or before time t (null before the first). */
export function senderStateAt(trace: Trace, flow: number, t: number): StateSample | null {
  const { rows, times } = flowSampleRows(trace, flow);
  const k = upperBound(times, t) - 1;
  return k >= 0 ? sampleAt(trace, rows[k]!) : null;
}

/**
 * Sender variables after the last decision at or before time t (null before the first).
 * Decisions carry every variable (flight size, pipe, inflation…); samples only follow
 * cwnd/ssthresh changes.
 */
export function decisionStateAt(trace: Trace, flow: number, t: number): Decision['after'] | null {
  const { rows, times } = flowDecisionRows(trace, flow);
  const k = upperBound(times, t) - 1;
  return k >= 0 ? varsAt(afterVector(trace.decisions, rows[k]!), 0) : null;
}

/** Per reason code of the run (DecisionColumns.codes), whether `test` holds. */
export function codeFlags(trace: Trace, key: string, test: (code: string) => boolean): Uint8Array {
  return memo(trace, `codeFlags:${key}`, () =>
    Uint8Array.from(trace.decisions.codes, (c) => (test(c) ? 1 : 0)),
  );
}

/**
 * Packet events (the ACK's 'deliver' at the sender) that triggered a fast retransmit, one flag
 * per event, from the decision columns.
 */
export function fastRetransmitEvents(trace: Trace): Uint8Array {
  return memo(trace, 'fastRetransmitEvents', () => {
    const D = trace.decisions;
    const fr = codeFlags(trace, 'fastRetransmit', isFastRetransmitCode);
    const out = new Uint8Array(trace.packets.length);
    for (let i = 0; i < D.length; i++) {
      const ev = D.event[i]!;
      if (ev >= 0 && ev < out.length && fr[D.code[i]!]) out[ev] = 1;
    }
    return out;
  });
}

/** A retransmission-timeout decision (TCP 'tcp.rto', SCTP T3-rtx expiry codes). */
export function isTimeoutCode(code: string): boolean {
  if (code === 'tcp.rto') return true;
  return code.startsWith('sctp.') && /(^|[.-])(rto|t3)([.-]|$)/.test(code.slice(5));
}

/** A fast-retransmit decision (any variant). */
export function isFastRetransmitCode(code: string): boolean {
  return code.endsWith('fast-retransmit');
}

/**
 * The time span every time plot shows when not zoomed: first event to the end of the run,
 * padded so the first and last marks are not clipped. Same for all panels of one trace, so
 * stacked panels line up.
 */
export function fullTimeDomain(trace: Trace): [number, number] {
  const P = trace.packets;
  const t0 = P.length > 0 ? (P.time[0] as number) : 0;
  const t1 = Math.max(P.length > 0 ? (P.time[P.length - 1] as number) : 0, trace.stopS, t0 + 1e-3);
  const pad = (t1 - t0) * 0.015;
  return [Math.max(0, t0 - pad), t1 + pad];
}

/** "Reno" from "reno", "NewReno" from "newreno"… for labels (the variant registry's name). */
export function senderLabel(id: string): string {
  return findVariant(id)?.name ?? id;
}

/**
 * "flow 1 (Reno)": flows are numbered from 1 on screen, as the scenario names them (`sender`
 * `f2.…` is flow 2) and the preset notices say; trace ids start at 0.
 */
export function flowLabel(trace: Trace, flow: number): string {
  const f = trace.flows.find((x) => x.id === flow);
  return f ? `flow ${flow + 1} (${senderLabel(f.sender)})` : `flow ${flow + 1}`;
}

/** Seconds with millisecond precision: 1.2345 → "1.235 s". */
export function fmtTime(t: number): string {
  return `${t.toFixed(3)} s`;
}

/** Link label "R1→K1". */
export function linkLabel(trace: Trace, link: number): string {
  const l = trace.links[link];
  return l ? `${l.from}→${l.to}` : `link ${link}`;
}
