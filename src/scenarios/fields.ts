/**
 * The URL key registry: one descriptor per key (field-types.ts ScenarioKeyMeta — scope, family,
 * label, unit, range, kind, options, default, help and the README tables' cells), written in one
 * file per family, fields-<family>.ts: meta, flows, loss, net, aqm, stack, app, sctp. A key without
 * its descriptor does not compile (REGISTRY satisfies every ScenarioKey).
 *
 * Derived from it: the zod schemas (schema.ts), the URL codec's parsing and writing (field-parse.ts,
 * query.ts), validateField(), the form's fields (src/ui), the shared defaults (app-defaults.ts,
 * sctp-defaults.ts) and both README key tables (key-tables.ts, `npm run readme:keys`;
 * tests/scenarios/key-tables.test.ts fails when a README is stale). The canonical order is
 * SCENARIO_KEY_ORDER (key-names.ts, a leaf: every key's name, scope and family, once).
 */
import { APP_FIELDS } from './fields-app';
import { AQM_FIELDS } from './fields-aqm';
import { FLOW_FIELDS } from './fields-flows';
import { LOSS_FIELDS } from './fields-loss';
import { META_FIELDS } from './fields-meta';
import { NET_FIELDS } from './fields-net';
import { SCTP_FIELDS } from './fields-sctp';
import { STACK_FIELDS } from './fields-stack';
import type { KeyFamilyFields, ScenarioKeyMeta } from './field-types';
import { SCENARIO_KEY_ORDER, type ScenarioKey } from './types';

export type { FieldKind, KeyFamily, ScenarioKeyMeta } from './field-types';

/** Every key's descriptor, by key. */
const REGISTRY = {
  ...META_FIELDS,
  ...FLOW_FIELDS,
  ...LOSS_FIELDS,
  ...NET_FIELDS,
  ...AQM_FIELDS,
  ...STACK_FIELDS,
  ...APP_FIELDS,
  ...SCTP_FIELDS,
} satisfies KeyFamilyFields<ScenarioKey>;

const BY_KEY: ReadonlyMap<string, ScenarioKeyMeta> = new Map(Object.entries(REGISTRY));

/** Every key's descriptor, in canonical order (SCENARIO_KEY_ORDER). */
export const SCENARIO_KEYS: readonly ScenarioKeyMeta[] = SCENARIO_KEY_ORDER.map(
  (k) => REGISTRY[k] as ScenarioKeyMeta,
);

/** Metadata of a key, or undefined for a string that is not a URL key. */
export function keyMeta(key: string): ScenarioKeyMeta | undefined {
  return BY_KEY.get(key);
}

export function isScenarioKey(key: string): key is ScenarioKey {
  return BY_KEY.has(key);
}
