/**
 * The URL codec: Scenario ⇄ a readable query string such as
 * `preset=ff-3-drops&sender=newreno&drops=15,29&maxburst=4`.
 *
 * - parseScenarioQuery reads `preset` first (its defaults), then lays every other key on top,
 *   and validates the result. It never throws, and its work is bounded by MAX_QUERY_CHARS.
 * - readScenarioQuery reads the same way but always gives a valid scenario too: every key with
 *   a good value applied, the bad ones left at their defaults and listed (for the app, which
 *   keeps the address bar as typed and shows each error beside its field).
 * - Both accept the app's view keys (view-keys.ts) once each and leave their values to the app.
 * - `sender2=none` (or empty) also takes the preset's default `drops2` away; an explicit
 *   `drops2` without a second flow is an error.
 * - scenarioToQuery writes `preset` and `sender` always, then only the keys whose value differs
 *   from the preset's default, in SCENARIO_KEY_ORDER (not `drops2` when there is no second
 *   flow: `sender2=none` says it). parse(toQuery(s)) deep-equals s.
 *
 * Versions: `v` absent means 1. A future v2 must write `v=2` and add its migration of v1 keys
 * here, before the keys are read, so old links keep working.
 */
import { formatDrops, normalizeDrops } from './drops';
import { isScenarioKey, keyMeta, type ScenarioKeyMeta } from './fields';
import { parseField } from './field-parse';
import { formatNumber, groupThousands, quote } from './format';
import { MAX_ERRORS, MAX_QUERY_CHARS } from './limits';
import { DEFAULT_PRESET_ID, presetDefaults } from './defaults';
import { getPreset } from './presets';
import { crossFieldErrors } from './schema';
import { isViewKey, type ViewKey } from './view-keys';
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

/** A query split into its keys: scenario keys, view keys, and what was wrong with the rest. */
interface Tokens {
  /** Scenario key → raw value (keys given once, well encoded). */
  values: Map<ScenarioKey, string>;
  /** View key → raw value (given once). */
  view: Map<ViewKey, string>;
  /** Keys given more than once (neither value is used). */
  repeated: Set<string>;
}

/** Split a query into key → raw value, reporting repeats, unknown keys and bad encoding. */
function tokenize(qs: string, errors: ScenarioError[]): Tokens {
  const values = new Map<ScenarioKey, string>();
  const view = new Map<ViewKey, string>();
  const repeated = new Set<string>();
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
    const scenarioKey = keyMeta(key) !== undefined;
    if (!scenarioKey && !isViewKey(key)) {
      errors.push({ key, message: `unknown key ${quote(key)}` });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ key, message: `${key}: given more than once; give each key once` });
      repeated.add(key);
      continue;
    }
    seen.add(key);
    if (scenarioKey) values.set(key as ScenarioKey, value);
    else view.set(key as ViewKey, value);
  }
  for (const k of repeated) {
    values.delete(k as ScenarioKey);
    view.delete(k as ViewKey);
  }
  return { values, view, repeated };
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
 * What readScenarioQuery found in a query: the problems, and — whatever they are — a valid
 * scenario made of every key the query gave a good value, so the app can run it, keep the
 * address bar as typed and show each error beside its field.
 */
export interface QueryReading {
  /** No problems: `scenario` and `warnings` are then exactly parseScenarioQuery's. */
  ok: boolean;
  /**
   * A valid scenario (validateScenario gives []): the preset's defaults (the default preset's
   * when `preset` is bad) with every key the query gave a good value laid on top; a bad key
   * stays at its default. When the good values clash with each other (e.g. a run over the
   * budget), the key each cross-key error names goes back to its default too.
   */
  scenario: Scenario;
  /**
   * Every problem, each naming its key: parseScenarioQuery's errors, then the cross-key errors
   * found while making `scenario` valid (parseScenarioQuery reports cross-key errors only when
   * every key's own value is good).
   */
  errors: ScenarioError[];
  /**
   * Keys whose value was not used, each once: unknown, repeated and badly encoded keys (in query
   * order; 'query' when the query as a whole was refused), then keys with bad values (in
   * SCENARIO_KEY_ORDER), then keys reset to their default by a cross-key error.
   */
  badKeys: string[];
  /** Warnings about keys that cannot matter (as parseScenarioQuery's). */
  warnings: string[];
  /** Raw values of the view keys given once (view-keys.ts); their meaning is the app's. */
  view: Partial<Record<ViewKey, string>>;
}

/** Most rounds of resetting keys named by cross-key errors before falling back to the preset. */
const MAX_CROSS_ROUNDS = 8;

/** The value a key goes back to when its own value, or its clash with others, is refused. */
function resetKey(s: Scenario, key: string, base: Scenario): boolean {
  if (!isScenarioKey(key) || key === 'v' || key === 'preset') return false;
  if (key === 'drops2' && s.sender2 === null) {
    if (s.drops2.length === 0) return false;
    s.drops2 = [];
    return true;
  }
  if (JSON.stringify(s[key]) === JSON.stringify(base[key])) return false;
  (s as unknown as Record<string, unknown>)[key] = base[key];
  return true;
}

interface Read {
  reading: QueryReading;
  /** parseScenarioQuery's errors: the keys' own errors (capped), or else the cross-key ones. */
  strict: ScenarioError[];
}

function whole(errors: ScenarioError[]): Read {
  const reading: QueryReading = {
    ok: false,
    scenario: presetDefaults(DEFAULT_PRESET_ID),
    errors,
    badKeys: ['query'],
    warnings: [],
    view: {},
  };
  return { reading, strict: errors };
}

