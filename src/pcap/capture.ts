/**
 * Which trace events a capture at one node holds, and what each control packet was.
 *
 * "Seen at node N" means what a capture on all of N's interfaces records, each packet once, at
 * the time it is complete at N:
 * - `arrive` at N: a packet fully received from an incoming link (a router's ingress; for the
 *   bottleneck's upstream router these are exactly the CLI router output's `arrive` rows for
 *   data and `ack` rows for ACKs, dropped packets included, since they arrived before the drop);
 * - `deliver` at N: a packet handed to N's transport agent (an end host's ingress: the engine
 *   records `deliver`, not `arrive`, at a packet's destination);
 * - `send` at N: a packet N's agent sends (an end host's egress), at the time it is handed to
 *   the node.
 * A router's own departures (`depart`) and `drop`s are not separate captures: the packet was
 * captured when it arrived. A packet lost before it reaches N is not in N's capture.
 */
import { controlPacketBytes } from '../engine/sctp/chunks';
import { PacketEventKind, PacketType, type Trace } from '../engine/trace/types';

/** The node index a capture named `name` means; the default is the router of the router plot
 * (the bottleneck's upstream end, `trace.router`). */
export function captureNode(trace: Trace, name?: string | null): number {
  if (name === undefined || name === null || name === '') return trace.router;
  const i = trace.nodes.indexOf(name);
  if (i < 0) {
    throw new RangeError(`no node '${name}' (nodes: ${trace.nodes.join(', ')})`);
  }
  return i;
}

/** Indices of the packet events a capture at `node` records, in trace (time) order. */
export function captureEvents(trace: Trace, node: number): Int32Array {
  const p = trace.packets;
  const seen = new Set<number>();
  const out: number[] = [];
  for (let i = 0; i < p.length; i++) {
    if (p.node[i] !== node) continue;
    const k = p.kind[i];
    if (
      k !== PacketEventKind.send &&
      k !== PacketEventKind.arrive &&
      k !== PacketEventKind.deliver
    ) {
      continue;
    }
    const uid = p.uid[i]!;
    if (seen.has(uid)) continue;
    seen.add(uid);
    out.push(i);
  }
  return Int32Array.from(out);
}

export type ControlLabel =
  | 'SYN'
  | 'SYN-ACK'
  | 'INIT'
  | 'INIT-ACK'
  | 'COOKIE-ECHO'
  | 'COOKIE-ACK'
  | 'HEARTBEAT'
  | 'HEARTBEAT-ACK';

const SCTP_REPLY: Record<string, ControlLabel> = {
  INIT: 'INIT-ACK',
  'COOKIE-ECHO': 'COOKIE-ACK',
  HEARTBEAT: 'HEARTBEAT-ACK',
};

/** Bytes on the wire of the engine's SCTP COOKIE ECHO packet. */
const SCTP_COOKIE_ECHO_BYTES = controlPacketBytes('COOKIE-ECHO');

/**
 * The label of every control packet of the trace, by uid. The trace keeps a control packet's
 * type, size and direction, not its label, so it is read back from the protocol's order:
 * - TCP: the sender's control packets are SYNs, the receiver's SYN-ACKs;
 * - SCTP sender: COOKIE ECHO is the only 36-byte packet; the 56-byte ones before the first COOKIE
 *   ECHO are INITs (first try and T1 retransmissions), after it HEARTBEATs;
 * - SCTP receiver: it answers each control packet delivered to it at once, so its k-th control
 *   packet answers the k-th one delivered (INIT → INIT ACK, COOKIE ECHO → COOKIE ACK,
 *   HEARTBEAT → HEARTBEAT ACK).
 */
export function controlLabels(trace: Trace): Map<number, ControlLabel> {
  const p = trace.packets;
  const labels = new Map<number, ControlLabel>();
  const srcNode = trace.flows.map((f) => trace.nodes.indexOf(f.src));
  const dstNode = trace.flows.map((f) => trace.nodes.indexOf(f.dst));
  const cookieSent = trace.flows.map(() => false);
  const pending: ControlLabel[][] = trace.flows.map(() => []);
  for (let i = 0; i < p.length; i++) {
    if (p.type[i] !== PacketType.control) continue;
    const k = p.kind[i];
    const f = p.flow[i]!;
    const flow = trace.flows[f];
    if (!flow) continue;
    const uid = p.uid[i]!;
    if (k === PacketEventKind.send) {
      const fromSender = p.node[i] === srcNode[f];
      let label: ControlLabel;
      if (flow.protocol === 'tcp') {
        label = fromSender ? 'SYN' : 'SYN-ACK';
      } else if (fromSender) {
        if (p.size[i] === SCTP_COOKIE_ECHO_BYTES) {
          label = 'COOKIE-ECHO';
          cookieSent[f] = true;
        } else {
          label = cookieSent[f] ? 'HEARTBEAT' : 'INIT';
        }
      } else {
        label = pending[f]!.shift() ?? 'HEARTBEAT-ACK';
      }
      labels.set(uid, label);
    } else if (
      k === PacketEventKind.deliver &&
      flow.protocol === 'sctp' &&
      p.node[i] === dstNode[f]
    ) {
      const reply = SCTP_REPLY[labels.get(uid) ?? ''];
      if (reply) pending[f]!.push(reply);
    }
  }
  return labels;
}
