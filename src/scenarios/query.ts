/**
 * The URL codec: Scenario ⇄ a readable query string such as
 * `preset=ff-3-drops&sender=newreno&drops=15,29&maxburst=4` or
 * `preset=geo-table2&n=4&f2.start=1.5`.
 *
 * - parseScenarioQuery reads `preset` (and `n`) first (the defaults), then the flow list, then
 *   every other key (query-assemble.ts), and validates the result. It never throws, and its
 *   work is bounded by MAX_QUERY_CHARS.
 * - readScenarioQuery reads the same way but always gives a valid scenario too: every key with
 *   a good value applied, the bad ones left at their defaults and listed (for the app, which
 *   keeps the address bar as typed and shows each error beside its field).
 * - Both accept the app's view keys (view-keys.ts) once each and leave their values to the app.
 * - scenarioToQuery writes `preset` (and `n` when not the preset's default), then flow 1's
 *   `sender` — or `flows=` when the flow list differs from the preset's beyond flow 1's sender —
 *   and only the keys whose value differs from the preset's default, in SCENARIO_KEY_ORDER: a
 *   flow key unprefixed when every flow has the same value, else `f<k>.<key>` for each flow
 *   that differs (`drops` stays flow 1's). parse(toQuery(s)) deep-equals s.
 *
 * Versions: `v` absent, 1 or 2 are read the same way: version 1's `sender2` and `drops2` are
 * migrated to flow 2 (`sender2=none` leaves one flow) unless `flows=` is given, so every v1 link
 * opens the scenario it always did. The writer never writes `v`.
 */
import { formatDrops, normalizeDrops } from './drops';
import { formatLinkEvents } from './link-events';
import { keyMeta, type ScenarioKeyMeta } from './fields';
import { formatNumber, groupThousands, quote } from './format';
import { flowKeyName, isFlowKey, keyRank, looksLikeFlowKey, parseKeyName } from './keys';
import { MAX_ERRORS, MAX_QUERY_CHARS, MAX_QUOTED_CHARS } from './limits';
import {
  DEFAULT_PRESET_ID,
  flowDefaultsOf,
  presetDefaults,
  presetScenarioDefaults,
} from './defaults';
import { getPreset } from './presets';
import { compressSenders } from './field-parse';
import { assemble, spellingsOf } from './query-assemble';
import { crossFieldErrors } from './schema';
import { isViewKey, type ViewKey } from './view-keys';
import { isSctpSender, isTcpSender } from '../engine';
import { appWarnings, usesSeed } from './app-checks';
import { sctpWarnings } from './sctp-config';
import { typedSctpKeyErrors } from './sctp-checks';
import { getTopology } from './topologies';
import {
  FLOW_KEYS,
  RUN_KEYS,
  SCENARIO_KEY_ORDER,
  SCTP_FLOW_KEYS,
  type DropSpec,
  type FlowSpec,
  type LinkTimeSpec,
  type ParseResult,
  type Scenario,
  type ScenarioError,
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
  /** Scenario key name (`mss`, `f2.mss`, v1's `sender2`) → raw value (given once, well encoded). */
  values: Map<string, string>;
  /** View key → raw value (given once). */
  view: Map<ViewKey, string>;
  /** Keys given more than once (neither value is used). */
  repeated: Set<string>;
}

/** A name as typed, cut to MAX_QUOTED_CHARS for an error's key and message. */
const shortened = (raw: string) =>
  raw.length > MAX_QUOTED_CHARS ? `${raw.slice(0, MAX_QUOTED_CHARS)}…` : raw;

/** Split a query into key → raw value, reporting repeats, unknown keys and bad encoding. */
function tokenize(qs: string, errors: ScenarioError[]): Tokens {
  const values = new Map<string, string>();
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
      // named as typed: 'query' would mean the whole link was refused
      const name = shortened(key ?? rawKey);
      errors.push({ key: name, message: `${name}: malformed %-encoding in ${quote(piece)}` });
      continue;
    }
    if (key === '') {
      const name = shortened(piece);
      errors.push({
        key: name,
        message: `${name}: no key name before "="; each piece of a link is key=value`,
      });
      continue;
    }
    const scenarioKey = parseKeyName(key) !== null;
    if (!scenarioKey && !isViewKey(key)) {
      errors.push({
        key,
        message: looksLikeFlowKey(key)
          ? `unknown key ${quote(key)}: a flow key is f<k>.<key> with k from 1 and key one of ${FLOW_KEYS.join(', ')}`
          : `unknown key ${quote(key)}`,
      });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ key, message: `${key}: given more than once; give each key once` });
      repeated.add(key);
      continue;
    }
    seen.add(key);
    if (scenarioKey) values.set(key, value);
    else view.set(key as ViewKey, value);
  }
  for (const k of repeated) {
    values.delete(k);
    view.delete(k as ViewKey);
  }
  return { values, view, repeated };
}

