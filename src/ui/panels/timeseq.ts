/**
 * Marks of the time–sequence plot (tcptrace / Wireshark style) of one flow, seen at its
 * sender: data segments sent, retransmissions "R", the cumulative ACK staircase, duplicate
 * ACK ticks (the 3rd labelled "3") and SACK / Gap Ack reports. Pure and DOM-free.
 */
import { PacketEventKind, PacketType, type Trace } from '../../engine';
import type { SeriesPoint } from './cwnd';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';
import { eventPaths } from './paths';
import {
  advanceMemo,
  fastRetransmitEvents,
  memoSliced,
  SLICE_EVENTS,
  type Sliced,
} from './traceCache';
import { ordinal } from '../../trace/format';

export interface TimeSeqModel {
  flow: number;
  marks: PointMarks;
  /** Cumulative ACK received by the sender, step-after. */
  ackLine: SeriesPoint[];
  /** Right edge of the receive window (cumulative ACK + the flow's window), step-after; empty if unknown. */
  windowLine: SeriesPoint[];
  /** Highest packet number sent. */
  maxPacket: number;
  counts: {
    segments: number;
    retransmissions: number;
    acks: number;
    dupacks: number;
    sacks: number;
  };
}

export function timeSeqModel(trace: Trace, flow: number): TimeSeqModel {
  return memoSliced(trace, `timeseq:${flow}`, () => timeSeqGen(trace, flow));
}

/** Compute the model of one flow for up to `budgetMs` (a long run is prepared in slices). */
export function prepareTimeSeq(trace: Trace, flow: number, budgetMs: number): boolean {
  return advanceMemo(trace, `timeseq:${flow}`, () => timeSeqGen(trace, flow), budgetMs);
}

function* timeSeqGen(trace: Trace, flow: number): Sliced<TimeSeqModel> {
  const info = trace.flows.find((f) => f.id === flow);
  const threshold = info?.dupackThreshold ?? 3;
  const wnd = info?.windowPkts;
  // The sender's addresses: a multi-homed association sends from each path's source node.
  const srcNodes = new Set(
    [info?.src, ...(info?.paths ?? []).map((p) => p.src)]
      .filter((n): n is string => n !== undefined)
      .map((n) => trace.nodes.indexOf(n)),
  );
  const P = trace.packets;
  const uidOf = P.uid;
  // What each transmission carries, read through the event's uid.
  const { flow: flowOf, type: typeOf, packet: packetOf, retx: retxOf } = trace.transmissions;
  const { cumAck: cumAckOf, sackBlocks: sackBlocksOf } = trace.transmissions;
  const frEvents = fastRetransmitEvents(trace);
  const b = new MarkBuilder();
  const ackLine: SeriesPoint[] = [];
  const counts = { segments: 0, retransmissions: 0, acks: 0, dupacks: 0, sacks: 0 };
  let maxPacket = 0;
  let lastAck = -1;
  let dupRun = 0;
  // Multi-homed SCTP: the path each segment took (its glyph and colour follow the path).
  const ep = eventPaths(trace);
  for (let i = 0; i < P.length; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const u = uidOf[i]!;
    if (flowOf[u] !== flow || !srcNodes.has(P.node[i]!)) continue;
    const kind = P.kind[i]!;
    const type = typeOf[u]!;
    const t = P.time[i]!;
    if (kind === PacketEventKind.send && type === PacketType.data) {
      const pkt = packetOf[u]!;
      maxPacket = Math.max(maxPacket, pkt);
      if (retxOf[u]) {
        counts.retransmissions++;
        b.push(MarkKind.segmentRetx, i, t, pkt, flow, pkt, 1, 'R', undefined, ep ? ep[i]! : -1);
      } else {
        counts.segments++;
        b.push(MarkKind.segment, i, t, pkt, flow, pkt, 0, undefined, undefined, ep ? ep[i]! : -1);
      }
    } else if (kind === PacketEventKind.deliver && type === PacketType.ack) {
      const ack = cumAckOf[u]!;
      counts.acks++;
      // A duplicate ACK on the wire: it does not move the cumulative ACK.
      if (ack === lastAck) dupRun++;
      else dupRun = 0;
      lastAck = ack;
      const last = ackLine[ackLine.length - 1];
      if (!last || last.v !== ack) ackLine.push({ t, v: ack });
      b.push(MarkKind.ackAtSender, i, t, ack, flow, ack, 0);
      if (dupRun > 0) {
        counts.dupacks++;
        const frd = frEvents[i] === 1;
        // TCP: label the threshold-th duplicate ACK ("3"). A fast retransmit triggered another
        // way (SCTP missing reports per TSN, FACK's forward-most SACK) is labelled "FR".
        const tcp = info?.protocol !== 'sctp';
        const atThreshold = tcp && dupRun === threshold;
        const label = atThreshold ? String(dupRun) : frd ? 'FR' : undefined;
        const note = `${ordinal(dupRun)} duplicate ${tcp ? 'ACK' : 'SACK'}${frd ? ' → fast retransmit' : ''}`;
        b.push(MarkKind.dupack, i, t, ack, flow, ack, 0, label, note);
      }
      const n = sackBlocksOf[u]!;
      if (n > 0) {
        counts.sacks++;
        b.push(
          MarkKind.sack,
          i,
          t,
          ack,
          flow,
          ack,
          0,
          undefined,
          `${n} SACK block${n > 1 ? 's' : ''} (ranges not in the trace)`,
        );
      }
    }
  }
  const windowLine = wnd ? ackLine.map((p) => ({ t: p.t, v: p.v + wnd })) : [];
  return { flow, marks: b.build(), ackLine, windowLine, maxPacket, counts };
}
