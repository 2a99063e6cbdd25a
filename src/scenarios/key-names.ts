/**
 * Every URL key's name, scope and family, once, in canonical order: the one list the key lists
 * (SCENARIO_KEY_ORDER, RUN_KEYS, FLOW_KEYS, the families' keys), the key types (ScenarioKey,
 * RunKey, FlowKey) and the descriptor files' completeness checks (fields-<family>.ts
 * `satisfies KeyFamilyFields<FamilyKey<…>>`) derive from. A leaf: it imports nothing, so the
 * Scenario's types (types.ts), the descriptors and the topologies may all read it.
 *
 * The canonical order is the order the URL writer emits keys in (query.ts): it is the links'
 * text, so it stays byte-identical — a new key goes where it reads best, usually at its family's
 * end. Scope: 'meta' (v, preset, n, flows), 'run' (one value for the run), 'flow' (one per flow:
 * `f<k>.key`).
 */

/** A key's family: the fields-<family>.ts file its descriptor is written in. */
export type KeyFamily = 'meta' | 'flows' | 'loss' | 'net' | 'aqm' | 'stack' | 'app' | 'sctp';

/** A key's scope (field-types.ts ScenarioKeyMeta.scope). */
export type KeyScope = 'meta' | 'run' | 'flow';

/** Every key: its scope and family, in canonical (URL) order. */
const KEY_TABLE = {
  v: ['meta', 'meta'],
  preset: ['meta', 'meta'],
  n: ['meta', 'meta'],
  flows: ['meta', 'flows'],
  sender: ['flow', 'flows'],
  drops: ['flow', 'flows'],
  loss: ['run', 'loss'],
  burst: ['run', 'loss'],
  seed: ['run', 'loss'],
  bw: ['run', 'net'],
  delay: ['run', 'net'],
  jitter: ['run', 'net'],
  queue: ['run', 'net'],
  aqm: ['run', 'net'],
  'red.minth': ['run', 'net'],
  'red.maxth': ['run', 'net'],
  'red.maxp': ['run', 'net'],
  'red.wq': ['run', 'net'],
  'red.gentle': ['run', 'net'],
  'red.bytes': ['run', 'net'],
  'codel.target': ['run', 'aqm'],
  'codel.interval': ['run', 'aqm'],
  'fqcodel.flows': ['run', 'aqm'],
  'fqcodel.quantum': ['run', 'aqm'],
  'pie.target': ['run', 'aqm'],
  'pie.tupdate': ['run', 'aqm'],
  losson: ['run', 'loss'],
  fail: ['run', 'net'],
  repair: ['run', 'net'],
  link: ['run', 'net'],
  rts: ['run', 'net'],
  wimaxframe: ['run', 'net'],
  wimaxdl: ['run', 'net'],
  window: ['flow', 'stack'],
  rwnd: ['flow', 'stack'],
  mss: ['flow', 'stack'],
  stop: ['run', 'meta'],
  start: ['flow', 'flows'],
  maxburst: ['flow', 'stack'],
  bugfix: ['flow', 'stack'],
  icwnd: ['flow', 'stack'],
  frtx: ['flow', 'stack'],
  handshake: ['flow', 'stack'],
  delack: ['flow', 'stack'],
  profile: ['flow', 'stack'],
  pacing: ['flow', 'stack'],
  recovery: ['flow', 'stack'],
  ecn: ['flow', 'stack'],
  app: ['flow', 'app'],
  bytes: ['flow', 'app'],
  size: ['flow', 'app'],
  pps: ['flow', 'app'],
  on: ['flow', 'app'],
  off: ['flow', 'app'],
  rate: ['flow', 'app'],
  hold: ['flow', 'app'],
  gap: ['flow', 'app'],
  talk: ['flow', 'app'],
  silence: ['flow', 'app'],
  frame: ['flow', 'app'],
  shape: ['flow', 'app'],
  think: ['flow', 'app'],
  reverse: ['flow', 'app'],
  pmr: ['flow', 'sctp'],
  amr: ['flow', 'sctp'],
  rtomin: ['flow', 'sctp'],
  rtomax: ['flow', 'sctp'],
  rtoinit: ['flow', 'sctp'],
  hb: ['flow', 'sctp'],
  primary: ['flow', 'sctp'],
  cmt: ['flow', 'sctp'],
  streams: ['flow', 'sctp'],
  unordered: ['flow', 'sctp'],
  pr: ['flow', 'sctp'],
} as const satisfies Record<string, readonly [KeyScope, KeyFamily]>;

type Table = typeof KEY_TABLE;

/** Every base URL key (no `f<k>.` prefix). */
export type ScenarioKey = keyof Table;
/** The scope of key K. */
export type ScopeOf<K extends ScenarioKey> = Table[K][0];
/** The family of key K. */
export type FamilyOf<K extends ScenarioKey> = Table[K][1];
/** The keys of family F. */
export type FamilyKey<F extends KeyFamily> = {
  [K in ScenarioKey]: Table[K][1] extends F ? K : never;
}[ScenarioKey];
/** The keys of scope S. */
type ScopeKey<S extends KeyScope> = {
  [K in ScenarioKey]: Table[K][0] extends S ? K : never;
}[ScenarioKey];
/** The run-level keys. */
export type RunKey = ScopeKey<'run'>;
/** The per-flow keys. */
export type FlowKey = ScopeKey<'flow'>;

const ENTRIES = Object.entries(KEY_TABLE) as [ScenarioKey, readonly [KeyScope, KeyFamily]][];

/** Every base URL key, in canonical order (the URL writer's). */
export const SCENARIO_KEY_ORDER: readonly ScenarioKey[] = ENTRIES.map(([k]) => k);

/** The keys of one family, in canonical order. */
export function familyKeys<F extends KeyFamily>(family: F): readonly FamilyKey<F>[] {
  return ENTRIES.filter(([, [, f]]) => f === family).map(([k]) => k as FamilyKey<F>);
}

/** The run-level URL keys, in canonical order. */
export const RUN_KEYS: readonly RunKey[] = ENTRIES.filter(([, [s]]) => s === 'run').map(
  ([k]) => k as RunKey,
);

/** The application and direction keys (fields-app.ts), in canonical order. */
export const APP_FLOW_KEYS = familyKeys('app');

/** The SCTP flow keys (fields-sctp.ts), in canonical order. */
export const SCTP_FLOW_KEYS = familyKeys('sctp');

/** The order a flow's families come in a FlowSpec (FLOW_KEYS). */
const FLOW_FAMILY_ORDER: readonly KeyFamily[] = ['flows', 'stack', 'app', 'sctp'];

/**
 * The per-flow URL keys, grouped by family (flows, stack, application, SCTP), each in canonical
 * order: a FlowSpec's key order (flat.ts canonicalFlow: equal flows print equal). Unprefixed,
 * each sets every flow, except `sender` and `drops`, which are flow 1's; `f<k>.<key>` sets flow
 * k's.
 */
export const FLOW_KEYS: readonly FlowKey[] = FLOW_FAMILY_ORDER.flatMap((family) =>
  ENTRIES.filter(([, [s, f]]) => s === 'flow' && f === family).map(([k]) => k as FlowKey),
);

/** The scope of a key. */
export function scopeOf(key: ScenarioKey): KeyScope {
  return KEY_TABLE[key][0];
}

/** The family of a key. */
export function familyOf(key: ScenarioKey): KeyFamily {
  return KEY_TABLE[key][1];
}
