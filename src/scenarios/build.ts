/**
 * Scenario → SimConfig: validate, then let the preset's topology build the network, the flows
 * and the loss point, with the link events and loss types every topology shares (config-of.ts).
 */
import type { SimConfig } from '../engine';
import { ownConfigOf } from './config-of';
import { validateScenario } from './schema';
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
  // validation compiled it (the budget): this reads the kept config
  return ownConfigOf(s)!;
}
