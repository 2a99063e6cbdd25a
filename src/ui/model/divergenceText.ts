/**
 * The words compare mode puts on the first divergence (divergence.ts): the event at which the
 * runs part, in the log's words without its outcome (predict.ts predictEventText), then each
 * run's decision there — its rule, cwnd (with the window inflation a Reno-family sender keeps
 * beside it), ssthresh, pipe when it counts one, and what it sends. Numbers are the engine's
 * (the decision's variables, trace/window.ts), never recomputed.
 */
import { cwndReadings, decisionAt, reason, type Trace } from '../../engine';
import type { Divergence } from './divergence';
import { predictEventText } from './predict';

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3))));

/**
 * A window in the sender's unit: TCP counts packets and names no unit ("7"); SCTP counts MTUs,
 * one singular ("1 MTU", "7 + 3 inflation MTUs", "65.536 MTUs").
 */
function windowText(trace: Trace, flow: number, value: number, inflation = 0): string {
  const text = `${fmt(value)}${inflation > 0 ? ` + ${fmt(inflation)} inflation` : ''}`;
  if (trace.flows[flow]?.protocol !== 'sctp') return text;
  return `${text} ${value + inflation === 1 ? 'MTU' : 'MTUs'}`;
}

/** "1–4", "15", "27 and 33", "nothing". */
function packetsText(p: readonly number[]): string {
  if (p.length === 0) return 'nothing';
  if (p.length === 1) return String(p[0]);
  const run = p.every((x, k) => k === 0 || x === p[k - 1]! + 1);
  if (run && p.length > 2) return `${p[0]}–${p[p.length - 1]}`;
  return `${p.slice(0, -1).join(', ')} and ${p[p.length - 1]}`;
}

/**
 * One decision in brief: "fast retransmit: cwnd 7 + 3 inflation, ssthresh 7, sends 15 (2.080 s)";
 * SCTP windows in MTUs ("1 MTU", "4 MTUs").
 */
export function decisionBrief(trace: Trace, row: number): string {
  const d = decisionAt(trace, row);
  const r = cwndReadings(d, trace);
  const parts = [
    `cwnd ${windowText(trace, d.flow, r.cwnd, r.inflation)}`,
    `ssthresh ${windowText(trace, d.flow, d.after.ssthresh)}`,
  ];
  if (r.pipe !== null) parts.push(`pipe ${fmt(r.pipe)}`);
  parts.push(`sends ${packetsText(d.packets)}`);
  return `${reason(d.code).label}: ${parts.join(', ')} (${d.time.toFixed(3)} s)`;
}

/** The event at which a divergence happens, from whichever run has the decision. */
export function divergenceEvent(base: Trace, other: Trace, div: Divergence): string {
  if (div.baseRow >= 0) return predictEventText(base, decisionAt(base, div.baseRow));
  return predictEventText(other, decisionAt(other, div.otherRow));
}

/**
 * One run's decision at a divergence, naming only what sets it apart (`fields`): its rule, its
 * cwnd (with any inflation) and pipe, ssthresh and what it sends when those differ, and its time
 * when `withTime`. "fast retransmit, cwnd 7, pipe 12"; "no such decision" for row -1.
 */
export function contrastText(
  trace: Trace,
  row: number,
  fields: readonly string[],
  withTime: boolean,
): string {
  if (row < 0) return 'no such decision';
  const d = decisionAt(trace, row);
  const r = cwndReadings(d, trace);
  const parts = [reason(d.code).label, `cwnd ${windowText(trace, d.flow, r.cwnd, r.inflation)}`];
  if (r.pipe !== null) parts.push(`pipe ${fmt(r.pipe)}`);
  if (fields.includes('ssthresh'))
    parts.push(`ssthresh ${windowText(trace, d.flow, d.after.ssthresh)}`);
  if (fields.includes('packets')) parts.push(`sends ${packetsText(d.packets)}`);
  return `${parts.join(', ')}${withTime ? ` (${d.time.toFixed(3)} s)` : ''}`;
}
