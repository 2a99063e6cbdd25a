import { isSenderId, isTcpSender, type FlowConfig } from '../config';
import { makeSource } from '../app';
import { attachFlow, type FlowFactory } from '../flow';
import { TcpReceiver } from './receiver';
import { TcpSender } from './sender';
import { TCP_VARIANTS } from './variants';

/**
 * A TCP flow: the variant's sender at the source, fed by the flow's application (app/), and a
 * (SACK) receiver at the destination.
 */
export const tcpFlow: FlowFactory = (flow, sched, net, rec, seed) => {
  if (!isTcpSender(flow.sender)) throw new Error(`not a TCP sender: ${flow.sender}`);
  const variant = TCP_VARIANTS[flow.sender];
  const source = makeSource(flow, sched, seed);
  const sender = new TcpSender(flow, variant, sched, net, rec, source, seed);
  const receiver = new TcpReceiver(flow, variant.sack, sched, net, rec);
  return attachFlow(flow, sender, receiver, net, source);
};

/** Whether flow `f` is a paced TCP flow: FlowConfig.pacing, else its variant's default (BBR). */
export function pacedFlow(f: FlowConfig): boolean {
  if (!isTcpSender(f.sender)) return false;
  return f.pacing ?? pacesByDefault(f.sender);
}

/**
 * Whether sender `id` (any string: false when it names no sender) paces when its flow leaves
 * `pacing` unset: a TCP variant with ownPacing.
 */
export function pacesByDefault(id: string): boolean {
  return isSenderId(id) && isTcpSender(id) && TCP_VARIANTS[id].ownPacing === true;
}