/**
 * Read a query string (with or without the leading '?'): the errors, each naming its key, and a
 * valid scenario with every good key applied (see QueryReading). View keys (view-keys.ts) are
 * accepted, once each, and returned raw in `view`. Never throws; bounded work for any input.
 *
 * Example: `preset=ff-1-drops&sender=reno&queue=1` gives ff-1-drops with Reno and the preset's
 * queue (8), badKeys ['queue'] and the error `queue: must be a whole number between 2 and
 * 10000 (packets), got "1"`.
 */
export function readScenarioQuery(qs: string): QueryReading {
  return read(qs).reading;
}

function read(qs: string): Read {
  if (typeof qs !== 'string') return whole([{ key: 'query', message: 'query: must be text' }]);
  const text = qs.startsWith('?') ? qs.slice(1) : qs;
  if (text.length > MAX_QUERY_CHARS) {
    return whole([
      {
        key: 'query',
        message: `query: ${groupThousands(text.length)} characters; the limit is ${groupThousands(MAX_QUERY_CHARS)}`,
      },
    ]);
  }
  const errors: ScenarioError[] = [];
  const warnings: string[] = [];
  const { values, view, repeated } = tokenize(text, errors);
  const bad: string[] = [];
  const markBad = (key: string) => {
    if (!bad.includes(key)) bad.push(key);
  };
  for (const e of errors) markBad(e.key);
  for (const k of repeated) markBad(k);

  const vText = values.get('v');
  if (vText !== undefined && vText.trim() !== String(SCENARIO_VERSION)) {
    errors.push({
      key: 'v',
      message: `v: unsupported version ${quote(vText)}; this app reads version ${SCENARIO_VERSION}`,
    });
    markBad('v');
  }

  // The preset first: it decides every default. With a bad preset, keep checking the other
  // keys against the default preset so all errors are reported at once.
  let presetId = DEFAULT_PRESET_ID;
  const presetText = values.get('preset');
  if (presetText !== undefined) {
    const r = parseField('preset', presetText);
    if (r.ok) presetId = r.value;
    else {
      for (const message of r.errors) errors.push({ key: 'preset', message });
      markBad('preset');
    }
  }
  const base = presetDefaults(presetId);
  const scenario: Record<string, unknown> = { ...presetDefaults(presetId) };
  const applied = new Set<ScenarioKey>();

  for (const key of SCENARIO_KEY_ORDER) {
    if (key === 'v' || key === 'preset') continue;
    const raw = values.get(key);
    if (raw === undefined) continue;
    const r = parseField(key, raw);
    if (r.ok) {
      scenario[key] = r.value;
      applied.add(key);
      for (const w of r.warnings) warnings.push(w);
    } else {
      for (const message of r.errors) errors.push({ key, message });
      markBad(key);
    }
  }
  const s = scenario as unknown as Scenario;
  // "Second sender: none" takes the preset's drops for flow 2 away with the flow (an explicit
  // drops2 with no second flow stays an error).
  if (applied.has('sender2') && s.sender2 === null && !applied.has('drops2')) s.drops2 = [];

  const viewOut: Partial<Record<ViewKey, string>> = Object.fromEntries(view);
  const keyErrors = errors.length;
  const strictErrors = capErrors(errors);
  let cross = crossFieldErrors(s);
  if (keyErrors === 0 && cross.length === 0) {
    for (const w of keyWarnings(s, new Set(values.keys()))) warnings.push(w);
    const reading = { ok: true, scenario: s, errors: [], badKeys: [], warnings, view: viewOut };
    return { reading, strict: [] };
  }
  const strict = keyErrors > 0 ? strictErrors : cross;
  // Make the kept scenario valid: send each key a cross-key error names back to its default.
  const all = keyErrors > 0 ? [...strictErrors] : [];
  for (let round = 0; cross.length > 0 && round < MAX_CROSS_ROUNDS; round++) {
    let changed = false;
    for (const e of cross) {
      if (!all.some((x) => x.message === e.message)) all.push(e);
      if (resetKey(s, e.key, base)) {
        markBad(e.key);
        changed = true;
      }
    }
    if (!changed) break;
    cross = crossFieldErrors(s);
  }
  const kept: Scenario = cross.length === 0 ? s : presetDefaults(presetId);
  if (cross.length > 0) for (const k of applied) markBad(k);
  const used = new Set([...applied].filter((k) => !bad.includes(k)));
  const reading: QueryReading = {
    ok: false,
    scenario: kept,
    errors: all,
    badKeys: bad,
    warnings: warnings.concat(keyWarnings(kept, used)),
    view: viewOut,
  };
  return { reading, strict };
}

/**
 * Parse a query string (with or without the leading '?') into a validated Scenario.
 * An empty query gives the default scenario. View keys (view-keys.ts) are accepted once each
 * and ignored. Never throws; bounded work for any input.
 */
export function parseScenarioQuery(qs: string): ParseResult {
  const { reading, strict } = read(qs);
  if (reading.ok) return { ok: true, scenario: reading.scenario, warnings: reading.warnings };
  return { ok: false, errors: strict };
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
    if (key === 'drops2' && s.sender2 === null && s.drops2.length === 0) continue;
    if (always || text !== formatValue(meta, base[key])) parts.push(`${key}=${encodeValue(text)}`);
  }
  return parts.join('&');
}