/** Warnings about keys that were given but cannot matter. */
function keyWarnings(s: Scenario, given: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const anyTcp = s.flows.some((f) => isTcpSender(f.sender));
  const anySctp = s.flows.some((f) => isSctpSender(f.sender));
  const anyUdp = s.flows.some((f) => !isTcpSender(f.sender) && !isSctpSender(f.sender));
  if (given.has('bugfix') && !anyTcp && !anyUdp) out.push('bugfix: has no effect on SCTP senders');
  if (given.has('rwnd') && !anySctp && anyTcp)
    out.push('rwnd: has no effect on TCP senders (use window)');
  if (given.has('seed') && !usesSeed(s))
    out.push(
      'seed: has no effect without random loss, delay variation or a random application (loss and jitter are 0)',
    );
  for (const w of appWarnings(s, given)) out.push(w);
  const topology = getTopology(getPreset(s.preset)?.topology ?? '');
  if (topology) for (const w of sctpWarnings(s, topology, given)) out.push(w);
  const rowFlows = s.n !== null ? presetScenarioDefaults(s.preset, s.n).flows.length : null;
  if (given.has('flows') && rowFlows !== null && rowFlows !== s.flows.length) {
    out.push(
      `flows: ${s.flows.length} flow${s.flows.length === 1 ? '' : 's'}, but the n = ${s.n} row of ${s.preset} has ${rowFlows} (its bandwidth and buffer are for ${rowFlows})`,
    );
  }
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
   * Keys whose value was not used, each once, as typed: unknown, repeated and badly encoded
   * keys (in query order; 'query' when the query as a whole was refused), then keys with bad
   * values (in key order), then keys reset to their default by a cross-key error — and the key
   * such an error names when it was not typed (`stop`, refused by a typed `f2.start`) — and
   * keys that no longer apply after that (`f2.mss` once `flows` went back to one flow).
   */
  badKeys: string[];
  /** Warnings about keys that cannot matter (as parseScenarioQuery's). */
  warnings: string[];
  /** Raw values of the view keys given once (view-keys.ts); their meaning is the app's. */
  view: Partial<Record<ViewKey, string>>;
}

/**
 * The typed key names a cross-key error on `key` stands for, to send back to their defaults:
 * the key's spellings (spellingsOf), every flow's `f<k>.key` for an unprefixed flow key (the
 * budget names `mss` when several flows' differ), and — when `stop` itself was not typed — the
 * start keys it is checked against (`f2.start=2000` with the preset's stop).
 */
function namesBehind(key: string, typed: readonly string[]): string[] {
  const names = new Set(spellingsOf(key));
  const kn = parseKeyName(key);
  const typedOf = (base: string) =>
    typed.filter((t) => {
      const tk = parseKeyName(t);
      return (tk?.kind === 'flow' || tk?.kind === 'base') && tk.key === base;
    });
  if (kn?.kind === 'base' && kn.key !== 'sender' && isFlowKey(kn.key)) {
    for (const t of typedOf(kn.key)) names.add(t);
    if (kn.key === 'drops' && typed.includes('drops2')) names.add('drops2');
  }
  if (key === 'stop' && !typed.some((t) => names.has(t))) {
    for (const t of typedOf('start')) names.add(t);
  }
  // An SCTP key refused on a TCP or UDP flow that the preset gave it: the sender typed is what
  // changed (flows=sack,sack on a preset whose flow 2 is SCTP with streams=4).
  const base = kn?.kind === 'flow' || kn?.kind === 'base' ? kn.key : null;
  if (base && isSctpKey(base) && !typed.some((t) => names.has(t) || typedOf(base).includes(t))) {
    const flow = kn?.kind === 'flow' ? kn.flow : 1;
    for (const n of spellingsOf(flowKeyName('sender', flow))) names.add(n);
    names.add('sender');
    names.add('flows');
  }
  return [...names].filter((n) => n !== 'preset' && n !== 'v');
}

