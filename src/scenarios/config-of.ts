/**
 * A scenario's SimConfig without validation (build.ts validates first; budget.ts estimates the
 * cost of a scenario whose keys are each valid): the topology's network, flows and loss points,
 * then what every topology shares —
 *
 * - `fail` / `repair` → SimConfig.linkEvents (link-events.ts), when there are any;
 * - `losson` → LossConfig.types of every loss point (loss-config.ts withLossTypes);
 * - FlowConfig.recordDeliveries for every flow when any flow uses several streams, unordered
 *   delivery or PR-SCTP, so the per-stream delivery timeline can set TCP flows beside SCTP ones.
 *
 * Compiled once per scenario: parsing a URL validates it (the budget needs the config), and
 * building it validates it again before handing the config over — one compile serves all three
 * (before: the topology's build ran 3 times per URL, flowConfig 3 times per flow), and the run
 * budget's verdict is kept beside it (validating twice bounded the run twice). The cache is
 * keyed by the scenario's content (its JSON text), so a scenario edited in place or cloned to a
 * worker is never served another's config, and holds the last COMPILED_KEPT scenarios.
 */
import type { SimConfig } from '../engine';
import { deepFreeze } from './deep-freeze';
import { linkEventsOf } from './link-events';
import { withLossTypes } from './loss-config';
import { getPreset } from './presets';
import { usesStreams } from './sctp-config';
import { getTopology } from './topologies';
import type { Scenario, ScenarioError } from './types';

/** Scenarios whose compiled config is kept (the last ones asked for). */
const COMPILED_KEPT = 8;

/**
 * A scenario compiled: its config (shared with other callers: read it, never change it; null
 * when its preset names no topology) and what was derived from it once — the run budget's
 * verdict (budget.ts; undefined until asked).
 */
export interface Compiled {
  readonly config: SimConfig | null;
  budget?: ScenarioError | null;
}

/** Compiled scenarios by JSON text, oldest first. */
const compiled = new Map<string, Compiled>();

/** The compiled form of a scenario whose keys are valid: compiled on the first call only. */
export function compiledScenario(s: Scenario): Compiled {
  const key = JSON.stringify(s);
  const kept = compiled.get(key);
  if (kept) {
    compiled.delete(key);
    compiled.set(key, kept);
    return kept;
  }
  // Frozen: a caller that changed the shared config would change every later build.
  const entry: Compiled = { config: deepFreeze(compile(s)) };
  compiled.set(key, entry);
  if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  return entry;
}

const compiledConfig = (s: Scenario) => compiledScenario(s).config;

/**
 * The engine input of a scenario whose keys are valid, or null when its preset names no
 * topology: the compiled config with its own top level and flow objects (what the run budget
 * varies, and what cost-app.ts keeps replays by), the rest shared — read it, do not change it
 * (buildSimConfig hands out a deep copy).
 */
export function configOf(s: Scenario): SimConfig | null {
  const cfg = compiledConfig(s);
  return cfg && { ...cfg, flows: cfg.flows.map((f) => ({ ...f })) };
}

/** A deep copy of the scenario's compiled config, the caller's to change; null as configOf. */
export function ownConfigOf(s: Scenario): SimConfig | null {
  const cfg = compiledConfig(s);
  return cfg && structuredClone(cfg);
}

/** Scenario → SimConfig, every time anew (configOf keeps the result). */
function compile(s: Scenario): SimConfig | null {
  const preset = getPreset(s.preset);
  const topology = getTopology(preset?.topology ?? '');
  if (!preset || !topology) return null;
  const cfg = topology.build(s, { lossPosition: preset.lossPosition });
  const events = linkEventsOf(s, cfg, topology);
  if (events.length > 0) cfg.linkEvents = events;
  cfg.losses = withLossTypes(cfg.losses, s.losson);
  if (s.flows.some(usesStreams)) {
    cfg.flows = cfg.flows.map((f) => ({ ...f, recordDeliveries: true }));
  }
  return cfg;
}
