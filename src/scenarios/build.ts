/**
 * Scenario → SimConfig: validate, then let the preset's topology build the network, the flows
 * and the loss point.
 */
import type { SimConfig } from '../engine';
import { getPreset } from './presets';
import { validateScenario } from './schema';
import { getTopology } from './topologies';
import type { Scenario } from './types';

/**
 * The engine input for a scenario.
 * @throws Error listing the problems if the scenario is invalid (see validateScenario).
 */
export function buildSimConfig(s: Scenario): SimConfig {
  const errors = validateScenario(s);
  if (errors.length > 0) {
    throw new Error(`invalid scenario: ${errors.map((e) => e.message).join('; ')}`);
  }
  const preset = getPreset(s.preset)!;
  const topology = getTopology(preset.topology)!;
  return topology.build(s, { lossPosition: preset.lossPosition });
}
