/**
 * A topology: the network a family of presets runs on, with the defaults of every scenario key
 * and a builder from a (validated) Scenario to the engine's SimConfig.
 */
import type { SimConfig } from '../../engine';
import type { FlatDefaults } from '../flat';
import type { Scenario } from '../types';

export interface Topology {
  /** Stable id, referenced by presets. */
  id: string;
  title: string;
  /** Where the setup comes from (paper and section). */
  source: string;
  /** Defaults of every scenario key for presets on this topology (flat form, ../flat.ts). */
  defaults: FlatDefaults;
  /**
   * Build the engine input. Assumes a valid scenario (see validateScenario). `lossPosition`
   * places the bottleneck's loss point (the preset's choice; default 'queue').
   */
  build(s: Scenario, opts?: { lossPosition?: 'queue' | 'wire' }): SimConfig;
  /**
   * Readable names of links (alias → the link's two ends), beyond the `A-B` name every link has
   * (link-names.ts): `bottleneck` on every dumbbell, `primary` / `backup` on a dual-homed pair.
   */
  linkAliases?: Readonly<Record<string, readonly [string, string]>>;
  /**
   * Multi-homed hosts (RFC 4960 §6.4): which nodes are the interfaces (addresses) of which
   * host. Every flow runs from host `src` to host `dst` (with `reverse`, dst → src); an SCTP
   * flow gets the hosts' addresses as FlowConfig.srcAddrs / dstAddrs, the primary first (the
   * first listed, or the flow's `primary` key). Absent: every host has one address.
   */
  multihoming?: Multihoming;
}

/** A multi-homed topology's hosts (Topology.multihoming). */
export interface Multihoming {
  /** Host name → its addresses (node names), the topology's primary first. */
  hosts: Readonly<Record<string, readonly string[]>>;
  /** The host every flow's data leaves from (the sink host with `reverse`). */
  src: string;
  /** The host every flow's data goes to. */
  dst: string;
}
