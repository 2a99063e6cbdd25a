import type { SimConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import { RandomStream } from '../core/streams';
import type { TraceSink } from '../trace/sink';
import { PacketEventKind, type LinkInfo } from '../trace/types';
import { DirectedLink } from './link';
import { LossPoint } from './loss';
import type { Packet } from './packet';

/** A transport endpoint attached to a node: receives the packets addressed to it. */
export interface Endpoint {
  receive(p: Packet, eventIndex: number): void;
}

/**
 * Nodes joined by full-duplex links, with static shortest-path (hop count) routing; ties go to
 * the link listed first. Forwarding inside a node is instantaneous, as in ns-2.
 */
export class Network {
  readonly nodes: string[];
  readonly links: DirectedLink[] = [];
  readonly linkInfo: LinkInfo[] = [];
  /** nextLink[from][dst] = directed link index, or -1. */
  private readonly nextLink: number[][];
  /** endpoints[node][flow]. */
  private readonly endpoints: (Endpoint | undefined)[][];
  private uidCounter = 0;

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
        const v = this.links[li]!.to;
        if (seen[v]) continue;
        seen[v] = true;
        first[v] = u === src ? li : first[u]!;
        queue.push(v);
      }
    }
    return first;
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

  private arrive(node: number, p: Packet, viaLink: number): void {
    if (node === p.dst) {
      const ev = this.rec.packetEvent(this.sched.now, PacketEventKind.deliver, node, viaLink, p, 0);
      const ep = this.endpoints[node]![p.flow];
      if (ep) ep.receive(p, ev);
      return;
    }
    const li = this.nextLink[node]![p.dst]!;
    // The queue length recorded is that of the link the packet takes next, before it joins.
    this.rec.packetEvent(
      this.sched.now,
      PacketEventKind.arrive,
      node,
      viaLink,
      p,
      li >= 0 ? this.links[li]!.queueLength : 0,
    );
    this.forward(node, p);
  }

  private forward(node: number, p: Packet): void {
    const li = this.nextLink[node]![p.dst]!;
    if (li < 0) throw new Error(`no route from ${this.nodes[node]} to ${this.nodes[p.dst]}`);
    this.links[li]!.recv(p);
  }
}
