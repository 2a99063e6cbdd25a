/**
 * Read-only indexes over one Trace for navigation: which packet event each decision belongs to,
 * which events are "significant", and a short description of an event. Pure lookups over the
 * engine's records; no protocol logic is recomputed here.
 */
import {
  decisionAt,
  PacketEventKind,
  PacketType,
  reason,
  type Decision,
  type ReasonCode,
  type Trace,
} from '../../engine';
import { episodeStops } from '../../trace/episodes';
import { lastEventAtOrBefore } from '../../trace/event-at';
import { duplicatesOf } from '../../trace/explain';
import type { StepLevel } from '../deps/scenarios';
import { lastAtOrBelow, upperBound } from '../deps/panels';

export { lastEventAtOrBefore };
import { PATH_EVENT_NAMES } from '../../engine';

/** Path events "next significant" stops at (RFC 4960 §8.2, §6.4.1, §8.3, §8.1). */
const SIGNIFICANT_PATH_EVENTS: ReadonlySet<string> = new Set([
  'inactive',
  'failover',
  'recovered',
  'primary',
  'abort',
]);

export interface TraceIndex {
  /** Packet event index of each decision (same order as trace.decisions). */
  decisionEvent: Int32Array;
  /** Sorted, unique event indices of significant decisions and drops. */
  significant: Int32Array;
}

/** A decision belongs to the event of its trigger, or else to the last event at or before it. */
export function decisionEventIndex(d: Decision, trace: Trace): number {
  return d.trigger.event >= 0 ? d.trigger.event : lastEventAtOrBefore(trace, d.time);
}

const indexCache = new WeakMap<Trace, TraceIndex>();

/**
 * Built once per trace in one pass over the decision and packet columns (no Decision objects):
 * a few milliseconds on a 1000 s run.
 */
export function traceIndex(trace: Trace): TraceIndex {
  const hit = indexCache.get(trace);
  if (hit) return hit;
  const D = trace.decisions;
  const n = D.length;
  const decisionEvent = new Int32Array(n);
  // Per reason code (a run uses a few dozen): does a decision with it count as significant?
  // The start of the transfer (TCP or SCTP) is where the run begins, not a place to jump to.
  const sigCode = D.codes.map(
    (c) => reason(c as ReasonCode).significant && c !== 'tcp.start' && c !== 'sctp.start',
  );
  const P = trace.packets;
  const marks = new Uint8Array(P.length);
  for (let i = 0; i < n; i++) {
    const ev = D.event[i]!;
    const e = ev >= 0 ? ev : lastEventAtOrBefore(trace, D.time[i]!);
    decisionEvent[i] = e;
    if (sigCode[D.code[i]!] && e < marks.length) marks[e] = 1;
  }
  // Multi-homed SCTP: a path going inactive, failover, recovery, back to primary, abort.
  const E = trace.pathEvents;
  if (E)
    for (let i = 0; i < E.length; i++) {
      if (!SIGNIFICANT_PATH_EVENTS.has(PATH_EVENT_NAMES[E.event[i]!] ?? 'change')) continue;
      const e = lastEventAtOrBefore(trace, E.time[i]!);
      if (e < marks.length) marks[e] = 1;
    }
  let count = 0;
  for (let i = 0; i < P.length; i++) {
    if (P.kind[i] === PacketEventKind.drop) marks[i] = 1;
    count += marks[i]!;
  }
  const significant = new Int32Array(count);
  for (let i = 0, k = 0; i < P.length; i++) if (marks[i]) significant[k++] = i;
  const idx = { decisionEvent, significant };
  indexCache.set(trace, idx);
  return idx;
}

/** The decision row current at `cursor`: the last decision whose event ≤ cursor, or -1. */
export function decisionAtCursor(trace: Trace, cursor: number): number {
  return lastAtOrBelow(traceIndex(trace).decisionEvent, cursor);
}

/** Decisions taken exactly at event `cursor`. */
export function decisionsAtEvent(trace: Trace, cursor: number): Decision[] {
  const last = decisionAtCursor(trace, cursor);
  const de = traceIndex(trace).decisionEvent;
  const out: Decision[] = [];
  for (let i = last; i >= 0 && de[i] === cursor; i--) out.unshift(decisionAt(trace, i));
  return out;
}

