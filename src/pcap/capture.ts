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
import { PacketEventKind, type Trace } from '../engine';

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

/** The control packets a pcap can encode (the names Trace.controls uses). */
export const CONTROL_LABELS = [
  'SYN',
  'SYN-ACK',
  'FIN',
  'FIN-ACK',
  'INIT',
  'INIT-ACK',
  'COOKIE-ECHO',
  'COOKIE-ACK',
  'HEARTBEAT',
  'HEARTBEAT-ACK',
  'SHUTDOWN',
  'SHUTDOWN-ACK',
  'SHUTDOWN-COMPLETE',
  'FORWARD-TSN',
] as const;

/**
 * A control packet's name: TCP's handshake (SYN, SYN-ACK; RFC 9293 §3.5) and close (FIN and the
 * receiver's ACK of it, FIN-ACK; §3.6), SCTP's association set-up (INIT … COOKIE-ACK; RFC 4960
 * §5.1), path confirmation (HEARTBEAT, HEARTBEAT-ACK; §8.3) and graceful shutdown (SHUTDOWN,
 * SHUTDOWN-ACK, SHUTDOWN-COMPLETE; §9.2) and PR-SCTP's FORWARD-TSN (RFC 3758 §3.2).
 */
export type ControlLabel = (typeof CONTROL_LABELS)[number];

const KNOWN = new Set<string>(CONTROL_LABELS);

/**
 * The label of every control packet of the trace, by uid, as the engine recorded it
 * (Trace.controls: one row per transmission, so a retransmitted SYN, INIT, FIN or SHUTDOWN has
 * its own uid and row). A trace without the table (built by hand) names none, and a name the
 * pcap cannot encode is left out: the capture then skips those packets (export.ts).
 */
export function controlLabels(trace: Trace): Map<number, ControlLabel> {
  const labels = new Map<number, ControlLabel>();
  const c = trace.controls;
  if (!c) return labels;
  for (let i = 0; i < c.length; i++) {
    const name = c.names[c.label[i]!];
    if (name !== undefined && KNOWN.has(name)) labels.set(c.uid[i]!, name as ControlLabel);
  }
  return labels;
}
