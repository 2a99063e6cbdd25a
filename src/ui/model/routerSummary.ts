/**
 * Counts of the marks the router plot shows (ns-2 raw2xg convention): data arrivals at the
 * router, departures onto the bottleneck link, drops at the router, ACK arrivals at the router.
 * Used for the plot's accessible summary and data-* attributes.
 */
import { PacketEventKind, PacketType, type Trace } from '../../engine';

export interface RouterCounts {
  arrivals: number;
  departures: number;
  drops: number;
  acks: number;
}

export function routerCounts(trace: Trace): RouterCounts {
  const P = trace.packets;
  const c: RouterCounts = { arrivals: 0, departures: 0, drops: 0, acks: 0 };
  for (let i = 0; i < P.length; i++) {
    const at = P.node[i] === trace.router;
    switch (P.kind[i]) {
      case PacketEventKind.arrive:
        if (!at) break;
        if (P.type[i] === PacketType.ack) c.acks++;
        else if (P.type[i] === PacketType.data) c.arrivals++;
        break;
      case PacketEventKind.depart:
        if (P.link[i] === trace.bottleneck) c.departures++;
        break;
      case PacketEventKind.drop:
        if (at) c.drops++;
        break;
    }
  }
  return c;
}

export function routerSummaryText(trace: Trace): string {
  const c = routerCounts(trace);
  const name = trace.nodes[trace.router] ?? 'router';
  return `${name}: ${c.arrivals} arrivals, ${c.departures} departures, ${c.drops} drops, ${c.acks} ACKs`;
}
