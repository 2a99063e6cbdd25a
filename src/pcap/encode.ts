/**
 * One trace packet event → the bytes of the IPv4 packet it stands for (TCP, SCTP or UDP), from the
 * flow's wire identity (flows.ts). Payload bytes are zeros, as many as the packet carries.
 */
import { PacketEventKind, PacketType, type Trace } from '../engine';
import type { ControlLabel } from './capture';
import { tcpAckOf, tcpPayloadOf, tcpSeqOf, type FlowWire } from './flows';
import { ssnOf, streamOf } from '../engine';
import { encodeSctp, type SctpChunk } from './sctp';
import { encodeTcp, MAX_SACK_BLOCKS, TcpFlag } from './tcp';
import { encodeUdp } from './udp';

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

/** The IPv4 packet of one packet event. */
export function encodeEvent(trace: Trace, w: FlowWire, e: EventPacket): Uint8Array {
  const uid = trace.packets.uid[e.event]!;
  const type = trace.transmissions.type[uid]!;
  const ipId = uid & 0xffff;
  if (w.protocol === 'udp') {
    // UDP flows carry data only: each datagram sender → receiver with its payload (mssBytes).
    return encodeUdp({ ...directions(w).fwd, payloadBytes: w.mss, ipId });
  }
  return w.protocol === 'tcp'
    ? encodeTcpEvent(trace, w, e, type, ipId)
    : encodeSctpEvent(trace, w, e, type, ipId);
}

