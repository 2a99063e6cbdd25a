import { makeSource } from '../app';
import { isUdpSender } from '../config';
import { attachFlow, type FlowFactory } from '../flow';
import { UdpReceiver } from './receiver';
import { UdpSender } from './sender';

/**
 * A UDP flow: its application source (app/index.ts makeSource), a sender with no congestion
 * control at the source, a counting receiver at the destination. UDP needs a source that paces
 * it (cbr, onoff, voip, file, ftp-clients): a bulk source throws when the flow starts. Its
 * FlowStats carry the source's offeredBytes (the requested rate of src/metrics).
 */
export const udpFlow: FlowFactory = (flow, sched, net, _rec, seed) => {
  if (!isUdpSender(flow.sender)) throw new Error(`not a UDP sender: ${flow.sender}`);
  const source = makeSource(flow, sched, seed);
  const sender = new UdpSender(flow, source, sched, net);
  const receiver = new UdpReceiver(flow);
  return attachFlow(flow, sender, receiver, net, source);
};
