/**
 * An SCTP flow for sender ids 'sctp-…'. Importing this module also loads the `sctp.*` reason
 * catalog (reasons.ts registers it).
 *
 * Multi-homing (RFC 4960 §6.4): the sender is attached at every source address
 * (FlowConfig.srcAddrs, default [src]) and the receiver at every destination address (dstAddrs,
 * default [dst]); one path per destination address, the first the primary. Packets to a
 * destination leave from the source address with the fewest hops to it over the routes at the
 * start (the one listed first on ties) — what ns-2.35's SetSource finds through its multihome
 * core's routing table when the interfaces sit on disjoint networks; the choice is fixed for the
 * association (ns-2 looks it up per packet). The receiver answers (SACK, HEARTBEAT-ACK, …) to the
 * address the packet came from; from which of its own addresses: under `ns2` rules the one the
 * same rule picks towards that address over the routes at that moment (ns-2 SetSource, per
 * packet: routing, whatever address the packet arrived at), under `rfc` the address the packet
 * arrived at.
 */
import { isSctpSender } from '../config';
import { makeSource } from '../app';
import { attachFlow, type FlowFactory } from '../flow';
import type { Network } from '../net/network';
import type { Packet } from '../net/packet';
import type { TraceSink } from '../trace/sink';
import './reasons';
import { SctpReceiver } from './receiver';
import { SctpSender } from './sender';
import { SCTP_VARIANTS } from './variants';

export const sctpFlow: FlowFactory = (flow, sched, net, rec, seed) => {
  if (!isSctpSender(flow.sender)) throw new Error(`not an SCTP sender: ${flow.sender}`);
  const variant = SCTP_VARIANTS[flow.sender];
  if (!variant) throw new Error(`unknown SCTP sender '${String(flow.sender)}'`);
  const srcs = flow.srcAddrs && flow.srcAddrs.length > 0 ? flow.srcAddrs : [flow.src];
  const dsts = flow.dstAddrs && flow.dstAddrs.length > 0 ? flow.dstAddrs : [flow.dst];
  const srcNodes = srcs.map((n) => net.nodeIndex(n));
  const dstNodes = dsts.map((n) => net.nodeIndex(n));
  const pathSources = dstNodes.map((d) => nearestSource(net, srcNodes, d));
  const source = makeSource(flow, sched, seed);
  const sender = new SctpSender(flow, variant, sched, net, rec, source, seed, pathSources);
  // ns-2 SetSource: the receiver's source address towards a sender address, by routing.
  const replyFrom = flow.rules === 'rfc' ? null : (to: number) => nearestSource(net, dstNodes, to);
  const receiverNet = dstNodes.length > 1 ? recordingReplies(net, rec, dstNodes, replyFrom) : net;
  const receiver = new SctpReceiver(flow, sched, receiverNet, rec);
  const endpoints = attachFlow(flow, sender, receiver, net, source);
  for (const n of srcNodes) net.attach(n, flow.id, sender);
  for (const n of dstNodes) net.attach(n, flow.id, receiver);
  return {
    ...endpoints,
    paths: () => dstNodes.map((d, i) => ({ src: net.nodes[pathSources[i]!]!, dst: net.nodes[d]! })),
  };
};

/** The source node with the fewest hops to `dst` (the first listed on ties). */
function nearestSource(net: Network, srcs: number[], dst: number): number {
  let best = srcs[0]!;
  let bestHops = Infinity;
  for (const s of srcs) {
    const h = hops(net, s, dst);
    if (h < bestHops) {
      best = s;
      bestHops = h;
    }
  }
  return best;
}

/** Hops from `from` to `to` along the current routes (Infinity: no route, or one through a
 * link that is down). */
function hops(net: Network, from: number, to: number): number {
  let n = 0;
  let at = from;
  while (at !== to) {
    const li = net.routeLink(at, to);
    if (li < 0 || n > net.nodes.length || !net.links[li]!.up) return Infinity;
    at = net.links[li]!.to;
    n++;
  }
  return n;
}

/**
 * The network as a multi-homed receiver sees it: every packet it sends (SACK, HEARTBEAT-ACK, …)
 * leaves from the address `replyFrom` gives for its destination (ns2 rules; null: the address it
 * answers from, as the receiver set it) and records its path first (trace/packet-paths.ts): the
 * index of its source address among the destination addresses.
 */
function recordingReplies(
  net: Network,
  rec: TraceSink,
  dstNodes: number[],
  replyFrom: ((to: number) => number) | null,
): Network {
  const send = (sent: Packet): void => {
    const from = replyFrom ? replyFrom(sent.dst) : sent.src;
    const p = from === sent.src ? sent : { ...sent, src: from };
    const i = dstNodes.indexOf(p.src);
    if (i >= 0) rec.packetPath(p.uid, i);
    net.send(p);
  };
  return new Proxy(net, {
    get(target, key) {
      if (key === 'send') return send;
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
