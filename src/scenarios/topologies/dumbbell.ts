/**
 * The generic dumbbell every topology is an instance of: n sources, each on its own access link
 * to the left router; the bottleneck (the scenario's `bw`, `delay`, `queue`) from the left
 * router either straight to one shared sink node, or to a right router that reaches one sink
 * per flow over its own access link.
 *
 *   S1 ─┐                               ┌─ K1
 *   S2 ─┼─ left ══ bottleneck ══ right ─┼─ K2        (right = null: left ══ K1, every flow's sink)
 *   …  ─┘                               └─ …
 *
 * Flow k (1-based) runs from source k to sink k (from sink k to source k with `reverse`: its
 * data then meets the others' ACKs). The bottleneck carries the run's `jitter`; the run's
 * `seed` seeds the loss streams and SimConfig.seed (applications, delay variation). The loss point (random loss and every flow's
 * scripted drops) sits on left → right/sink: in front of the queue, or at the far end of the
 * wire (DumbbellBuild.lossPosition). Node and link order are fixed (sources, left, right,
 * sinks; then per flow its access link, with the bottleneck after flow 1's, or first of all
 * with `bottleneckFirst`), so a topology built here keeps the node and link indices — and so
 * the trace and its fingerprint — of the hand-written builder it replaced.
 */
import type { LinkConfig, SimConfig } from '../../engine';
import type { LinkLayer } from '../profiles';
import type { FlatDefaults } from '../flat';
import type { FlowSpec, Scenario } from '../types';
import { scenarioLossPoint } from '../loss-config';
import { flowConfig, scenarioLink } from './flows';
import { scenarioCell } from './wifi-cell';
import type { Topology } from './types';

/** A link's fixed values: bits per second, seconds, packets. */
export interface AccessLink {
  bandwidthBps: number;
  delayS: number;
  queueLimit: number;
}

export interface DumbbellSpec {
  id: string;
  title: string;
  source: string;
  defaults: FlatDefaults;
  /** Node names; i is the 0-based flow index. */
  names: {
    source(i: number): string;
    left: string;
    /** null: the bottleneck ends at the shared sink `sink(0)`. */
    right: string | null;
    sink(i: number): string;
  };
  /** Source → left router, both directions. */
  access: AccessLink;
  /** Right router → sink (ignored when `right` is null). */
  sinkAccess?: AccessLink;
  /**
   * Per-flow access links instead of `access` / `sinkAccess`: flow i's (0-based) links given
   * every flow (e.g. 003_…'s clients, each with its own round-trip time).
   */
  accessOf?(flows: readonly FlowSpec[], i: number): { source: AccessLink; sink?: AccessLink };
  /** What the topology fixes about each flow's packets and clocks (headers, RTO clock). */
  link: LinkLayer;
  /**
   * The bottleneck is link 0 (before every access link) instead of following flow 1's access
   * link: the link order of the GEO network's original builder, kept so its traces (link
   * indices) and fingerprints stay the same.
   */
  bottleneckFirst?: boolean;
  /**
   * With `link` = wifi-b / wifi-g the bottleneck is an 802.11 cell (wifi-cell.ts) instead of a
   * link: 'left' or 'far' — that end is the cell's access point; a name — an access point node
   * of that name joins the cell between the two ends (both ends are stations, every packet
   * crosses the air twice); absent — ad hoc, the two ends talk directly.
   */
  cellAp?: 'left' | 'far' | string;
}

/** Build a topology from a dumbbell spec. */
export function dumbbell(spec: DumbbellSpec): Topology {
  const { names } = spec;
  function build(s: Scenario, opts: { lossPosition?: 'queue' | 'wire' } = {}): SimConfig {
    const n = s.flows.length;
    const far = names.right ?? names.sink(0);
    const sinks = names.right === null ? [names.sink(0)] : s.flows.map((_, i) => names.sink(i));
    const nodes = [
      ...s.flows.map((_, i) => names.source(i)),
      names.left,
      ...(names.right === null ? [] : [names.right]),
      ...sinks,
    ];
    const ap = spec.cellAp;
    const apNode = ap === 'left' ? names.left : ap === 'far' ? far : ap;
    const extraAp = apNode !== undefined && apNode !== names.left && apNode !== far;
    const cell = scenarioCell(s, extraAp ? [names.left, apNode, far] : [names.left, far], apNode);
    if (cell && extraAp) nodes.splice(nodes.indexOf(names.left) + 1, 0, apNode);
    const bottleneck = cell ? null : scenarioLink(s, names.left, far);
    const links: LinkConfig[] = spec.bottleneckFirst && bottleneck ? [bottleneck] : [];
    for (let i = 0; i < n; i++) {
      const own = spec.accessOf?.(s.flows, i);
      links.push({ a: names.source(i), b: names.left, ...(own?.source ?? spec.access) });
      if (i === 0 && !spec.bottleneckFirst && bottleneck) links.push(bottleneck);
      if (names.right !== null)
        links.push({ a: names.right, b: names.sink(i), ...(own?.sink ?? spec.sinkAccess!) });
    }
    const flows = s.flows.map((f, i) =>
      flowConfig(
        f,
        i,
        names.source(i),
        names.right === null ? names.sink(0) : names.sink(i),
        spec.link,
      ),
    );
    const hop = cell && extraAp ? apNode : far;
    return {
      nodes,
      links,
      ...(cell ? { media: [cell] } : {}),
      flows,
      // In a cell, `loss` is its frame error rate (wifi-cell.ts), not a loss point.
      losses: cell ? [] : [scenarioLossPoint(s, names.left, far, opts.lossPosition)],
      stopS: s.stop,
      router: names.left,
      bottleneck: { from: names.left, to: hop },
      seed: s.seed,
    };
  }
  return {
    id: spec.id,
    title: spec.title,
    source: spec.source,
    defaults: spec.defaults,
    build,
    linkAliases: { bottleneck: [names.left, names.right ?? names.sink(0)] },
  };
}
