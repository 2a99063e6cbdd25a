/**
 * How each flow appears on the wire: addresses, ports, SCTP verification tags, and the mapping
 * from the trace's 1-based packet numbers to TCP byte sequence numbers.
 *
 * - Addresses: node k of trace.nodes (0-based) is 10.0.0.0 + k + 1 (S1 = 10.0.0.1, R1 = 10.0.0.2,
 *   K1 = 10.0.0.3 in the dumbbell), so a capture's conversations are the flows' endpoints.
 * - Ports: flow f's sender uses 49152 + f, its receiver 40000 + f (distinct per flow even when
 *   flows share hosts).
 * - TCP sequence numbers: the SYN (sent or not) holds the ISN, so packet n's first byte is
 *   ISN + 1 + (n − 1)·MSS and Wireshark's relative sequence numbers read 1 + (n − 1)·MSS
 *   (it takes a capture without a SYN to start at relative 1 too). An ACK whose cumulative ACK
 *   is packet c acknowledges up to ISN + 1 + c·MSS, the first byte of packet c + 1. With
 *   ns-2's header-only SYN segment (FlowConfig.synSegment: packet 1 is a SYN without payload,
 *   data starts at packet 2) packet 1 is encoded as a SYN at the ISN and packet n ≥ 2 starts at
 *   ISN + 1 + (n − 2)·MSS. ns-2's first packet without its header (firstPacketWithoutHeader)
 *   is encoded like any data packet: MSS bytes of payload behind real headers.
 *   The receiver's ISN is the same number; its ACKs carry sequence number ISN + 1.
 * - TCP close (RFC 9293 §3.6): the engine gives a FIN the packet number one past the flow's last
 *   data packet, so its sequence number is the byte after the last data byte; the receiver's
 *   ACK of it (FIN-ACK) acknowledges that number + 1 (a FIN consumes one sequence number).
 * - SCTP: TSN = the trace's packet number (Initial TSN 1), stream 0, SSN = TSN − 1 (mod 2^16).
 */
import type { Protocol } from '../engine';
import { initialRwndOf } from '../engine';
import type { FlowConfig, SimConfig } from '../engine';
import { PacketEventKind, PacketType, type FlowInfo, type Trace } from '../engine';
import { controlLabels, type ControlLabel } from './capture';
import type { Ipv4 } from './ipv4';

export const SENDER_PORT_BASE = 49152;
export const RECEIVER_PORT_BASE = 40000;

/** Senders whose receiver sends SACK blocks (their SYN carries SACK-permitted). */
const SACK_SENDERS = new Set(['sack', 'fack', 'cubic']);

export interface FlowWire {
  flow: FlowInfo;
  protocol: Protocol;
  senderNode: number;
  receiverNode: number;
  senderIp: Ipv4;
  receiverIp: Ipv4;
  senderPort: number;
  receiverPort: number;
  mss: number;
  /** TCP: ISN of both ends. */
  isn: number;
  /** TCP: packet 1 is ns-2's header-only SYN segment. */
  synSegment: boolean;
  /** TCP: the trace's packet number of the flow's FIN (one past its last data packet; every
   * FIN transmission has it), 0 when the flow sends none. */
  finPacket: number;
  sackPermitted: boolean;
  /** TCP window field of every segment: the receiver window in bytes, at most 65535. */
  window: number;
  /** SCTP: a_rwnd of SACKs and INIT/INIT ACK (the receiver's initial window; the trace does
   * not keep its changes). */
  aRwnd: number;
  /** SCTP verification tags: the sender's (Initiate Tag of its INIT) and the receiver's. */
  senderTag: number;
  receiverTag: number;
  /** SCTP: outbound streams (FlowInfo.streams; RFC 4960 §5.1 OS / MIS of INIT and INIT ACK). */
  streams: number;
  /** SCTP: DATA chunks carry the U bit (FlowConfig.unordered; without the config, the trace's
   * delivery rows of the flow say it). */
  unordered: boolean;
}

/** The IPv4 address of node k. */
export function nodeAddress(k: number): Ipv4 {
  return (0x0a000000 + k + 1) >>> 0;
}

/** The packet number of each flow's FIN (flow index → packet number), from the labels. */
function finPackets(trace: Trace, labels: ReadonlyMap<number, ControlLabel>): Map<number, number> {
  const p = trace.packets;
  const x = trace.transmissions;
  const out = new Map<number, number>();
  for (let i = 0; i < p.length; i++) {
    const u = p.uid[i]!;
    if (x.type[u] !== PacketType.control || p.kind[i] !== PacketEventKind.send) continue;
    if (labels.get(u) === 'FIN') out.set(x.flow[u]!, x.packet[u]!);
  }
  return out;
}

/** Wire identities of the trace's flows; `config` (the run's) adds the SYN segment and the
 * SCTP receiver window, else they default to none and windowPkts · MSS. `labels`: the control
 * packets' labels (controlLabels), read from the trace when not given. */
export function flowWires(
  trace: Trace,
  config: SimConfig | null,
  isn: number,
  labels: ReadonlyMap<number, ControlLabel> = controlLabels(trace),
): FlowWire[] {
  const fin = finPackets(trace, labels);
  return trace.flows.map((flow, f) => {
    const cfg: FlowConfig | undefined =
      config?.flows.find((c) => c.id === flow.id) ?? config?.flows[f];
    const senderNode = trace.nodes.indexOf(flow.src);
    const receiverNode = trace.nodes.indexOf(flow.dst);
    return {
      flow,
      protocol: flow.protocol,
      senderNode,
      receiverNode,
      senderIp: nodeAddress(senderNode),
      receiverIp: nodeAddress(receiverNode),
      senderPort: SENDER_PORT_BASE + f,
      receiverPort: RECEIVER_PORT_BASE + f,
      mss: flow.mssBytes,
      isn: isn >>> 0,
      synSegment: flow.protocol === 'tcp' && cfg?.synSegment === true,
      finPacket: fin.get(f) ?? 0,
      sackPermitted: SACK_SENDERS.has(flow.sender),
      window: Math.min(0xffff, flow.windowPkts * flow.mssBytes),
      aRwnd: cfg ? initialRwndOf(cfg) : flow.windowPkts * flow.mssBytes,
      senderTag: (0xac000000 + 2 * f + 1) >>> 0,
      receiverTag: (0xac000000 + 2 * f + 2) >>> 0,
      streams: Math.max(1, flow.streams ?? 1),
      unordered: cfg ? cfg.unordered === true : deliveredUnordered(trace, flow.id),
    };
  });
}

/** Whether the trace's delivery rows of flow `id` say unordered (none recorded: false). */
function deliveredUnordered(trace: Trace, id: number): boolean {
  const d = trace.deliveries;
  if (!d) return false;
  for (let i = 0; i < d.length; i++) if (d.flow[i] === id) return d.unordered[i] === 1;
  return false;
}

/** TCP: sequence number of the first byte of packet n (1-based); the ISN for the SYN segment. */
export function tcpSeqOf(w: FlowWire, n: number): number {
  const s = w.synSegment ? 1 : 0;
  if (n <= s) return w.isn;
  return (w.isn + 1 + (n - 1 - s) * w.mss) >>> 0;
}

/** TCP: acknowledgment number of a cumulative ACK of packet c (the next byte expected). */
export function tcpAckOf(w: FlowWire, c: number): number {
  return tcpSeqOf(w, c + 1);
}

/** TCP: payload bytes of packet n. */
export function tcpPayloadOf(w: FlowWire, n: number): number {
  return w.synSegment && n === 1 ? 0 : w.mss;
}
