/**
 * One trace packet event → the IPv4 packet it stands for (TCP, SCTP or UDP), from the flow's
 * wire identity (flows.ts), handed to a sink (sink.ts) that measures it or writes it in place.
 * Payload bytes are zeros, as many as the packet carries.
 */
import { PacketEventKind, PacketType, type Trace } from '../engine';
import type { ControlLabel } from './capture';
import { tcpAckOf, tcpPayloadOf, tcpSeqOf, type FlowWire } from './flows';
import { ssnOf, streamOf } from '../engine';
import type { SctpChunk, SctpPacket } from './sctp';
import type { PacketSink } from './sink';
import { MAX_SACK_BLOCKS, TcpFlag, type TcpSegment } from './tcp';

/** SACK blocks / Gap Ack Blocks of an ACK, inclusive packet numbers, in the order carried. */
export type Blocks = readonly (readonly [number, number])[];

/** The ACK blocks of the given uids (AckBlockColumns rows grouped by uid). */
export function blocksByUid(
  trace: Trace,
  uids: ReadonlySet<number>,
): Map<number, [number, number][]> {
  const b = trace.ackBlocks;
  const out = new Map<number, [number, number][]>();
  for (let i = 0; i < b.length; i++) {
    const uid = b.uid[i]!;
    if (!uids.has(uid)) continue;
    let list = out.get(uid);
    if (!list) out.set(uid, (list = []));
    list.push([b.first[i]!, b.last[i]!]);
  }
  return out;
}

/** SCTP: the Initial TSN of the receiver's INIT ACK (it sends no DATA; the sender's is 1 too,
 * so a TSN is the trace's packet number). */
const RECEIVER_INITIAL_TSN = 1;

/** A small fixed cookie / heartbeat info (8 bytes naming the flow). */
function token(tag: number, extra: number): Uint8Array {
  const t = new Uint8Array(8);
  const v = new DataView(t.buffer);
  v.setUint32(0, tag >>> 0);
  v.setUint32(4, extra >>> 0);
  return t;
}

export interface EventPacket {
  /** Index into trace.packets. */
  event: number;
  /** Control packets: what it was (capture.ts). */
  label?: ControlLabel;
  /** ACKs: their blocks. */
  blocks?: Blocks;
}

/** The IPv4 packet of one packet event, handed to `sink`; returns what the sink returns (the
 * packet's length in bytes). */
export function encodeEvent(trace: Trace, w: FlowWire, e: EventPacket, sink: PacketSink): number {
  const uid = trace.packets.uid[e.event]!;
  const type = trace.transmissions.type[uid]!;
  const ipId = uid & 0xffff;
  if (w.protocol === 'udp') {
    // UDP flows carry data only: each datagram sender → receiver with its payload (mssBytes).
    return sink.udp({
      src: w.senderIp,
      dst: w.receiverIp,
      srcPort: w.senderPort,
      dstPort: w.receiverPort,
      payloadBytes: w.mss,
      ipId,
    });
  }
  return w.protocol === 'tcp'
    ? encodeTcpEvent(trace, w, e, type, ipId, sink)
    : encodeSctpEvent(trace, w, e, type, ipId, sink);
}

/** Per trace: each ECN-carrying uid's bits (Trace.ecn) and the event index of its CE mark. */
const ECN_CACHE = new WeakMap<Trace, { bits: Map<number, number>; markAt: Map<number, number> }>();

function ecnOf(trace: Trace): { bits: Map<number, number>; markAt: Map<number, number> } {
  let c = ECN_CACHE.get(trace);
  if (!c) {
    const bits = new Map<number, number>();
    const markAt = new Map<number, number>();
    const E = trace.ecn;
    if (E) for (let i = 0; i < E.length; i++) bits.set(E.uid[i]!, E.bits[i]!);
    const P = trace.packets;
    if (E && E.length > 0) {
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] === PacketEventKind.mark && !markAt.has(P.uid[i]!)) markAt.set(P.uid[i]!, i);
      }
    }
    ECN_CACHE.set(trace, (c = { bits, markAt }));
  }
  return c;
}

/**
 * The packet's ECN as seen at packet event `event`: the IP field (CE once a queue marked it,
 * before this event) and TCP's ECE / CWR flags (RFC 3168 §5, §6.1).
 */
function ecnAt(trace: Trace, uid: number, event: number): { ip: number; tcp: number } {
  const c = ecnOf(trace);
  const b = c.bits.get(uid) ?? 0;
  const mark = c.markAt.get(uid);
  const ip = mark !== undefined && mark < event ? 3 : b & 3;
  const f = b >> 2;
  return { ip, tcp: (f & 1 ? TcpFlag.ece : 0) | (f & 2 ? TcpFlag.cwr : 0) };
}

