/**
 * Counts of the marks the router plot shows (ns-2 raw2xg convention, the same events as the
 * engine's routerRows): data arrivals at the router, departures onto the bottleneck, drops at
 * the router, ACK arrivals. Read from the router plot's own marks (built once per trace from
 * the columns), for the plot slot's text summary and data-* attributes. `node`: the router
 * shown (the `router` view key, routerView.ts); null or one the run cannot show: its own.
 */
import type { Trace } from '../../engine';
import { routerChoiceIndex, routerChoices, routerMarks } from '../deps/panels';

export interface RouterCounts {
  arrivals: number;
  departures: number;
  drops: number;
  acks: number;
}

/** The router shown for `node` (routerChoices): its node index and outgoing link. */
function shownRouter(trace: Trace, node: string | null): { router: number; bottleneck: number } {
  const k = routerChoiceIndex(trace, node);
  const c = k > 0 ? routerChoices(trace)[k] : undefined;
  return c
    ? { router: c.router, bottleneck: c.bottleneck }
    : { router: trace.router, bottleneck: trace.bottleneck };
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
