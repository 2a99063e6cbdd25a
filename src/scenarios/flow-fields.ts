/**
 * A flow's keys → the FlowConfig fields their descriptors set (field-types.ts `apply`): every
 * flow-scope descriptor of the flows, stack, application and SCTP families, in canonical key
 * order (SCENARIO_KEY_ORDER). The topologies lay this over the profile's stack fields
 * (profiles.ts stackFields), so an explicit key overrides the profile's default — `rtomin`
 * overrides the profile's minimum RTO, `rtoinit` the topology's initial RTO.
 *
 * SCTP keys (fields-sctp.ts) apply to SCTP flows only, and only when the value differs from the
 * descriptor's `default` (the engine's own), so every scenario written before them builds the
 * same SimConfig. Imports no presets, topologies or meta keys: the topologies import it.
 */
import { isSctpSender, type FlowConfig } from '../engine';
import { APP_FIELDS } from './fields-app';
import { FLOW_FIELDS } from './fields-flows';
import { SCTP_FIELDS } from './fields-sctp';
import { STACK_FIELDS } from './fields-stack';
import type { ScenarioKeyMeta } from './field-types';
import { SCENARIO_KEY_ORDER, type FlowKey } from './key-names';
import type { FlowSpec } from './types';

const FAMILIES: Record<string, ScenarioKeyMeta> = {
  ...FLOW_FIELDS,
  ...STACK_FIELDS,
  ...APP_FIELDS,
  ...SCTP_FIELDS,
};

/** The flow descriptors with an `apply`, in canonical order. */
const APPLIED: readonly ScenarioKeyMeta[] = SCENARIO_KEY_ORDER.flatMap((k) => {
  const m = FAMILIES[k];
  return m?.scope === 'flow' && m.apply ? [m] : [];
});

/** The engine fields flow `f`'s keys set (see the module comment); {} keys add nothing. */
export function flowKeyFields(f: FlowSpec): Partial<FlowConfig> {
  const sctp = isSctpSender(f.sender);
  const out: Partial<FlowConfig> = {};
  for (const m of APPLIED) {
    const value = f[m.key as FlowKey];
    if (m.family === 'sctp' && (!sctp || value === m.default)) continue;
    Object.assign(out, m.apply!(value as never, f));
  }
  return out;
}
