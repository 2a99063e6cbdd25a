/**
 * Link names of a topology, for the run keys `fail` and `repair` (link-events.ts): every link of
 * the built network is named by its two ends, `A-B` (either order is accepted; the message
 * lists the order the topology builds it in), and a topology may give aliases to the links a
 * class talks about — `bottleneck` on every dumbbell, `primary` and `backup` on the dual-homed
 * pair, `wifi`, `wimax` and `wired` on the multi-homed mobile (Topology.linkAliases). A radio
 * cell's (SimConfig.media) station ↔ access point pairs are named the same way, after the links
 * (the engine takes both of a pair's ports down; an ad hoc cell: every pair of members).
 */
import type { MediumConfig, SimConfig } from '../../engine';
import type { Preset } from '../presets/types';
import type { Scenario } from '../types';
import type { Topology } from './types';

/** A link's two ends, as the topology's LinkConfig has them. */
export interface LinkEnds {
  a: string;
  b: string;
}

export interface LinkNames {
  /** `A-B` of every link, in the topology's link order. */
  pairs: string[];
  /** Alias → link. */
  aliases: Map<string, LinkEnds>;
  /** The link a name stands for, or null. */
  resolve(name: string): LinkEnds | null;
}

/** A cell's pairs: its access point or base station with each other member (ad hoc: all pairs). */
function cellPairs(m: MediumConfig): LinkEnds[] {
  const hub = m.kind === 'wimax' ? m.bs : m.ap;
  if (hub !== undefined) return m.nodes.filter((n) => n !== hub).map((n) => ({ a: hub, b: n }));
  return m.nodes.flatMap((a, i) => m.nodes.slice(i + 1).map((b) => ({ a, b })));
}

/**
 * The link names of a scenario's network (its flows decide the access links). `cfg`: the
 * scenario's SimConfig when the caller has it (else it is built here).
 */
export function linkNamesOf(
  topology: Topology,
  s: Scenario,
  preset?: Preset,
  cfg?: SimConfig,
): LinkNames {
  const built = cfg ?? topology.build(s, { lossPosition: preset?.lossPosition });
  const byPair = new Map<string, LinkEnds>();
  const pairs: string[] = [];
  for (const l of [...built.links, ...(built.media ?? []).flatMap(cellPairs)]) {
    const ends = { a: l.a, b: l.b };
    pairs.push(`${l.a}-${l.b}`);
    byPair.set(`${l.a}-${l.b}`, ends);
    if (!byPair.has(`${l.b}-${l.a}`)) byPair.set(`${l.b}-${l.a}`, ends);
  }
  const aliases = new Map<string, LinkEnds>();
  for (const [name, [a, b]] of Object.entries(topology.linkAliases ?? {})) {
    const ends = byPair.get(`${a}-${b}`);
    if (ends) aliases.set(name, ends);
  }
  return {
    pairs,
    aliases,
    resolve: (name) => aliases.get(name) ?? byPair.get(name) ?? null,
  };
}