/**
 * A TCP segment of flow `w`, sender → receiver (`toReceiver`) or back, the SYN options (MSS,
 * SACK-permitted) when `syn`. Every field is set, so every segment has one object shape.
 */
function segment(
  w: FlowWire,
  toReceiver: boolean,
  syn: boolean,
  seq: number,
  ack: number,
  flags: number,
  payloadBytes: number,
  ipId: number,
  ecn = 0,
  sack: TcpSegment['sack'] = undefined,
): TcpSegment {
  return {
    src: toReceiver ? w.senderIp : w.receiverIp,
    dst: toReceiver ? w.receiverIp : w.senderIp,
    srcPort: toReceiver ? w.senderPort : w.receiverPort,
    dstPort: toReceiver ? w.receiverPort : w.senderPort,
    seq,
    ack,
    flags,
    window: w.window,
    payloadBytes,
    sack,
    mss: syn ? w.mss : undefined,
    sackPermitted: syn ? w.sackPermitted : undefined,
    ipId,
    ecn,
  };
}

function encodeTcpEvent(
  trace: Trace,
  w: FlowWire,
  e: EventPacket,
  type: number,
  ipId: number,
  sink: PacketSink,
): number {
  const x = trace.transmissions;
  const u = trace.packets.uid[e.event]!;
  const ecn = ecnAt(trace, u, e.event);
  const rcvNext = (w.isn + 1) >>> 0;
  if (type === PacketType.data) {
    const n = x.packet[u]!;
    if (w.synSegment && n === 1) {
      // ns-2's first segment stands for the SYN: its ECE (with CWR) is the ECN-setup SYN
      const flags = TcpFlag.syn | (ecn.tcp & TcpFlag.ece ? TcpFlag.ece | TcpFlag.cwr : 0);
      return sink.tcp(segment(w, true, true, w.isn, 0, flags, 0, ipId, ecn.ip));
    }
    const flags = TcpFlag.ack | TcpFlag.psh | ecn.tcp;
    const bytes = tcpPayloadOf(w, n);
    return sink.tcp(segment(w, true, false, tcpSeqOf(w, n), rcvNext, flags, bytes, ipId, ecn.ip));
  }
  if (type === PacketType.ack) {
    const c = x.cumAck[u]!;
    const sack = (e.blocks ?? [])
      .slice(0, MAX_SACK_BLOCKS)
      .map(([a, b]) => [tcpSeqOf(w, a), tcpSeqOf(w, b + 1)] as const);
    // ns-2's SYN segment is acknowledged by the receiver's first ACKs: SYN-ACKs.
    const synAck = w.synSegment && c === 1;
    const seq = synAck ? w.isn : rcvNext;
    const flags = (synAck ? TcpFlag.syn | TcpFlag.ack : TcpFlag.ack) | ecn.tcp;
    return sink.tcp(segment(w, false, synAck, seq, tcpAckOf(w, c), flags, 0, ipId, ecn.ip, sack));
  }
  // Control: the handshake's SYN and SYN-ACK (RFC 9293 §3.5), the close's FIN and its ACK
  // (§3.6). The FIN takes the sequence number after the last data byte (the trace's packet
  // number of a FIN is one past the last data packet) and consumes one; the receiver only
  // acknowledges it (the engine's receiver does not close its own side), ack = FIN seq + 1.
  switch (e.label) {
    case 'SYN-ACK':
      return sink.tcp(segment(w, false, true, w.isn, rcvNext, TcpFlag.syn | TcpFlag.ack, 0, ipId));
    case 'FIN': {
      const seq = tcpSeqOf(w, x.packet[u]!);
      return sink.tcp(segment(w, true, false, seq, rcvNext, TcpFlag.fin | TcpFlag.ack, 0, ipId));
    }
    case 'FIN-ACK': {
      const ack = (tcpSeqOf(w, w.finPacket) + 1) >>> 0;
      return sink.tcp(segment(w, false, false, rcvNext, ack, TcpFlag.ack, 0, ipId));
    }
    default:
      return sink.tcp(segment(w, true, true, w.isn, 0, TcpFlag.syn, 0, ipId));
  }
}

/** An SCTP packet of flow `w`, sender → receiver (`toReceiver`, the receiver's verification
 * tag) or back (the sender's); `tag` overrides the tag (an INIT's is 0). */
