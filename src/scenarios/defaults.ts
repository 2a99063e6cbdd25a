/**
 * Resolving defaults: a preset's scenario is its topology's defaults with the preset's
 * overrides (and, for a table preset, its row's) on top. DEFAULT_SCENARIO is what the app
 * opens with.
 */
import { deepFreeze } from './deep-freeze';
import { canonicalFlow, resolveDefaults, type FlatDefaults } from './flat';
import { getPreset } from './presets';
import { getTopology } from './topologies';
import type { SenderId } from '../engine';
import { RUN_KEYS, type FlowSpec, type Scenario, type ScenarioDefaults } from './types';

/** The preset the app opens with, and the one a URL without `preset` gets. */
export const DEFAULT_PRESET_ID = 'ff-3-drops';

/**
 * The resolved defaults of a preset at size `n` (its default size when n is null or absent;
 * ignored by presets without sizes): fresh objects.
 * @throws Error if no preset (or its topology) has this id.
 */
export function presetScenarioDefaults(id: string, n: number | null = null): ScenarioDefaults {
  const preset = getPreset(id);
  if (!preset) throw new Error(`unknown preset '${id}'`);
  const topology = getTopology(preset.topology);
  if (!topology) throw new Error(`preset '${id}' names unknown topology '${preset.topology}'`);
  const sizes = preset.sizes;
  const size = sizes && n !== null && sizes.values.includes(n) ? n : sizes?.default;
  const row = sizes ? sizes.scenario(size!) : {};
  return resolveDefaults({ ...topology.defaults, ...preset.scenario, ...row });
}

/**
 * Flow `i`'s (0-based) default: the preset's own flow i, or — for a flow the URL adds beyond
 * them (any i past them, e.g. Infinity) — the preset's flow template with this sender and no
 * drops. A fresh object.
 */
export function defaultFlowAt(d: ScenarioDefaults, i: number, sender: SenderId): FlowSpec {
  return canonicalFlow(d.flows[i] ?? { ...d.flow, sender, drops: [] });
}

/**
 * Every flow's defaults (defaultFlowAt) for a flow list of these senders: the flows beyond the
 * preset's share one resolved template per sender (128 flows of one sender resolve it once).
 * Shared objects: read them, do not change them.
 */
export function flowDefaultsOf(d: ScenarioDefaults, senders: readonly SenderId[]): FlowSpec[] {
  const templates = new Map<SenderId, FlowSpec>();
  return senders.map((sender, i) => {
    if (i < d.flows.length) return defaultFlowAt(d, i, sender);
    let t = templates.get(sender);
    if (!t) templates.set(sender, (t = defaultFlowAt(d, i, sender)));
    return t;
  });
}

/**
 * The fully resolved scenario of a preset with nothing overridden (a fresh object), at size n
 * for a table preset (its default size when n is null).
 * @throws Error if no preset (or its topology) has this id.
 */
export function presetDefaults(id: string, n: number | null = null): Scenario {
  const d = presetScenarioDefaults(id, n);
  const preset = getPreset(id)!;
  const { flow: _template, flows, ...run } = d;
  return {
    v: 2,
    preset: id,
    n: preset.sizes ? (n ?? preset.sizes.default) : null,
    ...run,
    flows: flows.map(canonicalFlow),
  };
}

/**
 * A preset's scenario with some keys changed, in the flat form of flat.ts: a flow key sets
 * every flow, except `sender`/`drops` (flow 1's) and `sender2`/`drops2` (flow 2's; sender2
 * null leaves one flow); `flows` replaces the flow list. Not validated (see validateScenario).
 */
export function scenarioFromPreset(
  id: string,
  overrides: Partial<FlatDefaults> & { n?: number | null } = {},
): Scenario {
  const { n = null, flows: list, sender, drops, sender2, drops2, ...rest } = overrides;
  const s = presetDefaults(id, n);
  const flat = presetScenarioDefaults(id, n);
  if (list)
    s.flows = list.map((e) => canonicalFlow({ ...defaultFlowAt(flat, Infinity, e.sender), ...e }));
  if (sender2 === null) s.flows.length = 1;
  else if (sender2 !== undefined) {
    if (s.flows.length < 2) s.flows.push(defaultFlowAt(flat, Infinity, sender2));
    else s.flows[1]!.sender = sender2;
  }
  const record = s as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(rest)) {
    if ((RUN_KEYS as readonly string[]).includes(k)) record[k] = v;
    else for (const f of s.flows) (f as unknown as Record<string, unknown>)[k] = v;
  }
  if (sender !== undefined) s.flows[0]!.sender = sender;
  if (drops !== undefined) s.flows[0]!.drops = drops.map((d) => ({ ...d }));
  if (drops2 !== undefined && s.flows[1]) s.flows[1].drops = drops2.map((d) => ({ ...d }));
  return s;
}

/**
 * The app's opening scenario: Reno on the Fall & Floyd network with packets 15, 27 and 29
 * dropped (fast retransmit, a stalled recovery and a timeout in one picture). Frozen: copy it
 * (scenarioFromPreset) to change it.
 */
export const DEFAULT_SCENARIO: Readonly<Scenario> = deepFreeze(
  scenarioFromPreset(DEFAULT_PRESET_ID, { sender: 'reno' }),
);
