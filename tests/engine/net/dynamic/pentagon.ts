/**
 * The pentagon of the ns-2 dynamic-network fixtures (scripts/ns2/dynamic.tcl), as an engine
 * config: a 2-hop route S–A–K and a 3-hop route S–B–C–K, no ties anywhere.
 *
 *   S –10 Mb/s, 10 ms– A –1 Mb/s, 20 ms, queue q– K
 *   S –10 Mb/s, 10 ms– B –10 Mb/s, 10 ms– C –1 Mb/s, 20 ms, queue q– K
 */
import type { FlowConfig, LinkEvent, SenderId, SimConfig } from '../../../../src/engine';
import { fallFloydConfig } from '../../../helpers/fall-floyd';

/** ns-2's node ids: S 0, A 1, K 2, B 3, C 4. */
export const PENTAGON_NODES = ['S', 'A', 'K', 'B', 'C'];

export interface PentagonOptions {
  sender?: SenderId;
  /** Drop-tail limit of A–K and C–K, packets (default 20). */
  q?: number;
  stopS?: number;
  linkEvents?: LinkEvent[];
  /** Extra fields of flow 0 (S → K, Fall & Floyd settings, from 1.0 s). */
  flow?: Partial<FlowConfig>;
  /** A second flow B → K from this time (seconds). */
  secondFlowAt?: number;
}

export function pentagonConfig(o: PentagonOptions = {}): SimConfig {
  const ff = fallFloydConfig(o.sender ?? 'reno', [], { stopS: o.stopS ?? 6 });
  const fast = { bandwidthBps: 10e6, delayS: 0.01, queueLimit: 50 };
  const slow = { bandwidthBps: 1e6, delayS: 0.02, queueLimit: o.q ?? 20 };
  const flow0: FlowConfig = { ...ff.flows[0]!, src: 'S', dst: 'K', ...o.flow };
  const flows = [flow0];
  if (o.secondFlowAt !== undefined) {
    flows.push({ ...flow0, id: 1, src: 'B', startS: o.secondFlowAt });
  }
  return {
    nodes: PENTAGON_NODES,
    links: [
      { a: 'S', b: 'A', ...fast },
      { a: 'A', b: 'K', ...slow },
      { a: 'S', b: 'B', ...fast },
      { a: 'B', b: 'C', ...fast },
      { a: 'C', b: 'K', ...slow },
    ],
    flows,
    losses: [],
    stopS: o.stopS ?? 6,
    router: 'A',
    bottleneck: { from: 'A', to: 'K' },
    linkEvents: o.linkEvents,
  };
}