/**
 * The sorted event indices a level of significant steps stops at; episodes of one flow only
 * when `flow` (0-based) is given (the log's flow filter).
 */
export function stepStops(trace: Trace, level: StepLevel, flow?: number | null): Int32Array {
  return level === 'episode'
    ? episodeStops(trace, flow ?? undefined)
    : traceIndex(trace).significant;
}

/**
 * Next (dir 1) or previous (dir -1) step of `level` strictly beyond `cursor`, or null:
 * 'decision' (default) a significant decision or a drop, 'episode' the start of an episode
 * (src/trace/episodes.ts) — of flow `flow` only when given.
 */
export function nextSignificant(
  trace: Trace,
  cursor: number,
  dir: 1 | -1,
  level: StepLevel = 'decision',
  flow?: number | null,
): number | null {
  const s = stepStops(trace, level, flow);
  // lo = number of entries ≤ cursor.
  const lo = upperBound(s, cursor);
  if (dir > 0) return lo < s.length ? (s[lo] as number) : null;
  let k = lo - 1;
  while (k >= 0 && (s[k] as number) >= cursor) k--;
  return k >= 0 ? (s[k] as number) : null;
}

export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/**
 * Label of one decision for compact readouts: "3rd duplicate ACK, fast retransmit". The ordinal
 * is given only for an ACK that repeats the cumulative ACK (one that advances it records a
 * change of highestAck; it is a new or partial ACK, whatever duplicate count it ends). SCTP
 * counts missing reports per TSN (RFC 2960 §7.2.4), so its ordinal says so. With the trace, a TCP
 * ordinal counts the duplicates of this ACK number, as the log's sentence does ("1st duplicate
 * ACK", where NewReno's own counter says 13); without it, the sender's counter.
 */
export function decisionLabel(d: Decision, trace?: Trace): string {
  const label = reason(d.code).label;
  const dup =
    d.trigger.kind === 'ack' && d.trigger.dupacks > 0 && d.changes.highestAck === undefined;
  if (!dup || d.trigger.kind !== 'ack') return label;
  const sctp = d.code.startsWith('sctp.');
  const what = sctp ? 'missing report' : 'duplicate ACK';
  // TCP: the duplicates of this ACK number, as the log's sentence counts them (the sender's
  // own counter differs after NewReno's partial ACK, or when SACK skips duplicates).
  const n = !sctp && trace ? duplicatesOf(d, trace) : null;
  const nth = `${ordinal(n || d.trigger.dupacks)} ${what}`;
  return label === what ? nth : `${nth}, ${label}`;
}

/** Short description of packet event i, for the scrubber and the transport bar. */
export function describeEvent(trace: Trace, i: number): string {
  const P = trace.packets;
  if (i < 0 || i >= P.length) return '';
  const here = decisionsAtEvent(trace, i);
  if (here.length > 0) return decisionLabel(here[here.length - 1] as Decision, trace);
  const node = trace.nodes[P.node[i] as number] ?? '?';
  const X = trace.transmissions;
  const u = P.uid[i]!;
  const isAck = X.type[u] === PacketType.ack;
  const what = isAck
    ? `ACK ${X.cumAck[u]}`
    : `${X.retx[u] ? 'retransmitted ' : ''}packet ${X.packet[u]}`;
  switch (P.kind[i]) {
    case PacketEventKind.send:
      return `${what} sent by ${node}`;
    case PacketEventKind.arrive:
      return `${what} arrives at ${node}`;
    case PacketEventKind.depart:
      return `${what} leaves ${node}`;
    case PacketEventKind.drop:
      return `${what} dropped at ${node}`;
    case PacketEventKind.deliver:
      return `${what} delivered to ${node}`;
    case PacketEventKind.mark:
      return `${what} CE-marked at ${node}`;
    default:
      return what;
  }
}

export function formatTime(t: number): string {
  return `${t.toFixed(3)} s`;
}