function sctpPacket(
  w: FlowWire,
  toReceiver: boolean,
  chunk: SctpChunk,
  ipId: number,
  tag = toReceiver ? w.receiverTag : w.senderTag,
): SctpPacket {
  return {
    src: toReceiver ? w.senderIp : w.receiverIp,
    dst: toReceiver ? w.receiverIp : w.senderIp,
    srcPort: toReceiver ? w.senderPort : w.receiverPort,
    dstPort: toReceiver ? w.receiverPort : w.senderPort,
    verificationTag: tag,
    chunk,
    ipId,
  };
}

function encodeSctpEvent(
  trace: Trace,
  w: FlowWire,
  e: EventPacket,
  type: number,
  ipId: number,
  sink: PacketSink,
): number {
  const x = trace.transmissions;
  const u = trace.packets.uid[e.event]!;
  if (type === PacketType.data) {
    const tsn = x.packet[u]!;
    // Messages round robin over the streams by TSN (engine/sctp/streams.ts, RFC 4960 §6.5).
    const chunk: SctpChunk = {
      kind: 'DATA',
      tsn,
      stream: streamOf(tsn, w.streams),
      ssn: ssnOf(tsn, w.streams) & 0xffff,
      ppid: 0,
      dataBytes: w.mss,
      unordered: w.unordered,
    };
    return sink.sctp(sctpPacket(w, true, chunk, ipId));
  }
  if (type === PacketType.ack) {
    const cum = x.cumAck[u]!;
    const gaps = (e.blocks ?? []).map(([a, b]) => [a - cum, b - cum] as const);
    const chunk: SctpChunk = { kind: 'SACK', cumTsnAck: cum, aRwnd: w.aRwnd, gaps };
    return sink.sctp(sctpPacket(w, false, chunk, ipId));
  }
  const cookie = token(w.receiverTag, w.senderTag);
  const info = token(w.senderTag, w.flow.id);
  switch (e.label) {
    case 'INIT-ACK': {
      const chunk: SctpChunk = {
        kind: 'INIT-ACK',
        initiateTag: w.receiverTag,
        aRwnd: w.aRwnd,
        outStreams: w.streams,
        inStreams: w.streams,
        initialTsn: RECEIVER_INITIAL_TSN,
        cookie,
      };
      return sink.sctp(sctpPacket(w, false, chunk, ipId));
    }
    case 'COOKIE-ECHO':
      return sink.sctp(sctpPacket(w, true, { kind: 'COOKIE-ECHO', cookie }, ipId));
    case 'COOKIE-ACK':
      return sink.sctp(sctpPacket(w, false, { kind: 'COOKIE-ACK' }, ipId));
    case 'HEARTBEAT':
      return sink.sctp(sctpPacket(w, true, { kind: 'HEARTBEAT', info }, ipId));
    case 'HEARTBEAT-ACK':
      return sink.sctp(sctpPacket(w, false, { kind: 'HEARTBEAT-ACK', info }, ipId));
    // Graceful shutdown (RFC 4960 §9.2). SHUTDOWN's Cumulative TSN Ack (§3.3.8) acknowledges
    // the DATA its sender *received*: the receiver sends none, so it is the receiver's Initial
    // TSN (1, in its INIT ACK) − 1 = 0, whatever the trace's cumAck (the sender's own cumulative
    // ack point). SHUTDOWN COMPLETE (§3.3.13) has the T bit clear: the receiver's tag (§8.5.1).
    case 'SHUTDOWN':
      return sink.sctp(
        sctpPacket(w, true, { kind: 'SHUTDOWN', cumTsnAck: RECEIVER_INITIAL_TSN - 1 }, ipId),
      );
    // PR-SCTP (RFC 3758 §3.2): the New Cumulative TSN is the trace's cumAck, the (stream, SSN)
    // pairs the blocks the engine recorded with it (engine/sctp/pr-sctp.ts).
    case 'FORWARD-TSN': {
      const chunk: SctpChunk = {
        kind: 'FORWARD-TSN',
        newCumTsn: x.cumAck[u]!,
        pairs: e.blocks ?? [],
      };
      return sink.sctp(sctpPacket(w, true, chunk, ipId));
    }
    case 'SHUTDOWN-ACK':
      return sink.sctp(sctpPacket(w, false, { kind: 'SHUTDOWN-ACK' }, ipId));
    case 'SHUTDOWN-COMPLETE':
      return sink.sctp(sctpPacket(w, true, { kind: 'SHUTDOWN-COMPLETE', tBit: false }, ipId));
    default: {
      // INIT (§3.3.2): verification tag 0 (§8.5.1).
      const chunk: SctpChunk = {
        kind: 'INIT',
        initiateTag: w.senderTag,
        aRwnd: w.aRwnd,
        outStreams: w.streams,
        inStreams: w.streams,
        initialTsn: 1,
      };
      return sink.sctp(sctpPacket(w, true, chunk, ipId, 0));
    }
  }
}
