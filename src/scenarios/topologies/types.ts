/**
 * A topology: the network a family of presets runs on, with the defaults of every scenario key
 * and a builder from a (validated) Scenario to the engine's SimConfig.
 */
import type { SimConfig } from '../../engine';
import type { Scenario, ScenarioDefaults } from '../types';

export interface Topology {
  /** Stable id, referenced by presets. */
  id: string;
  title: string;
  /** Where the setup comes from (paper and section). */
  source: string;
  /** Defaults of every scenario key for presets on this topology. */
  defaults: ScenarioDefaults;
  /** Time flow 1 starts, s (a run must stop later than this). */
  startS: number;
  /** Build the engine input. Assumes a valid scenario (see validateScenario). */
  build(s: Scenario): SimConfig;
}