const isSctpKey = (k: string) => (SCTP_FLOW_KEYS as readonly string[]).includes(k);

/** Most rounds of resetting keys named by cross-key errors before falling back to the preset. */
const MAX_CROSS_ROUNDS = 8;

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
  const tokenErrors: ScenarioError[] = [];
  const { values, view, repeated } = tokenize(text, tokenErrors);
  const bad: string[] = [];
  const markBad = (key: string) => {
    if (!bad.includes(key)) bad.push(key);
  };
  for (const e of tokenErrors) markBad(e.key);
  for (const k of repeated) markBad(k);

  let a = assemble(values);
  // SCTP keys typed for TCP or UDP flows: refused, and the scenario assembled without them.
  const typedSctp = typedSctpKeyErrors(a.scenario, values.keys());
  if (typedSctp.length > 0) {
    const without = new Map(values);
    for (const e of typedSctp) without.delete(e.key);
    const again = assemble(without);
    a = {
      ...again,
      errors: [...again.errors, ...typedSctp].sort((x, y) => keyRank(x.key) - keyRank(y.key)),
      bad: [...again.bad, ...typedSctp.map((e) => e.key)],
    };
  }
  const errors = [...tokenErrors, ...a.errors];
  for (const k of a.bad) markBad(k);
  const warnings = [...a.warnings];
  const viewOut: Partial<Record<ViewKey, string>> = Object.fromEntries(view);
  const keyErrors = errors.length;
  const strictErrors = capErrors(errors);
  let cross = crossFieldErrors(a.scenario);
  if (keyErrors === 0 && cross.length === 0) {
    for (const w of keyWarnings(a.scenario, new Set(values.keys()))) warnings.push(w);
    const reading = {
      ok: true,
      scenario: a.scenario,
      errors: [],
      badKeys: [],
      warnings,
      view: viewOut,
    };
    return { reading, strict: [] };
  }
  const strict = keyErrors > 0 ? strictErrors : cross;
  // Make the kept scenario valid: drop the keys each cross-key error names (under any of their
  // spellings) and assemble again.
  const all = keyErrors > 0 ? [...strictErrors] : [];
  const kept = new Map(values);
  for (const k of bad) kept.delete(k);
  for (let round = 0; cross.length > 0 && round < MAX_CROSS_ROUNDS; round++) {
    let changed = false;
    for (const e of cross) {
      if (!all.some((x) => x.message === e.message)) all.push(e);
      const typed = [...kept.keys()];
      for (const name of namesBehind(e.key, typed)) {
        if (kept.delete(name)) {
          markBad(name);
          changed = true;
        }
      }
      // The error shows beside the key it names, typed or not (stop, when f2.start was typed).
      if (!typed.includes(e.key)) markBad(e.key);
    }
    if (!changed) break;
    a = assemble(kept);
    // Keys that no longer apply (f2.mss once `flows` went back to one flow) are not used
    // either: list them, with why.
    for (const e of a.errors) if (!all.some((x) => x.message === e.message)) all.push(e);
    for (const k of a.bad) {
      markBad(k);
      kept.delete(k);
    }
    cross = crossFieldErrors(a.scenario);
  }
  const scenario = cross.length === 0 ? a.scenario : presetDefaults(a.scenario.preset);
  if (cross.length > 0) for (const k of kept.keys()) if (k !== 'preset') markBad(k);
  const used = new Set([...kept.keys()].filter((k) => !bad.includes(k)));
  const reading: QueryReading = {
    ok: false,
    scenario,
    errors: all,
    badKeys: bad,
    warnings: warnings.concat(keyWarnings(scenario, used)),
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
    case 'senders':
      return compressSenders(value as string[]);
    case 'list':
      return (value as string[]).join(',');
    case 'links':
      return formatLinkEvents(value as LinkTimeSpec[]);
    case 'name':
      return String(value);
  }
}

/** Keep ',', ':' and '@' readable; everything else percent-encoded as usual. */
function encodeValue(s: string): string {
  return encodeURIComponent(s).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%40/g, '@');
}

