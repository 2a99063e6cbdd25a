/**
 * Where compared runs part: the first SENDER DECISION that differs, not the first packet event.
 *
 * Each flow's decisions are taken in order and matched one to one (the k-th decision of flow f
 * in one run against the k-th in the other). Two decisions are the same when they apply the
 * same rule (reason code) to the same trigger (its kind and cumulative ACK), send the same
 * packets and leave the same cwnd and ssthresh; their times may differ — a SACK sender's larger
 * ACKs arrive microseconds later than Reno's, which is not a different decision. The first pair
 * that is not the same (or a decision one run has and the other lacks) is the divergence; over
 * several flows, the earliest. Read from the decision columns only (AfterReader), one pass.
 */
import { AfterReader, TriggerKind, V, type Trace } from '../../engine';

/** What differs between the two decisions, in the order the text names them. */
export type DivergenceField = 'rule' | 'trigger' | 'packets' | 'cwnd' | 'ssthresh' | 'missing';

export interface Divergence {
  /** The flow (0-based) whose decisions part first. */
  flow: number;
  /** The k-th decision of that flow (0-based) at which they part. */
  index: number;
  /** The decision row in the first run, or -1 when it has no k-th decision of the flow. */
  baseRow: number;
  /** The decision row in the other run, or -1 when it has none. */
  otherRow: number;
  /** Its time in the first run (NaN when baseRow is -1), seconds. */
  baseTime: number;
  /** Its time in the other run (NaN when otherRow is -1), seconds. */
  otherTime: number;
  /** The earlier of the two times, seconds. */
  time: number;
  fields: DivergenceField[];
}

/** Decision rows of each flow, in order. */
function rowsByFlow(t: Trace): Int32Array[] {
  const D = t.decisions;
  const counts = new Int32Array(t.flows.length);
  for (let i = 0; i < D.length; i++) counts[D.flow[i]!]!++;
  const out = Array.from(counts, (n) => new Int32Array(n));
  counts.fill(0);
  for (let i = 0; i < D.length; i++) {
    const f = D.flow[i]!;
    out[f]![counts[f]!++] = i;
  }
  return out;
}

const cache = new WeakMap<Trace, { rows: Int32Array[]; after: AfterReader }>();
function indexOf(t: Trace) {
  let c = cache.get(t);
  if (!c) {
    c = { rows: rowsByFlow(t), after: new AfterReader(t.decisions) };
    cache.set(t, c);
  }
  return c;
}

function samePackets(a: Trace, ia: number, b: Trace, ib: number): boolean {
  const A = a.decisions;
  const B = b.decisions;
  const a0 = A.packetStart[ia]!;
  const n = A.packetStart[ia + 1]! - a0;
  const b0 = B.packetStart[ib]!;
  if (B.packetStart[ib + 1]! - b0 !== n) return false;
  for (let k = 0; k < n; k++) if (A.packetList[a0 + k] !== B.packetList[b0 + k]) return false;
  return true;
}

/** What differs between decision ia of a and ib of b (empty: the same decision). */
function differences(a: Trace, ia: number, b: Trace, ib: number): DivergenceField[] {
  const A = a.decisions;
  const B = b.decisions;
  const out: DivergenceField[] = [];
  if (A.codes[A.code[ia]!] !== B.codes[B.code[ib]!]) out.push('rule');
  const ack = A.trigger[ia] === TriggerKind.ack;
  if (A.trigger[ia] !== B.trigger[ib] || (ack && A.cumAck[ia] !== B.cumAck[ib]))
    out.push('trigger');
  if (!samePackets(a, ia, b, ib)) out.push('packets');
  const ra = indexOf(a).after;
  const rb = indexOf(b).after;
  if (!Object.is(ra.get(ia, V.cwnd), rb.get(ib, V.cwnd))) out.push('cwnd');
  if (!Object.is(ra.get(ia, V.ssthresh), rb.get(ib, V.ssthresh))) out.push('ssthresh');
  return out;
}

/** The first decision where `b` parts from `a`, or null when every decision is the same. */
export function decisionDivergence(a: Trace, b: Trace): Divergence | null {
  const ia = indexOf(a);
  const ib = indexOf(b);
  let best: Divergence | null = null;
  const flows = Math.max(a.flows.length, b.flows.length);
  for (let f = 0; f < flows; f++) {
    const ra = ia.rows[f] ?? new Int32Array(0);
    const rb = ib.rows[f] ?? new Int32Array(0);
    const n = Math.min(ra.length, rb.length);
    let k = 0;
    let fields: DivergenceField[] = [];
    for (; k < n; k++) {
      fields = differences(a, ra[k]!, b, rb[k]!);
      if (fields.length > 0) break;
    }
    if (k === n && ra.length === rb.length) continue;
    if (k === n) fields = ['missing'];
    const baseRow = k < ra.length ? ra[k]! : -1;
    const otherRow = k < rb.length ? rb[k]! : -1;
    const baseTime = baseRow >= 0 ? a.decisions.time[baseRow]! : NaN;
    const otherTime = otherRow >= 0 ? b.decisions.time[otherRow]! : NaN;
    const time = Math.min(baseRow >= 0 ? baseTime : Infinity, otherRow >= 0 ? otherTime : Infinity);
    if (!best || time < best.time)
      best = { flow: f, index: k, baseRow, otherRow, baseTime, otherTime, time, fields };
  }
  return best;
}

/**
 * For each trace after the first: where its decisions first part from the first trace's (null
 * when they never do). Index 0 is always null.
 */
export function divergences(traces: readonly Trace[]): (Divergence | null)[] {
  const base = traces[0];
  return traces.map((t, k) => (k === 0 || !base ? null : decisionDivergence(base, t)));
}

/** The earliest of `divs` (by time), with every run that parts at the same decision of the
 * first run; null when none parts. */
export function firstDivergence(
  divs: readonly (Divergence | null)[],
): { div: Divergence; runs: number[] } | null {
  let best: Divergence | null = null;
  for (const d of divs) if (d && (!best || d.time < best.time)) best = d;
  if (!best) return null;
  const runs: number[] = [];
  divs.forEach((d, i) => {
    if (d && d.flow === best.flow && d.index === best.index) runs.push(i);
  });
  return { div: best, runs };
}
