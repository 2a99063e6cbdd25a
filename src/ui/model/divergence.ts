/**
 * First point where compared runs differ: the first index where their router rows (the
 * engine's routerRows: time, event, flow, packet or cumulative ACK, retx, drop cause) differ.
 * Compared column by column over the router plot's event list, without building row objects.
 */
import { PacketEventKind, PacketType, type Trace } from '../../engine';
import { routerMarks } from '../deps/panels';

export interface Divergence {
  /** Row index into routerRows. */
  row: number;
  /** Time of the first differing row (the earlier of the two). */
  time: number;
}

/** Whether router row `ea` of trace `a` equals row `eb` of trace `b` (routerRows' fields). */
function sameRow(a: Trace, ea: number, b: Trace, eb: number): boolean {
  const A = a.packets;
  const B = b.packets;
  const XA = a.transmissions;
  const XB = b.transmissions;
  const ua = A.uid[ea]!;
  const ub = B.uid[eb]!;
  if (A.time[ea] !== B.time[eb] || A.kind[ea] !== B.kind[eb] || XA.type[ua] !== XB.type[ub])
    return false;
  if (XA.flow[ua] !== XB.flow[ub] || (XA.retx[ua] ? 1 : 0) !== (XB.retx[ub] ? 1 : 0)) return false;
  const ack = XA.type[ua] === PacketType.ack;
  if (ack ? XA.cumAck[ua] !== XB.cumAck[ub] : XA.packet[ua] !== XB.packet[ub]) return false;
  return A.kind[ea] !== PacketEventKind.drop || A.cause[ea] === B.cause[eb];
}

function divergeTraces(a: Trace, b: Trace): Divergence | null {
  const ra = routerMarks(a).marks.event;
  const rb = routerMarks(b).marks.event;
  const n = Math.min(ra.length, rb.length);
  let i = 0;
  while (i < n && sameRow(a, ra[i]!, b, rb[i]!)) i++;
  if (i === ra.length && i === rb.length) return null;
  const ta = i < ra.length ? a.packets.time[ra[i]!]! : Infinity;
  const tb = i < rb.length ? b.packets.time[rb[i]!]! : Infinity;
  return { row: i, time: Math.min(ta, tb) };
}

/**
 * For each trace after the first: where it first differs from the first trace (null when
 * identical). Index 0 is always null.
 */
export function divergences(traces: readonly Trace[]): (Divergence | null)[] {
  const base = traces[0];
  return traces.map((t, k) => (k === 0 || !base ? null : divergeTraces(base, t)));
}

/** The earliest point where any compared trace differs from the first. */
export function firstDivergence(traces: readonly Trace[]): Divergence | null {
  let best: Divergence | null = null;
  for (const d of divergences(traces)) if (d && (!best || d.row < best.row)) best = d;
  return best;
}
