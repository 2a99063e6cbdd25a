/**
 * An SCTP flow for sender ids 'sctp-…'. Importing this module also loads the `sctp.*` reason
 * catalog (reasons.ts registers it).
 */
import { isSctpSender } from '../config';
import { makeSource } from '../app';
import { attachFlow, type FlowFactory } from '../flow';
import './reasons';
import { SctpReceiver } from './receiver';
import { SctpSender } from './sender';
import { SCTP_VARIANTS } from './variants';

export const sctpFlow: FlowFactory = (flow, sched, net, rec, seed) => {
  if (!isSctpSender(flow.sender)) throw new Error(`not an SCTP sender: ${flow.sender}`);
  const variant = SCTP_VARIANTS[flow.sender];
  if (!variant) throw new Error(`unknown SCTP sender '${String(flow.sender)}'`);
  const source = makeSource(flow, sched, seed);
  const sender = new SctpSender(flow, variant, sched, net, rec, source);
  const receiver = new SctpReceiver(flow, sched, net);
  return attachFlow(flow, sender, receiver, net, source);
};
