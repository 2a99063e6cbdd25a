/**
 * Editing a Scenario through its URL keys: the form, the pickers and compare mode change keys
 * of scenarioToQuery(s) and parse the result with the scenario module, so every value passes
 * the same validation as a shared link, and the UI never depends on the Scenario's shape.
 */
import {
  getPreset,
  keyText,
  parseScenarioQuery,
  scenarioToQuery,
  SCENARIO_KEYS,
  SENDER_IDS,
  validateField,
  type Scenario,
} from '../deps/scenarios';

export interface KeyMetaView {
  key: string;
  label: string;
  unit: string;
  min?: number;
  max?: number;
  step?: number;
  kind: string;
  options?: readonly string[];
  nullText?: string;
  /** false: no form field (the key has a control of its own, or none). */
  formField?: false;
  help: string;
}

export function keyMetas(): readonly KeyMetaView[] {
  return SCENARIO_KEYS as readonly KeyMetaView[];
}

export function metaOf(key: string): KeyMetaView | undefined {
  return keyMetas().find((m) => m.key === key);
}

/** Canonical query text per scenario object (scenarios are replaced, never changed in place):
 * the form reads it once per field, and with 100 flows one encoding takes milliseconds. */
const queryTexts = new WeakMap<Scenario, string>();

/** scenarioToQuery(s), once per scenario object. */
export function queryTextOf(s: Scenario): string {
  let text = queryTexts.get(s);
  if (text === undefined) {
    text = scenarioToQuery(s);
    queryTexts.set(s, text);
  }
  return text;
}

export function queryOf(s: Scenario): URLSearchParams {
  return new URLSearchParams(queryTextOf(s));
}

/**
 * Current raw text of one key: the canonical query's value, or (for keys the codec leaves
 * out because they equal the preset's default) the resolved scenario's value — for a flow key,
 * flow 1's (`f<k>.key` for flow k's).
 */
export function fieldValue(s: Scenario, key: string): string {
  const q = queryOf(s).get(key);
  if (q !== null) return q;
  return keyText(s, key);
}

/** Number of flows in the scenario. */
export function flowCount(s: Scenario): number {
  return s.flows.length;
}

/** The preset's table sizes (`n`), or null when it has none. */
export function presetSizes(s: Scenario): readonly number[] | null {
  return getPreset(s.preset)?.sizes?.values ?? null;
}

export interface EditError {
  key: string;
  message: string;
}

/** A scenario edit: the new scenario, or why it was refused (each problem with its key). */
export type Edit =
  { ok: true; scenario: Scenario } | { ok: false; error: string; errors: EditError[] };

function refused(errors: EditError[]): Edit {
  return { ok: false, error: errors.map((e) => e.message).join('; '), errors };
}

/** Set several keys at once (null removes a key, i.e. back to the preset's default). */
export function applyFields(s: Scenario, fields: Record<string, string | null>): Edit {
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) continue;
    const err = validateField(k, v);
    if (err) return refused([{ key: k, message: err }]);
  }
  const q = queryOf(s);
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  return parseQuery(q.toString());
}

export function parseQuery(qs: string): Edit {
  const r = parseScenarioQuery(qs);
  if (r.ok) return { ok: true, scenario: r.scenario };
  return refused(r.errors.map((e) => ({ key: String(e.key), message: String(e.message) })));
}

export function applyField(s: Scenario, key: string, raw: string): Edit {
  return applyFields(s, { [key]: raw });
}

export function senderOf(s: Scenario): string {
  return fieldValue(s, 'sender');
}

export function presetOf(s: Scenario): string | null {
  return fieldValue(s, 'preset') || null;
}

export function withSender(s: Scenario, sender: string): Scenario | null {
  const r = applyField(s, 'sender', sender);
  return r.ok ? r.scenario : null;
}

export function senderOptions(): readonly string[] {
  return metaOf('sender')?.options ?? SENDER_IDS;
}

/** The drop list as URL tokens ("15", "15:2"), in order. */
export function dropTokens(s: Scenario, key = 'drops'): string[] {
  const v = fieldValue(s, key).trim();
  return v
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

/** Sort drop tokens by packet, then transmission. */
export function sortDropTokens(tokens: readonly string[]): string[] {
  const k = (t: string) => t.split(':').map(Number) as [number, number?];
  return [...new Set(tokens)].sort((a, b) => {
    const [pa, ta = 1] = k(a);
    const [pb, tb = 1] = k(b);
    return pa - pb || ta - tb;
  });
}