/** The URL text of one key of a scenario (flow keys: flow 1's unless `flow` says). */
export function keyText(s: Scenario, key: string): string {
  const kn = parseKeyName(key);
  if (!kn) return '';
  if (kn.kind === 'flow') {
    const f = s.flows[kn.flow - 1];
    return f ? formatValue(keyMeta(kn.key)!, f[kn.key]) : '';
  }
  if (kn.kind === 'v1') {
    const f = s.flows[1];
    if (kn.key === 'sender2') return f ? f.sender : 'none';
    return f ? formatValue(keyMeta('drops')!, f.drops) : '';
  }
  const meta = keyMeta(kn.key)!;
  if (kn.key === 'flows') return compressSenders(s.flows.map((f) => f.sender));
  if ((FLOW_KEYS as readonly string[]).includes(kn.key)) {
    return formatValue(meta, s.flows[0]![kn.key as keyof FlowSpec]);
  }
  return formatValue(meta, (s as unknown as Record<string, unknown>)[kn.key]);
}

/**
 * The canonical query string of a scenario (no leading '?'): see the module comment.
 * @throws Error if s.preset is not a registered preset.
 */
export function scenarioToQuery(s: Scenario): string {
  const preset = getPreset(s.preset);
  if (!preset) throw new Error(`unknown preset '${s.preset}'`);
  const d = presetScenarioDefaults(s.preset, s.n);
  const parts: string[] = [];
  const put = (key: string, text: string) => parts.push(`${key}=${encodeValue(text)}`);
  put('preset', s.preset);
  if (preset.sizes && s.n !== preset.sizes.default) put('n', formatValue(keyMeta('n')!, s.n));
  if (!preset.sizes && s.n !== null) put('n', formatValue(keyMeta('n')!, s.n));
  const listChanged =
    s.flows.length !== d.flows.length ||
    s.flows.some((f, i) => i > 0 && f.sender !== d.flows[i]!.sender);
  if (listChanged) put('flows', compressSenders(s.flows.map((f) => f.sender)));
  else put('sender', s.flows[0]!.sender);
  const runMeta = (k: string) => keyMeta(k)!;
  const flowText = (k: keyof FlowSpec, v: unknown) => formatValue(keyMeta(k)!, v);
  // Each flow's defaults once, not once per key and flow (128 flows took 125 ms to write).
  const flowDefaults = flowDefaultsOf(
    d,
    s.flows.map((f) => f.sender),
  );
  const writeFlowKey = (k: (typeof FLOW_KEYS)[number]) => {
    if (k === 'sender') return;
    const texts = s.flows.map((f) => flowText(k, f[k]));
    const defaults = flowDefaults.map((f) => flowText(k, f[k]));
    const differs = texts.map((t, i) => t !== defaults[i]);
    if (!differs.some(Boolean)) return;
    // An SCTP key in a scenario with TCP or UDP flows: each flow's own (unprefixed, it would set
    // the TCP flows too, which is refused), so a TCP flow's is written only as the key's default.
    if (isSctpKey(k) && s.flows.some((f) => !isSctpSender(f.sender))) {
      texts.forEach((t, i) => {
        if (differs[i]) put(flowKeyName(k, i + 1), t);
      });
      return;
    }
    if (k === 'drops') {
      texts.forEach((t, i) => {
        if (differs[i]) put(i === 0 ? 'drops' : flowKeyName('drops', i + 1), t);
      });
      return;
    }
    // Either the flows that differ from their default, each prefixed, or the commonest value
    // unprefixed (it sets every flow) plus the flows that differ from it — whichever is shorter.
    const counts = new Map<string, number>();
    for (const t of texts) counts.set(t, (counts.get(t) ?? 0) + 1);
    let common = texts[0]!;
    for (const [t, c] of counts) if (c > counts.get(common)!) common = t;
    const exceptions = texts.filter((t) => t !== common).length;
    if (1 + exceptions <= differs.filter(Boolean).length) {
      put(k, common);
      texts.forEach((t, i) => {
        if (t !== common) put(flowKeyName(k, i + 1), t);
      });
    } else {
      texts.forEach((t, i) => {
        if (differs[i]) put(flowKeyName(k, i + 1), t);
      });
    }
  };
  // The keys after preset, n and the flow list, in canonical order.
  const rest = SCENARIO_KEY_ORDER.filter(
    (k) => k !== 'v' && k !== 'preset' && k !== 'n' && k !== 'flows' && k !== 'sender',
  );
  for (const key of rest) {
    if ((RUN_KEYS as readonly string[]).includes(key)) {
      const k = key as (typeof RUN_KEYS)[number];
      const text = formatValue(runMeta(k), s[k]);
      if (text !== formatValue(runMeta(k), d[k])) put(k, text);
    } else writeFlowKey(key as (typeof FLOW_KEYS)[number]);
  }
  return parts.join('&');
}
