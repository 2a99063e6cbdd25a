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
}