/** The flow's addresses and ports, sender → receiver (fwd) and back (rev). */
function directions(w: FlowWire) {
  return {
    fwd: { src: w.senderIp, dst: w.receiverIp, srcPort: w.senderPort, dstPort: w.receiverPort },
    rev: { src: w.receiverIp, dst: w.senderIp, srcPort: w.receiverPort, dstPort: w.senderPort },
  };
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

function encodeTcpEvent(
  trace: Trace,
  w: FlowWire,
  e: EventPacket,
  type: number,
  ipId: number,
): Uint8Array {
  const x = trace.transmissions;
  const u = trace.packets.uid[e.event]!;
  const ecn = ecnAt(trace, u, e.event);
  const { fwd, rev } = directions(w);
  const rcvNext = (w.isn + 1) >>> 0;
  const synOpts = { mss: w.mss, sackPermitted: w.sackPermitted };
  if (type === PacketType.data) {
    const n = x.packet[u]!;
    if (w.synSegment && n === 1) {
      return encodeTcp({
        ...fwd,
        ...synOpts,
        seq: w.isn,
        ack: 0,
        // ns-2's first segment stands for the SYN: its ECE (with CWR) is the ECN-setup SYN
        flags: TcpFlag.syn | (ecn.tcp & TcpFlag.ece ? TcpFlag.ece | TcpFlag.cwr : 0),
        window: w.window,
        payloadBytes: 0,
        ipId,
        ecn: ecn.ip,
      });
    }
    return encodeTcp({
      ...fwd,
      seq: tcpSeqOf(w, n),
      ack: rcvNext,
      flags: TcpFlag.ack | TcpFlag.psh | ecn.tcp,
      window: w.window,
      payloadBytes: tcpPayloadOf(w, n),
      ipId,
      ecn: ecn.ip,
    });
  }
  if (type === PacketType.ack) {
    const c = x.cumAck[u]!;
    const blocks = (e.blocks ?? []).slice(0, MAX_SACK_BLOCKS);
    // ns-2's SYN segment is acknowledged by the receiver's first ACKs: SYN-ACKs.
    const synAck = w.synSegment && c === 1;
    return encodeTcp({
      ...rev,
      ...(synAck ? synOpts : {}),
      seq: synAck ? w.isn : rcvNext,
      ack: tcpAckOf(w, c),
      flags: (synAck ? TcpFlag.syn | TcpFlag.ack : TcpFlag.ack) | ecn.tcp,
      window: w.window,
      payloadBytes: 0,
      sack: blocks.map(([a, b]) => [tcpSeqOf(w, a), tcpSeqOf(w, b + 1)] as const),
      ipId,
      ecn: ecn.ip,
    });
  }
  // Control: the handshake's SYN and SYN-ACK (RFC 9293 §3.5), the close's FIN and its ACK
  // (§3.6). The FIN takes the sequence number after the last data byte (the trace's packet
  // number of a FIN is one past the last data packet) and consumes one; the receiver only
  // acknowledges it (the engine's receiver does not close its own side), ack = FIN seq + 1.
  switch (e.label) {
    case 'SYN-ACK':
      return encodeTcp({
        ...rev,
        ...synOpts,
        seq: w.isn,
        ack: rcvNext,
        flags: TcpFlag.syn | TcpFlag.ack,
        window: w.window,
        payloadBytes: 0,
        ipId,
      });
    case 'FIN':
      return encodeTcp({
        ...fwd,
        seq: tcpSeqOf(w, x.packet[u]!),
        ack: rcvNext,
        flags: TcpFlag.fin | TcpFlag.ack,
        window: w.window,
        payloadBytes: 0,
        ipId,
      });
    case 'FIN-ACK':
      return encodeTcp({
        ...rev,
        seq: rcvNext,
        ack: (tcpSeqOf(w, w.finPacket) + 1) >>> 0,
        flags: TcpFlag.ack,
        window: w.window,
        payloadBytes: 0,
        ipId,
      });
    default:
      return encodeTcp({
        ...fwd,
        ...synOpts,
        seq: w.isn,
        ack: 0,
        flags: TcpFlag.syn,
        window: w.window,
        payloadBytes: 0,
        ipId,
      });
  }
}

function encodeSctpEvent(
  trace: Trace,
  w: FlowWire,
  e: EventPacket,
  type: number,
  ipId: number,
): Uint8Array {
  const x = trace.transmissions;
  const u = trace.packets.uid[e.event]!;
  const { fwd, rev } = directions(w);
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
    return encodeSctp({ ...fwd, verificationTag: w.receiverTag, chunk, ipId });
  }
  if (type === PacketType.ack) {
    const cum = x.cumAck[u]!;
    const gaps = (e.blocks ?? []).map(([a, b]) => [a - cum, b - cum] as const);
    const chunk: SctpChunk = { kind: 'SACK', cumTsnAck: cum, aRwnd: w.aRwnd, gaps };
    return encodeSctp({ ...rev, verificationTag: w.senderTag, chunk, ipId });
  }
  const cookie = token(w.receiverTag, w.senderTag);
  const info = token(w.senderTag, w.flow.id);
  switch (e.label) {
    case 'INIT-ACK':
      return encodeSctp({
        ...rev,
        verificationTag: w.senderTag,
        chunk: {
          kind: 'INIT-ACK',
          initiateTag: w.receiverTag,
          aRwnd: w.aRwnd,
          outStreams: w.streams,
          inStreams: w.streams,
          initialTsn: RECEIVER_INITIAL_TSN,
          cookie,
        },
        ipId,
      });
    case 'COOKIE-ECHO':
      return encodeSctp({
        ...fwd,
        verificationTag: w.receiverTag,
        chunk: { kind: 'COOKIE-ECHO', cookie },
        ipId,
      });
    case 'COOKIE-ACK':
      return encodeSctp({
        ...rev,
        verificationTag: w.senderTag,
        chunk: { kind: 'COOKIE-ACK' },
        ipId,
      });
    case 'HEARTBEAT':
      return encodeSctp({
        ...fwd,
        verificationTag: w.receiverTag,
        chunk: { kind: 'HEARTBEAT', info },
        ipId,
      });
    case 'HEARTBEAT-ACK':
      return encodeSctp({
        ...rev,
        verificationTag: w.senderTag,
        chunk: { kind: 'HEARTBEAT-ACK', info },
        ipId,
      });
    // Graceful shutdown (RFC 4960 §9.2). SHUTDOWN's Cumulative TSN Ack (§3.3.8) acknowledges
    // the DATA its sender *received*: the receiver sends none, so it is the receiver's Initial
    // TSN (1, in its INIT ACK) − 1 = 0, whatever the trace's cumAck (the sender's own cumulative
    // ack point). SHUTDOWN COMPLETE (§3.3.13) has the T bit clear: the receiver's tag (§8.5.1).
    case 'SHUTDOWN':
      return encodeSctp({
        ...fwd,
        verificationTag: w.receiverTag,
        chunk: { kind: 'SHUTDOWN', cumTsnAck: RECEIVER_INITIAL_TSN - 1 },
        ipId,
      });
    // PR-SCTP (RFC 3758 §3.2): the New Cumulative TSN is the trace's cumAck, the (stream, SSN)
    // pairs the blocks the engine recorded with it (engine/sctp/pr-sctp.ts).
    case 'FORWARD-TSN':
      return encodeSctp({
        ...fwd,
        verificationTag: w.receiverTag,
        chunk: { kind: 'FORWARD-TSN', newCumTsn: x.cumAck[u]!, pairs: e.blocks ?? [] },
        ipId,
      });
    case 'SHUTDOWN-ACK':
      return encodeSctp({
        ...rev,
        verificationTag: w.senderTag,
        chunk: { kind: 'SHUTDOWN-ACK' },
        ipId,
      });
    case 'SHUTDOWN-COMPLETE':
      return encodeSctp({
        ...fwd,
        verificationTag: w.receiverTag,
        chunk: { kind: 'SHUTDOWN-COMPLETE', tBit: false },
        ipId,
      });
    default:
      return encodeSctp({
        ...fwd,
        verificationTag: 0,
        chunk: {
          kind: 'INIT',
          initiateTag: w.senderTag,
          aRwnd: w.aRwnd,
          outStreams: w.streams,
          inStreams: w.streams,
          initialTsn: 1,
        },
        ipId,
      });
  }
}
