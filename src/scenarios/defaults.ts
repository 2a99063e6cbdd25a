/**
 * Resolving defaults: a preset's scenario is its topology's defaults with the preset's
 * overrides on top. DEFAULT_SCENARIO is what the app opens with.
 */
import { getPreset } from './presets';
import { getTopology } from './topologies';
import type { Scenario, ScenarioDefaults } from './types';

/** The preset the app opens with, and the one a URL without `preset` gets. */
export const DEFAULT_PRESET_ID = 'ff-3-drops';

function cloneDefaults(d: ScenarioDefaults): ScenarioDefaults {
  return {
    ...d,
    drops: d.drops.map((x) => ({ ...x })),
    drops2: d.drops2.map((x) => ({ ...x })),
  };
}

/**
 * The fully resolved scenario of a preset with nothing overridden (a fresh object).
 * @throws Error if no preset (or its topology) has this id.
 */
export function presetDefaults(id: string): Scenario {
  const preset = getPreset(id);
  if (!preset) throw new Error(`unknown preset '${id}'`);
  const topology = getTopology(preset.topology);
  if (!topology) throw new Error(`preset '${id}' names unknown topology '${preset.topology}'`);
  return {
    v: 1,
    preset: id,
    ...cloneDefaults({ ...topology.defaults, ...preset.scenario }),
  };
}

/** A preset's scenario with some keys changed (e.g. the sender picked in the UI). */
export function scenarioFromPreset(
  id: string,
  overrides: Partial<ScenarioDefaults> = {},
): Scenario {
  return { ...presetDefaults(id), ...overrides };
}

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/**
 * The app's opening scenario: Reno on the Fall & Floyd network with packets 15, 27 and 29
 * dropped (fast retransmit, a stalled recovery and a timeout in one picture). Frozen: copy it
 * (e.g. with scenarioFromPreset) to change it.
 */
export const DEFAULT_SCENARIO: Readonly<Scenario> = deepFreeze(
  scenarioFromPreset(DEFAULT_PRESET_ID, { sender: 'reno' }),
);
