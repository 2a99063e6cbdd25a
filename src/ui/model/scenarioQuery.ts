/**
 * Editing a Scenario through its URL keys: the form, the sender picker and compare mode change
 * one key of scenarioToQuery(s) and parse the result with the scenario module, so every value
 * passes the same validation as a shared link.
 */
import {
  DEFAULT_SCENARIO,
  parseScenarioQuery,
  scenarioToQuery,
  SCENARIO_KEYS,
  validateField,
  type Scenario,
} from '../deps/scenarios';

export function queryOf(s: Scenario): URLSearchParams {
  return new URLSearchParams(scenarioToQuery(s));
}

/** Current raw value of one key (falls back to the default scenario's query, then ''). */
export function fieldValue(s: Scenario, key: string): string {
  const meta = (SCENARIO_KEYS as Record<string, { default?: unknown }>)[key];
  return (
    queryOf(s).get(key) ??
    (meta?.default !== undefined ? String(meta.default) : null) ??
    queryOf(DEFAULT_SCENARIO).get(key) ??
    ''
  );
}

export type Edit = { ok: true; scenario: Scenario } | { ok: false; error: string };

/** Set several keys at once (null removes a key). */
export function applyFields(s: Scenario, fields: Record<string, string | null>): Edit {
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) continue;
    const err = validateField(k, v);
    if (err) return { ok: false, error: err };
  }
  const q = queryOf(s);
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  const r = parseScenarioQuery(q.toString());
  if (r.ok) return { ok: true, scenario: r.scenario };
  return { ok: false, error: r.errors.map((e) => e.message).join('; ') };
}

export function applyField(s: Scenario, key: string, raw: string): Edit {
  return applyFields(s, { [key]: raw });
}

export function senderOf(s: Scenario): string {
  return fieldValue(s, 'sender');
}

export function withSender(s: Scenario, sender: string): Scenario | null {
  const r = applyField(s, 'sender', sender);
  return r.ok ? r.scenario : null;
}

export function senderOptions(): readonly string[] {
  return SCENARIO_KEYS['sender']?.options ?? ['tahoe', 'reno', 'newreno', 'sack', 'fack'];
}

/** Parse a comma-separated drop list value into packet numbers (for the drop-list editor). */
export function dropsOf(s: Scenario): number[] {
  const v = fieldValue(s, 'drops').trim();
  if (!v) return [];
  return v
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((x) => Number.isFinite(x));
}
