/**
 * Query string → SimConfig for the CLI and the bench, through the scenario module (the same
 * parsing, defaults and validation as the app's URL).
 */
import type { SimConfig } from '../engine';
import { buildSimConfig, parseScenarioQuery, type Scenario } from '../scenarios';

export interface QueryError {
  key: string;
  message: string;
}

export type ResolvedQuery =
  | { ok: true; scenario: Scenario; config: SimConfig; warnings: string[] }
  | { ok: false; errors: QueryError[] };

/** Parse and validate a scenario query string ('' = the default scenario) and build its config. */
export function resolveQuery(qs: string): ResolvedQuery {
  const parsed = parseScenarioQuery(qs);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  try {
    return {
      ok: true,
      scenario: parsed.scenario,
      config: buildSimConfig(parsed.scenario),
      warnings: parsed.warnings,
    };
  } catch (err) {
    return {
      ok: false,
      errors: [{ key: 'query', message: err instanceof Error ? err.message : String(err) }],
    };
  }
}

/** "key: message", without repeating the key when the message already starts with it. */
export function formatQueryError(e: QueryError): string {
  return e.message.startsWith(`${e.key}:`) ? e.message : `${e.key}: ${e.message}`;
}
