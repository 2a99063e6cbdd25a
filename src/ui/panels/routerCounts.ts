/**
 * Counts of the marks the router plot shows (ns-2 raw2xg convention, the same events as the
 * engine's routerRows): data arrivals at the router, departures onto the bottleneck, drops at
 * the router, ACK arrivals. Read from the router plot's own marks (built once per trace from
 * the columns), for the plot slot's text summary and data-* attributes. `node`: the router
 * shown (the `router` view key, routerView.ts); null or one the run cannot show: its own.
 */
import type { Trace } from '../../engine';
import { shownRouter } from './paths';
import { routerMarks } from './router';

export interface RouterCounts {
  arrivals: number;
  departures: number;
  drops: number;
  acks: number;
}

export function routerCounts(trace: Trace, node: string | null = null): RouterCounts {
  const m = routerMarks(trace, shownRouter(trace, node));
  return {
    arrivals: m.arrivals.length,
    departures: m.departures.length,
    drops: m.drops.length,
    acks: m.acks.length,
  };
}

export function routerSummaryText(trace: Trace, node: string | null = null): string {
  const c = routerCounts(trace, node);
  const name = trace.nodes[shownRouter(trace, node).router] ?? 'router';
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `${name}: ${n(c.arrivals, 'arrival', 'arrivals')}, ${n(c.departures, 'departure', 'departures')}, ${n(c.drops, 'drop', 'drops')}, ${n(c.acks, 'ACK', 'ACKs')}`;
}
