/**
 * Makes SCTP available to run(): the flow factory for sender ids 'sctp-…' (and, by importing
 * reasons.ts, the `sctp.*` reason catalog). src/engine/run.ts calls registerSctp with its
 * registerFlowFactory, so importing the engine is enough; there is no import cycle.
 */
import { isTcpSender, type FlowConfig } from '../config';
import type { FlowEndpoints, FlowFactory } from '../run';
import type { Scheduler } from '../core/scheduler';
import type { Network } from '../net/network';
import type { Recorder } from '../trace/recorder';
import './reasons';
import { SctpReceiver } from './receiver';
import { SctpSender } from './sender';
import { SCTP_VARIANTS } from './variants';

export function sctpFlow(flow: FlowConfig, sched: Scheduler, net: Network, rec: Recorder): FlowEndpoints {
  if (isTcpSender(flow.sender)) throw new Error(`not an SCTP sender: ${flow.sender}`);
  const variant = SCTP_VARIANTS[flow.sender];
  if (!variant) throw new Error(`unknown SCTP sender '${String(flow.sender)}'`);
  const sender = new SctpSender(flow, variant, sched, net, rec);
  const receiver = new SctpReceiver(flow, sched, net);
  net.attach(sender.node, flow.id, sender);
  net.attach(net.nodeIndex(flow.dst), flow.id, receiver);
  return {
    start: () => sender.start(),
    stats: () => ({
      packetsSent: sender.packetsSent,
      retransmissions: sender.retransmissions,
      timeouts: sender.timeouts,
      fastRetransmits: sender.fastRetransmits,
      deliveredBytes: receiver.deliveredBytes,
      deliveredPackets: receiver.deliveredPackets,
    }),
  };
}

/** Register SCTP with the engine's flow-factory registry (run.ts registerFlowFactory). */
export function registerSctp(registerFlowFactory: (prefix: string, f: FlowFactory) => void): void {
  registerFlowFactory('sctp-', sctpFlow);
}
