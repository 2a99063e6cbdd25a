/**
 * The paths the run-cost estimate (cost.ts) follows: the engine's routing — hop-count shortest
 * paths, the link listed first on ties — over a SimConfig's links and its media's (cost-media.ts),
 * as directed links.
 */
import type { FlowConfig, LinkConfig, SimConfig } from '../engine';
import { linksWithMedia } from './cost-media';

/** One direction of a link on a path. */
export interface DirectedLink {
  from: string;
  to: string;
  cfg: LinkConfig;
  /** Identifies the direction of the link: 2 · (index in SimConfig.links) + (0 a→b, 1 b→a). */
  key: number;
}

/** A directed link as the routes know it: its index in SimConfig.links. */
interface Hop {
  from: string;
  to: string;
  link: number;
  dir: 0 | 1;
}

/**
 * Hop-count shortest paths over a set of links (the engine's routing), one breadth-first search
 * per source node. Built from the links' end names only, so one Routes serves every config of
 * the same network (budget.ts estimates a scenario and its variants dozens of times).
 */
class Routes {
  private readonly out = new Map<string, Hop[]>();
  private readonly trees = new Map<string, Map<string, Hop | null>>();

  constructor(links: readonly LinkConfig[]) {
    links.forEach((l, link) => {
      this.hops(l.a).push({ from: l.a, to: l.b, link, dir: 0 });
      this.hops(l.b).push({ from: l.b, to: l.a, link, dir: 1 });
    });
  }

  private hops(node: string): Hop[] {
    let list = this.out.get(node);
    if (!list) this.out.set(node, (list = []));
    return list;
  }

  /** The path from src to dst ([] when there is none). */
  path(src: string, dst: string): Hop[] {
    let via = this.trees.get(src);
    if (!via) {
      via = new Map<string, Hop | null>([[src, null]]);
      const queue = [src];
      for (let i = 0; i < queue.length; i++) {
        for (const d of this.out.get(queue[i]!) ?? []) {
          if (via.has(d.to)) continue;
          via.set(d.to, d);
          queue.push(d.to);
        }
      }
      this.trees.set(src, via);
    }
    if (!via.has(dst)) return [];
    const path: Hop[] = [];
    for (let n = dst; n !== src;) {
      const d = via.get(n)!;
      path.push(d);
      n = d.from;
    }
    return path.reverse();
  }
}

/** Routes of the networks estimated last, by their links' end names (a few kept). */
const ROUTES = new Map<string, Routes>();
const ROUTES_KEPT = 8;

/** The same, by links array (a config's flows ask for their paths one by one). */
const ROUTES_OF_LINKS = new WeakMap<readonly LinkConfig[], Routes>();

function routesOf(links: readonly LinkConfig[]): Routes {
  let r = ROUTES_OF_LINKS.get(links);
  if (r) return r;
  const key = links.map((l) => `${l.a}\u0000${l.b}`).join('\u0001');
  r = ROUTES.get(key);
  if (!r) {
    r = new Routes(links);
    if (ROUTES.size >= ROUTES_KEPT) ROUTES.delete(ROUTES.keys().next().value!);
    ROUTES.set(key, r);
  }
  ROUTES_OF_LINKS.set(links, r);
  return r;
}

/** Hop-count shortest path from src to dst (the engine's routing), as directed links. */
export function pathOf(links: readonly LinkConfig[], src: string, dst: string): DirectedLink[] {
  return routesOf(links)
    .path(src, dst)
    .map((h) => ({ from: h.from, to: h.to, cfg: links[h.link]!, key: 2 * h.link + h.dir }));
}

/**
 * The paths of a flow: its one route, or for a multi-homed SCTP association (FlowConfig.dstAddrs)
 * one per destination address, from the source address nearest to it (fewest hops; the engine's
 * choice).
 */
export function pathsOf(cfg: SimConfig, f: FlowConfig): DirectedLink[][] {
  const dsts = f.dstAddrs ?? [f.dst];
  const srcs = f.srcAddrs ?? [f.src];
  const links = linksWithMedia(cfg);
  if (dsts.length === 1 && srcs.length === 1) return [pathOf(links, f.src, f.dst)];
  return dsts.map((d) => {
    let best: DirectedLink[] = [];
    for (const s of srcs) {
      const p = pathOf(links, s, d);
      if (p.length > 0 && (best.length === 0 || p.length < best.length)) best = p;
    }
    return best;
  });
}
