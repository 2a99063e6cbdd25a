/**
 * The URL codec: Scenario ⇄ a readable query string such as
 * `preset=ff-3-drops&sender=newreno&drops=15,29&maxburst=4`.
 *
 * - parseScenarioQuery reads `preset` first (its defaults), then lays every other key on top,
 *   and validates the result. It never throws, and its work is bounded by MAX_QUERY_CHARS.
 * - scenarioToQuery writes `preset` and `sender` always, then only the keys whose value differs
 *   from the preset's default, in SCENARIO_KEY_ORDER. parse(toQuery(s)) deep-equals s.
 *
 * Versions: `v` absent means 1. A future v2 must write `v=2` and add its migration of v1 keys
 * here, before the keys are read, so old links keep working.
 */
import { formatDrops, normalizeDrops } from './drops';
import { keyMeta, type ScenarioKeyMeta } from './fields';
import { parseField } from './field-parse';
import { formatNumber, groupThousands, quote } from './format';
import { MAX_ERRORS, MAX_QUERY_CHARS } from './limits';
import { DEFAULT_PRESET_ID, presetDefaults } from './defaults';
import { getPreset } from './presets';
import { crossFieldErrors } from './schema';
import { isTcpSender } from '../engine';
import {
  SCENARIO_KEY_ORDER,
  SCENARIO_VERSION,
  type DropSpec,
  type ParseResult,
  type Scenario,
  type ScenarioError,
  type ScenarioKey,
} from './types';

/** Decode one `application/x-www-form-urlencoded` component; null if malformed. */
function decodeComponent(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Split a query into key → raw value, reporting repeats, unknown keys and bad encoding. */
function tokenize(qs: string, errors: ScenarioError[]): Map<ScenarioKey, string> {
  const values = new Map<ScenarioKey, string>();
  const seen = new Set<string>();
  for (const piece of qs.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawKey = eq < 0 ? piece : piece.slice(0, eq);
    const rawValue = eq < 0 ? '' : piece.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    if (key === null || value === null) {
      errors.push({
        key: key ?? 'query',
        message: `${key ?? 'query'}: malformed %-encoding in ${quote(piece)}`,
      });
      continue;
    }
    if (!keyMeta(key)) {
      errors.push({ key, message: `unknown key ${quote(key)}` });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ key, message: `${key}: given more than once; give each key once` });
      continue;
    }
    seen.add(key);
    values.set(key as ScenarioKey, value);
  }
  return values;
}

/** Warnings about keys that were given but cannot matter. */
function keyWarnings(s: Scenario, given: ReadonlySet<ScenarioKey>): string[] {
  const out: string[] = [];
  const anyTcp = isTcpSender(s.sender) || (s.sender2 !== null && isTcpSender(s.sender2));
  if (given.has('bugfix') && !anyTcp) out.push('bugfix: has no effect on SCTP senders');
  if (given.has('seed') && s.loss === 0)
    out.push('seed: has no effect without random loss (loss is 0)');
  return out;
}

function capErrors(errors: ScenarioError[]): ScenarioError[] {
  if (errors.length <= MAX_ERRORS) return errors;
  const rest = errors.length - MAX_ERRORS;
  return [
    ...errors.slice(0, MAX_ERRORS),
    { key: 'query', message: `query: ${groupThousands(rest)} more errors not shown` },
  ];
}

/**
 * Parse a query string (with or without the leading '?') into a validated Scenario.
 * An empty query gives the default scenario. Never throws; bounded work for any input.
 */
export function parseScenarioQuery(qs: string): ParseResult {
  if (typeof qs !== 'string') {
    return { ok: false, errors: [{ key: 'query', message: 'query: must be text' }] };
  }
  const text = qs.startsWith('?') ? qs.slice(1) : qs;
  if (text.length > MAX_QUERY_CHARS) {
    return {
      ok: false,
      errors: [
        {
          key: 'query',
          message: `query: ${groupThousands(text.length)} characters; the limit is ${groupThousands(MAX_QUERY_CHARS)}`,
        },
      ],
    };
  }
  const errors: ScenarioError[] = [];
  const warnings: string[] = [];
  const values = tokenize(text, errors);

  const vText = values.get('v');
  if (vText !== undefined && vText.trim() !== String(SCENARIO_VERSION)) {
    errors.push({
      key: 'v',
      message: `v: unsupported version ${quote(vText)}; this app reads version ${SCENARIO_VERSION}`,
    });
  }

  // The preset first: it decides every default. With a bad preset, keep checking the other
  // keys against the default preset so all errors are reported at once.
  let presetId = DEFAULT_PRESET_ID;
  const presetText = values.get('preset');
  if (presetText !== undefined) {
    const r = parseField('preset', presetText);
    if (r.ok) presetId = r.value;
    else errors.push(...r.errors.map((message) => ({ key: 'preset', message })));
  }
  const scenario: Record<string, unknown> = { ...presetDefaults(presetId) };

  for (const key of SCENARIO_KEY_ORDER) {
    if (key === 'v' || key === 'preset') continue;
    const raw = values.get(key);
    if (raw === undefined) continue;
    const r = parseField(key, raw);
    if (r.ok) {
      scenario[key] = r.value;
      warnings.push(...r.warnings);
    } else {
      errors.push(...r.errors.map((message) => ({ key, message })));
    }
  }
  if (errors.length > 0) return { ok: false, errors: capErrors(errors) };

  const s = scenario as unknown as Scenario;
  const cross = crossFieldErrors(s);
  if (cross.length > 0) return { ok: false, errors: cross };
  warnings.push(...keyWarnings(s, new Set(values.keys())));
  return { ok: true, scenario: s, warnings };
}

/** Canonical URL text of one key's value. */
function formatValue(meta: ScenarioKeyMeta, value: unknown): string {
  if (value === null) return meta.nullText ?? '';
  switch (meta.kind) {
    case 'number':
    case 'int':
      return formatNumber(value as number);
    case 'bool':
      return value ? '1' : '0';
    case 'enum':
      return String(value);
    case 'drops':
      return formatDrops(normalizeDrops(value as DropSpec[]).drops);
  }
}

/** Keep ',' and ':' readable; everything else percent-encoded as usual. */
function encodeValue(s: string): string {
  return encodeURIComponent(s).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/**
 * The canonical query string of a scenario (no leading '?'): `preset` and `sender` always,
 * then the keys that differ from the preset's defaults, in SCENARIO_KEY_ORDER.
 * @throws Error if s.preset is not a registered preset.
 */
export function scenarioToQuery(s: Scenario): string {
  if (!getPreset(s.preset)) throw new Error(`unknown preset '${s.preset}'`);
  const base = presetDefaults(s.preset);
  const parts: string[] = [];
  for (const key of SCENARIO_KEY_ORDER) {
    const meta = keyMeta(key)!;
    const text = formatValue(meta, s[key]);
    const always = key === 'preset' || key === 'sender';
    if (always || text !== formatValue(meta, base[key])) parts.push(`${key}=${encodeValue(text)}`);
  }
  return parts.join('&');
}
