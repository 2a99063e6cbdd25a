/**
 * Marks of the router plot (Fall & Floyd 1996, Caro et al.): what happens at trace.router.
 * Pure and DOM-free; the RouterPlot component draws them.
 */
import { DropCause, PacketEventKind, PacketType, type Trace } from '../../engine';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';
import { eventPaths } from './paths';
import { advanceMemo, memoSliced, shownFlows, SLICE_EVENTS, type Sliced } from './traceCache';

export interface RouterMarks {
  /** All marks, y = packet number mod `modulus` (ACKs: cumulative ACK mod `modulus`). */
  marks: PointMarks;
  modulus: number;
  /** Event indices, in trace order. */
  arrivals: number[];
  departures: number[];
  drops: number[];
  acks: number[];
  /** Departures on the bottleneck of retransmitted packets (drawn with a ring and "R"). */
  retransmissions: number[];
}

const DROP_KIND: Record<number, MarkKind> = {
  [DropCause.scripted]: MarkKind.dropScripted,
  [DropCause.overflow]: MarkKind.dropOverflow,
  [DropCause.random]: MarkKind.dropRandom,
  [DropCause.linkDown]: MarkKind.dropLinkDown,
  [DropCause.macRetry]: MarkKind.dropMacRetry,
};

/** The kind of a drop mark by drop cause. */
export function dropKind(cause: number): MarkKind {
  return DROP_KIND[cause] ?? MarkKind.dropScripted;
}

/**
 * - filled square: a data packet arrives at the router;
 * - open square: a data packet starts transmission on the bottleneck link;
 * - ×/✱/◇/⊘: a packet is dropped at the router (scripted / queue overflow / random / link down);
 * - circle: an ACK arrives at the router, at y = its cumulative ACK.
 */
export function routerMarks(trace: Trace, opts: RouterOpts = {}): RouterMarks {
  const [key, make] = routerMarksJob(trace, opts);
  return memoSliced(trace, key, make);
}

/** Compute the router marks for up to `budgetMs` (a long run's panels are prepared in slices). */
export function prepareRouterMarks(trace: Trace, opts: RouterOpts, budgetMs: number): boolean {
  const [key, make] = routerMarksJob(trace, opts);
  return advanceMemo(trace, key, make, budgetMs);
}

export interface RouterOpts {
  modulus?: number;
  flows?: number[];
  /** Another router and its outgoing link (a multi-homed run's other path); default the trace's. */
  router?: number;
  bottleneck?: number;
}

function routerMarksJob(trace: Trace, opts: RouterOpts): [string, () => Sliced<RouterMarks>] {
  const modulus = opts.modulus ?? 50;
  const flows = shownFlows(trace, opts.flows);
  const router = opts.router ?? trace.router;
  const bottleneck = opts.bottleneck ?? trace.bottleneck;
  const at =
    router === trace.router && bottleneck === trace.bottleneck ? '' : `:${router}>${bottleneck}`;
  return [
    `router:${modulus}:${flows.join(',')}${at}`,
    () => routerMarksGen(trace, modulus, flows, router, bottleneck),
  ];
}

function* routerMarksGen(
  trace: Trace,
  modulus: number,
  flows: number[],
  router: number,
  bottleneck: number,
): Sliced<RouterMarks> {
  let maxId = 0;
  for (const f of trace.flows) if (f.id > maxId) maxId = f.id;
  const show = new Uint8Array(maxId + 1);
  for (const f of flows) if (f >= 0 && f < show.length) show[f] = 1;
  const P = trace.packets;
  const uidOf = P.uid;
  // What each transmission carries, read through the event's uid.
  const { flow: flowOf, type: typeOf, packet: packetOf, retx: retxOf } = trace.transmissions;
  const cumAckOf = trace.transmissions.cumAck;
  const b = new MarkBuilder();
  const out: Omit<RouterMarks, 'marks' | 'modulus'> = {
    arrivals: [],
    departures: [],
    drops: [],
    acks: [],
    retransmissions: [],
  };
  const mod = (v: number) => ((v % modulus) + modulus) % modulus;
  // Multi-homed SCTP: the path each packet took (its glyph follows the path).
  const ep = eventPaths(trace);
  for (let i = 0; i < P.length; i++) {
    if ((i & (SLICE_EVENTS - 1)) === 0 && i > 0) yield;
    const u = uidOf[i]!;
    const flow = flowOf[u]!;
    if (show[flow] !== 1) continue;
    const kind = P.kind[i]!;
    if (kind === PacketEventKind.send || kind === PacketEventKind.deliver) continue;
    const type = typeOf[u]!;
    const atRouter = P.node[i] === router;
    const t = P.time[i]!;
    const pkt = packetOf[u]!;
    const retx = retxOf[u]!;
    const path = ep ? ep[i]! : -1;
    if (kind === PacketEventKind.arrive && atRouter && type === PacketType.data) {
      out.arrivals.push(i);
      b.push(MarkKind.arrival, i, t, mod(pkt), flow, pkt, retx, undefined, undefined, path);
    } else if (
      kind === PacketEventKind.depart &&
      P.link[i] === bottleneck &&
      type === PacketType.data
    ) {
      out.departures.push(i);
      if (retx) out.retransmissions.push(i);
      b.push(
        MarkKind.departure,
        i,
        t,
        mod(pkt),
        flow,
        pkt,
        retx,
        retx ? 'R' : undefined,
        undefined,
        path,
      );
    } else if (kind === PacketEventKind.drop && atRouter && type !== PacketType.control) {
      out.drops.push(i);
      const y = type === PacketType.ack ? cumAckOf[u]! : pkt;
      b.push(dropKind(P.cause[i]!), i, t, mod(y), flow, y, retx, undefined, undefined, path);
    } else if (kind === PacketEventKind.arrive && atRouter && type === PacketType.ack) {
      out.acks.push(i);
      const ack = cumAckOf[u]!;
      b.push(MarkKind.ackAtRouter, i, t, mod(ack), flow, ack, 0, undefined, undefined, path);
    }
  }
  const marks = b.build();
  // Several flows: each flow's packets in its own colour (the kind stays in the glyph).
  marks.byFlow = flows.length > 1;
  return { marks, modulus, ...out };
}
