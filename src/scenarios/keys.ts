/**
 * URL key names: a base key (`mss`), or a flow key for one flow (`f2.mss`, flows numbered from
 * 1), and the v1 keys that the migration maps onto flow 2 (`sender2` → `f2.sender`, `drops2` →
 * `f2.drops`).
 */
import { FLOW_KEYS, MAX_FLOWS, SCENARIO_KEY_ORDER, type FlowKey, type ScenarioKey } from './types';

/** A key name read from a URL. */
export type KeyName =
  | { kind: 'base'; key: ScenarioKey }
  | { kind: 'flow'; key: FlowKey; flow: number }
  | { kind: 'v1'; key: 'sender2' | 'drops2' };

const ORDER: readonly string[] = SCENARIO_KEY_ORDER;
const BASE = new Set<string>(SCENARIO_KEY_ORDER);
const FLOW = new Set<string>(FLOW_KEYS);
const PREFIXED = /^f([1-9]\d{0,3})\.([a-z0-9]+)$/;

export function isFlowKey(key: string): key is FlowKey {
  return FLOW.has(key);
}

/** The meaning of a key name, or null when it is not a scenario key. */
export function parseKeyName(name: string): KeyName | null {
  if (BASE.has(name)) return { kind: 'base', key: name as ScenarioKey };
  if (name === 'sender2' || name === 'drops2') return { kind: 'v1', key: name };
  const m = PREFIXED.exec(name);
  if (m && FLOW.has(m[2]!)) {
    const flow = Number(m[1]);
    if (flow <= MAX_FLOWS) return { kind: 'flow', key: m[2] as FlowKey, flow };
  }
  return null;
}

/** The URL name of flow `flow`'s (1-based) key. */
export function flowKeyName(key: FlowKey, flow: number): string {
  return `f${flow}.${key}`;
}

/**
 * The key a cross-key error about flows `bad` (0-based) is filed under: unprefixed when the
 * scenario has one flow or every flow is bad, else the first bad flow's `f<k>.<key>`.
 */
export function flowErrorKey(flowCount: number, key: FlowKey, bad: readonly number[]): string {
  return flowCount === 1 || bad.length === flowCount ? key : flowKeyName(key, bad[0]! + 1);
}

/** Flows `bad` (0-based) for a message: `flow 3`, `flows 1, 2`, `flows 1, …, 5 and 2 more`. */
export function flowList(bad: readonly number[]): string {
  const listed = bad.slice(0, 5).map((i) => i + 1);
  const more = bad.length > listed.length ? ` and ${bad.length - listed.length} more` : '';
  return bad.length === 1 ? `flow ${listed[0]}` : `flows ${listed.join(', ')}${more}`;
}

/** Whether a name looks like a flow key (`f<k>.<key>`), valid or not: for clearer messages. */
export function looksLikeFlowKey(name: string): boolean {
  return /^f\d+\./.test(name);
}

/**
 * Sort rank of a key name in SCENARIO_KEY_ORDER, the order the writer uses: `f<k>.<key>` right
 * after the unprefixed key (by flow), v1's `sender2`/`drops2` as flow 2's sender/drops.
 */
export function keyRank(name: string): number {
  const kn = parseKeyName(name);
  if (!kn) return -1;
  const slot = (key: string, flow: number) => ORDER.indexOf(key) * (MAX_FLOWS + 1) + flow;
  if (kn.kind === 'base') return slot(kn.key, 0);
  if (kn.kind === 'flow') return slot(kn.key, kn.flow);
  return slot(kn.key === 'sender2' ? 'sender' : 'drops', 2);
}
