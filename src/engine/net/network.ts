import type { SimConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import { RandomStream } from '../core/streams';
import type { TraceSink } from '../trace/sink';
import { PacketEventKind, PacketType, type LinkInfo } from '../trace/types';
import type { Hop } from './hop';
import { DirectedLink } from './link';
import { LossPoint } from './loss';
import { makeMedium } from './media';
import type { SharedMedium } from './medium';
import type { Packet } from './packet';
import { PacketPool } from './packet-pool';

/** A transport endpoint attached to a node: receives the packets addressed to it. */
export interface Endpoint {
  receive(p: Packet, eventIndex: number): void;
  /**
   * True when the endpoint keeps no reference to a data packet once receive() returns: the
   * network then recycles it (packet-pool.ts).
   */
  readonly recyclesData?: boolean;
}

/**
 * Nodes joined by full-duplex links, with shortest-path (hop count) routing; ties go to the link
 * listed first. Forwarding inside a node is instantaneous, as in ns-2.
 *
 * Routes are computed once, over all links, unless a link goes down or up (`setLinkUp`, driven by
 * link-events.ts): then they are recomputed at once over the links that are up, and a node with
 * no route left to a destination keeps the next hop it had (ns-2.35 `$ns rtproto Session`:
 * Simulator::populate_flat_classifiers only writes the routes that exist, so the classifier's
 * old slot stays and the packet is dropped by the down link it points to).
 */
export class Network {
  readonly nodes: string[];
  /** Every directed hop: the links' directions (a → b, then b → a), then the media's ports. */
  readonly links: Hop[] = [];
  readonly linkInfo: LinkInfo[] = [];
  /** The shared media of SimConfig.media, in order (medium.ts). */
  readonly media: SharedMedium[] = [];
  /** nextLink[from][dst] = directed link index, or -1. */
  private readonly nextLink: number[][];
  /** adj[node] = the directed links leaving it, in link order. */
  private readonly adj: number[][];
  /** endpoints[node][flow]. */
  private readonly endpoints: (Endpoint | undefined)[][];
  private uidCounter = 0;
  /** Delivered TCP data packets, for the senders to refill (packet-pool.ts). */
  readonly pool = new PacketPool();

  constructor(
    cfg: SimConfig,
    private readonly sched: Scheduler,
    private readonly rec: TraceSink,
  ) {
    this.nodes = [...cfg.nodes];
    const idx = (name: string): number => {
      const i = this.nodes.indexOf(name);
      if (i < 0) throw new Error(`unknown node '${name}'`);
      return i;
    };
    const adj: number[][] = this.nodes.map(() => []);
    for (const l of cfg.links) {
      const jitterS = l.jitterS ?? 0;
      if (!(jitterS >= 0 && Number.isFinite(jitterS))) {
        throw new RangeError(
          `link ${l.a}–${l.b}: jitterS must be a number of seconds ≥ 0, got ${jitterS}`,
        );
      }
      for (const [a, b] of [
        [l.a, l.b],
        [l.b, l.a],
      ] as const) {
        const from = idx(a);
        const to = idx(b);
        const lossCfg = cfg.losses.find((x) => x.from === a && x.to === b);
        const i = this.links.length;
        this.links.push(
          new DirectedLink(
            i,
            from,
            to,
            l.bandwidthBps,
            l.delayS,
            l.queueLimit,
            sched,
            rec,
            (p) => this.arrive(to, p, i),
            lossCfg ? new LossPoint(lossCfg) : null,
            lossCfg?.position === 'wire',
            jitterS,
            jitterS > 0 ? new RandomStream(cfg.seed ?? 0, 'jitter', i) : null,
          ),
        );
        this.links[i]!.deliverTo(this);
        this.linkInfo.push({
          from: a,
          to: b,
          bandwidthBps: l.bandwidthBps,
          delayS: l.delayS,
          queueLimit: l.queueLimit,
        });
        adj[from]!.push(i);
      }
    }
    (cfg.media ?? []).forEach((m, k) => {
      const medium = makeMedium(m, {
        sched,
        rec,
        seed: cfg.seed ?? 0,
        nodeIndex: idx,
        firstIndex: this.links.length,
        mediumIndex: k,
        far: this,
        recordRows: rec.recordsDecisions,
      });
      this.media.push(medium);
      for (const port of medium.ports) {
        if (port.index !== this.links.length) throw new Error('medium port out of order');
        this.links.push(port);
        this.linkInfo.push(port.info);
        adj[port.from]!.push(port.index);
      }
    });
    this.adj = adj;
    this.nextLink = this.nodes.map((_, src) => this.routesFrom(src, adj));
    this.endpoints = this.nodes.map(() => []);
  }

  private routesFrom(src: number, adj: number[][]): number[] {
    const first = this.nodes.map(() => -1);
    const seen = this.nodes.map((_, i) => i === src);
    const queue = [src];
    for (let qi = 0; qi < queue.length; qi++) {
      const u = queue[qi]!;
      for (const li of adj[u]!) {
        if (!this.links[li]!.up) continue;
        const v = this.links[li]!.to;
        if (seen[v]) continue;
        seen[v] = true;
        first[v] = u === src ? li : first[u]!;
        queue.push(v);
      }
    }
    return first;
  }

  /**
   * Take the full-duplex link between nodes `a` and `b` down (both directions drop what they
   * hold: DirectedLink.takeDown, direction a → b first) or bring it up, then recompute the routes
   * (`recomputeRoutes`).
   * @throws Error if there is no link between `a` and `b`.
   */
  setLinkUp(a: string, b: string, up: boolean): void {
    this.setLinkState(a, b, up);
    this.recomputeRoutes();
  }

  /**
   * Take the link a–b down or bring it up without touching the routes (several changes at one
   * time, then one `recomputeRoutes`, as ns-2's rtQueue runq does).
   * @throws Error if there is no link between `a` and `b`.
   */
  setLinkState(a: string, b: string, up: boolean): void {
    const ab = this.links[this.linkIndex(a, b)]!;
    const ba = this.links[this.linkIndex(b, a)]!;
    for (const l of [ab, ba]) {
      if (up) l.bringUp();
      else l.takeDown();
    }
  }

  /**
   * Recompute every route over the links that are up (hop count, the link listed first on
   * ties); a node left without a route to a destination keeps its old next hop (ns-2.35
   * Simulator::populate_flat_classifiers writes only the routes that exist).
   */
  recomputeRoutes(): void {
    for (let src = 0; src < this.nodes.length; src++) {
      const fresh = this.routesFrom(src, this.adj);
      const row = this.nextLink[src]!;
      for (let dst = 0; dst < fresh.length; dst++) if (fresh[dst]! >= 0) row[dst] = fresh[dst]!;
    }
  }

  /** The directed link a packet at node `from` for node `to` takes now (−1: none). */
  routeLink(from: number, to: number): number {
    return this.nextLink[from]![to]!;
  }

  nodeIndex(name: string): number {
    const i = this.nodes.indexOf(name);
    if (i < 0) throw new Error(`unknown node '${name}'`);
    return i;
  }

  linkIndex(from: string, to: string): number {
    const f = this.nodeIndex(from);
    const t = this.nodeIndex(to);
    const l = this.links.find((x) => x.from === f && x.to === t);
    if (!l) throw new Error(`no link ${from} → ${to}`);
    return l.index;
  }

  attach(node: number, flow: number, ep: Endpoint): void {
    this.endpoints[node]![flow] = ep;
  }

  newUid(): number {
    return this.uidCounter++;
  }

  /** An endpoint at node `p.src` sends a packet. */
  send(p: Packet): void {
    this.rec.packetEvent(this.sched.now, PacketEventKind.send, p.src, -1, p, 0);
    this.forward(p.src, p);
  }

  /** A packet reaches node `node` by directed link `viaLink` (Hop.deliverTo; internal). */
  arrive(node: number, p: Packet, viaLink: number): void {
    if (node === p.dst) {
      const ev = this.rec.packetEvent(this.sched.now, PacketEventKind.deliver, node, viaLink, p, 0);
      const ep = this.endpoints[node]![p.flow];
      if (ep) {
        ep.receive(p, ev);
        if (ep.recyclesData === true && p.type === PacketType.data && p.label === undefined) {
          this.pool.give(p);
        }
      }
      return;
    }
    const li = this.nextLink[node]![p.dst]!;
    if (li < 0) {
      this.rec.packetEvent(this.sched.now, PacketEventKind.arrive, node, viaLink, p, 0);
      this.forward(node, p); // throws: no route
      return;
    }
    // The queue length recorded is that of the link the packet takes next, before it joins.
    const link = this.links[li]!;
    this.rec.packetEvent(
      this.sched.now,
      PacketEventKind.arrive,
      node,
      viaLink,
      p,
      link.queueLength,
    );
    link.recv(p);
  }

  private forward(node: number, p: Packet): void {
    const li = this.nextLink[node]![p.dst]!;
    if (li < 0) throw new Error(`no route from ${this.nodes[node]} to ${this.nodes[p.dst]}`);
    this.links[li]!.recv(p);
  }
}
