/**
 * Tooltip text for marks and packets, read from the trace. Pure: returns plain entries the
 * Tooltip component renders.
 */
import { DropCause, PacketEventKind, PacketType, type Trace } from '../../engine';
import type { PointMarks } from './marks';
import { MARK_STYLES, type ColorKey, MarkKind } from './palette';
import { markColor } from './draw/layers';
import { flowLabel, fmtTime, linkLabel, senderStateAt } from './traceCache';
import { pathLabel, pathOfEvent } from './paths';

export interface TooltipEntry {
  /** "Packet 15", "ACK 14". */
  title: string;
  /** Glyph symbol and colour key of the mark (shown before the title). */
  symbol?: string;
  color?: ColorKey;
  lines: string[];
}

const CAUSE_TEXT: Record<number, string> = {
  [DropCause.scripted]: 'scripted drop',
  [DropCause.overflow]: 'queue overflow',
  [DropCause.random]: 'random loss',
  [DropCause.linkDown]: 'link down',
  [DropCause.macRetry]: 'MAC retry limit',
};

/** Round a window for display: 7.142857 → "7.14". */
export function fmtWindow(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** Title of a packet event: "Packet 15 (retransmission)" / "ACK 14". */
export function packetTitle(trace: Trace, ev: number): string {
  const X = trace.transmissions;
  const u = trace.packets.uid[ev]!;
  const type = X.type[u];
  if (type === PacketType.ack) {
    const blocks = X.sackBlocks[u]!;
    return `ACK ${X.cumAck[u]}${blocks ? ` + ${blocks} SACK block${blocks > 1 ? 's' : ''}` : ''}`;
  }
  if (type === PacketType.control) return 'Control packet';
  return `Packet ${X.packet[u]}${X.retx[u] ? ' (retransmission)' : ''}`;
}

/** What happens at event ev, in words: "arrives at R1", "departs on R1→K1"… */
export function eventText(trace: Trace, ev: number): string {
  const P = trace.packets;
  const node = trace.nodes[P.node[ev]!] ?? '?';
  switch (P.kind[ev]) {
    case PacketEventKind.send:
      return `sent by ${node}`;
    case PacketEventKind.arrive:
      return `arrives at ${node}`;
    case PacketEventKind.depart:
      return `departs on ${linkLabel(trace, P.link[ev]!)}`;
    case PacketEventKind.drop:
      return `dropped at ${node}: ${CAUSE_TEXT[P.cause[ev]!] ?? 'drop'}`;
    case PacketEventKind.deliver:
      return `delivered to ${node}`;
    default:
      return 'event';
  }
}

/** Queue length at event ev, in words. */
export function queueText(trace: Trace, ev: number): string | null {
  const P = trace.packets;
  const q = P.qlen[ev]!;
  const link = P.link[ev]!;
  switch (P.kind[ev]) {
    case PacketEventKind.arrive:
      return `queue on arrival: ${q} waiting`;
    case PacketEventKind.depart:
      return `queue ${linkLabel(trace, link)} after departure: ${q} waiting`;
    case PacketEventKind.drop: {
      const limit = trace.links[link]?.queueLimit;
      return `queue ${linkLabel(trace, link)}: ${q} waiting${limit !== undefined ? ` (limit ${limit})` : ''}`;
    }
    default:
      return null;
  }
}

/** Sender window at time t: "cwnd 7 · ssthresh 14". */
export function windowText(trace: Trace, flow: number, t: number): string | null {
  const s = senderStateAt(trace, flow, t);
  return s ? `sender: cwnd ${fmtWindow(s.cwnd)} · ssthresh ${fmtWindow(s.ssthresh)}` : null;
}

/** Tooltip entry of a packet event. */
export function describeEvent(trace: Trace, ev: number): TooltipEntry {
  const P = trace.packets;
  const flow = trace.transmissions.flow[P.uid[ev]!]!;
  const t = P.time[ev]!;
  const lines = [
    `${flowLabel(trace, flow)} — ${eventText(trace, ev)}`,
    `t = ${fmtTime(t)} · event ${ev}`,
  ];
  // Multi-homed SCTP: the path the packet took.
  const path = pathOfEvent(trace, ev);
  if (path >= 0) lines.push(`path ${pathLabel(trace, flow, path)}`);
  const q = queueText(trace, ev);
  if (q) lines.push(q);
  const w = windowText(trace, flow, t);
  if (w) lines.push(w);
  return { title: packetTitle(trace, ev), lines };
}

/** Tooltip entry of mark i (its event, plus the mark's own note). */
export function describeMark(trace: Trace, m: PointMarks, i: number): TooltipEntry {
  const kind = m.kind[i] as MarkKind;
  const style = MARK_STYLES[kind];
  const ev = m.event[i]!;
  const note = m.notes.get(i);
  if (kind === MarkKind.timeout) {
    const lines = [`${flowLabel(trace, m.flow[i]!)} — t = ${fmtTime(m.t[i]!)}`];
    if (note) lines.push(note);
    return { title: 'Retransmission timeout', symbol: style.symbol, color: style.color, lines };
  }
  const e = describeEvent(trace, ev);
  if (note) e.lines.splice(1, 0, note);
  return {
    ...e,
    symbol: m.retx[i] && kind === MarkKind.departure ? 'R' : style.symbol,
    color: markColor(m, i),
  };
}
