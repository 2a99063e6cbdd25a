/**
 * Counts of the marks the router plot shows (ns-2 raw2xg convention), read from the engine's
 * routerRows: data arrivals at the router, departures onto the bottleneck, drops at the
 * router, ACK arrivals. Used for the plot slot's text summary and data-* attributes.
 */
import type { Trace } from '../../engine';
import { routerRows } from '../deps/outputs';

export interface RouterCounts {
  arrivals: number;
  departures: number;
  drops: number;
  acks: number;
}

export function routerCounts(trace: Trace): RouterCounts {
  const c: RouterCounts = { arrivals: 0, departures: 0, drops: 0, acks: 0 };
  for (const r of routerRows(trace)) {
    if (r.event === 'arrive') c.arrivals++;
    else if (r.event === 'depart') c.departures++;
    else if (r.event === 'drop') c.drops++;
    else if (r.event === 'ack') c.acks++;
  }
  return c;
}

export function routerSummaryText(trace: Trace): string {
  const c = routerCounts(trace);
  const name = trace.nodes[trace.router] ?? 'router';
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `${name}: ${n(c.arrivals, 'arrival', 'arrivals')}, ${n(c.departures, 'departure', 'departures')}, ${n(c.drops, 'drop', 'drops')}, ${n(c.acks, 'ACK', 'ACKs')}`;
}
