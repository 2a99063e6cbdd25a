import type { FlowFactory } from '../flow';

/** A UDP flow: a sender with no congestion control at the source, a counting receiver at the destination. */
export const udpFlow: FlowFactory = (flow) => {
  throw new Error(`UDP flows are not implemented yet (flow ${flow.id + 1})`);
};
