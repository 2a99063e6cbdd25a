import type { AppSource } from './app/source';
import type { FlowConfig } from './config';
import type { Scheduler } from './core/scheduler';
import type { Endpoint, Network } from './net/network';
import type { TraceSink } from './trace/sink';
import type { FlowStats } from './trace/types';

/** A transport flow as the engine drives it: start it, read its counters at the end. */
export interface FlowEndpoints {
  start(): void;
  stats(): FlowStats;
  /** SCTP: the association's paths as node names (FlowInfo.paths); absent for TCP and UDP. */
  paths?(): { src: string; dst: string }[];
}

/**
 * Builds one protocol's sender and receiver for a flow (TCP in tcp/flow.ts, SCTP in sctp/flow.ts,
 * UDP in udp/flow.ts). `seed`: SimConfig.seed, for the flow's application source (app/index.ts).
 */
export type FlowFactory = (
  flow: FlowConfig,
  sched: Scheduler,
  net: Network,
  rec: TraceSink,
  seed: number,
) => FlowEndpoints;

/** What every sender exposes to the engine. */
export interface SenderEndpoint extends Endpoint {
  readonly node: number;
  start(): void;
  readonly packetsSent: number;
  readonly retransmissions: number;
  readonly timeouts: number;
  readonly fastRetransmits: number;
  /** SCTP: PR-SCTP (sctp/pr-sctp.ts); its abandoned messages are FlowStats.abandoned when > 0. */
  readonly pr?: { readonly abandoned: number };
}

/** What every receiver exposes to the engine. */
export interface ReceiverEndpoint extends Endpoint {
  readonly deliveredBytes: number;
  readonly deliveredPackets: number;
}

/**
 * Attach a sender at the flow's source and a receiver at its destination. With the flow's
 * application `source`, its stats carry FlowStats.offeredBytes when that is finite (not for a
 * bulk source, whose stats stay as they were).
 */
export function attachFlow(
  flow: FlowConfig,
  sender: SenderEndpoint,
  receiver: ReceiverEndpoint,
  net: Network,
  source?: AppSource,
): FlowEndpoints {
  net.attach(sender.node, flow.id, sender);
  net.attach(net.nodeIndex(flow.dst), flow.id, receiver);
  return {
    start: () => sender.start(),
    stats: () => {
      const stats: FlowStats = {
        packetsSent: sender.packetsSent,
        retransmissions: sender.retransmissions,
        timeouts: sender.timeouts,
        fastRetransmits: sender.fastRetransmits,
        deliveredBytes: receiver.deliveredBytes,
        deliveredPackets: receiver.deliveredPackets,
      };
      const offered = source?.offeredBytes();
      if (offered !== undefined && Number.isFinite(offered)) stats.offeredBytes = offered;
      if (sender.pr && sender.pr.abandoned > 0) stats.abandoned = sender.pr.abandoned;
      return stats;
    },
  };
}
