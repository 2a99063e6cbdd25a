/**
 * Compare entries: what the view key `compare` lists, one compared run each. An entry is a
 * sender id (`newreno`: the scenario as it is, under its own stack profile) or a sender under a
 * profile (`newreno@rfc`: the run `profile=rfc` would make, so one sender can be compared under
 * two profiles: `compare=newreno@ns2,newreno@rfc`, or mixed: `compare=reno,newreno@rfc`).
 *
 * The run of an entry is made through URL keys (scenarioQuery): `sender` (flow 1's, as compare
 * mode always did) and, for `@profile`, `profile` for every flow — a flow's own `f<k>.profile`
 * is dropped too, so the whole run is under the profile the entry names, as in a link that says
 * only `profile=`. The profiles' meaning is the scenario module's (profiles.ts); here only names.
 *
 * A third kind, a knob (`key:value`, e.g. `aqm:codel`, `ecn:1`), compares one run key (or a
 * flow key, for every flow) instead of the sender: `compare=aqm:droptail,aqm:codel` runs the scenario once per value of that key, the
 * sender and everything else as they are. A list is all senders or all knobs of one key (one
 * thing compared at a time); a knob's value is checked as the key's own (validateField).
 */
import {
  findVariant,
  PROFILE_IDS,
  PROFILE_LABELS,
  SCENARIO_KEYS,
  validateField,
  type ProfileId,
  type Scenario,
} from '../deps/scenarios';
import { applyFields, fieldValue, queryOf, senderOptions } from './scenarioQuery';

export interface CompareEntry {
  sender: string;
  /** The profile the entry names, or null: the scenario's own. */
  profile: ProfileId | null;
}

const isProfile = (p: string): p is ProfileId => (PROFILE_IDS as readonly string[]).includes(p);

/** An entry's parts, or null when it is not `sender` or `sender@profile` (ids not checked). */
export function splitEntry(token: string): { sender: string; profile: string | null } {
  const at = token.indexOf('@');
  return at < 0
    ? { sender: token, profile: null }
    : { sender: token.slice(0, at), profile: token.slice(at + 1) };
}

/** A knob entry's key and value (`aqm:codel`), or null when the token is not `key:value`. */
export function splitKnob(token: string): { key: string; value: string } | null {
  const m = /^([a-z][a-z0-9.]*):(.+)$/.exec(token);
  return m ? { key: m[1]!, value: m[2]! } : null;
}

/** Keys a knob cannot compare: senders are compared by naming them (`reno,cubic`). */
const NOT_KNOBS: ReadonlySet<string> = new Set(['sender', 'flows', 'preset']);

/**
 * Why a knob entry is refused ('' when it is fine): a run key (`aqm`, `queue`), or a flow key
 * given for every flow as a link's top-level key is (`ecn`), and a value of that key.
 */
function knobProblem(key: string, value: string): string {
  if (
    NOT_KNOBS.has(key) ||
    !SCENARIO_KEYS.some((m) => m.key === key && (m.scope === 'run' || m.scope === 'flow'))
  )
    return `names ${key}, which is not a run or flow key (aqm, queue, bw, ecn, …)`;
  return validateField(key, value) ?? '';
}

/** A key the picker offers for a knob list: its name, label, unit and (enum, bool) values. */
export interface KnobField {
  key: string;
  label: string;
  unit: string;
  /** The values to tick (enum options; bool 0 and 1); null: typed in (numbers). */
  options: readonly string[] | null;
}

/** The keys the picker offers (one value each: numbers, switches, choices), in key order. */
export function knobFields(): KnobField[] {
  return SCENARIO_KEYS.filter(
    (m) =>
      (m.scope === 'run' || m.scope === 'flow') &&
      !NOT_KNOBS.has(m.key) &&
      (m.kind === 'number' || m.kind === 'int' || m.kind === 'bool' || m.kind === 'enum'),
  ).map((m) => ({
    key: m.key,
    label: m.label,
    unit: m.unit,
    options: m.kind === 'bool' ? ['0', '1'] : m.kind === 'enum' ? (m.options ?? null) : null,
  }));
}

/** The keys a knob entry can compare, in the scenario module's order (the picker's list). */
export function knobKeys(): string[] {
  return knobFields().map((f) => f.key);
}

/** The key and values of a knob list (`aqm:droptail,aqm:codel`), or null for senders. */
export function knobList(tokens: readonly string[]): { key: string; values: string[] } | null {
  const knobs = tokens.map(splitKnob);
  if (knobs.length === 0 || knobs.some((k) => k === null)) return null;
  return { key: knobs[0]!.key, values: knobs.map((k) => k!.value) };
}

/** A valid entry (known sender, known profile), or null. */
export function parseEntry(token: string): CompareEntry | null {
  const { sender, profile } = splitEntry(token);
  if (!senderOptions().includes(sender)) return null;
  if (profile === null) return { sender, profile: null };
  return isProfile(profile) ? { sender, profile } : null;
}

export function entryToken(e: CompareEntry): string {
  return e.profile ? `${e.sender}@${e.profile}` : e.sender;
}

/** The scenario's own profile: flow 1's, the compared flow's. */
export function scenarioProfile(s: Scenario): ProfileId {
  const p = fieldValue(s, 'profile');
  return isProfile(p) ? p : 'ff96';
}

/** One problem of a compare list: the entry it is about (null: the list as a whole) and why. */
export interface EntryProblem {
  entry: string | null;
  why: string;
}

/**
 * What is wrong with a compare list (empty when nothing): unknown senders and profiles, each
 * entry on its own; an entry given twice, or one that makes the same run as an earlier entry
 * (`newreno@ff96` beside `newreno` when the scenario's profile is ff96); too few or many runs.
 */
export function compareListProblems(
  tokens: readonly string[],
  own: ProfileId,
  max: number,
): EntryProblem[] {
  const out: EntryProblem[] = [];
  const knobs = tokens.map(splitKnob);
  if (knobs.some((k) => k !== null)) return knobListProblems(tokens, knobs, max);
  const opts = senderOptions();
  const seen = new Map<string, string>();
  for (const token of tokens) {
    const { sender, profile } = splitEntry(token);
    if (!opts.includes(sender)) {
      out.push({ entry: token, why: `names an unknown sender (${opts.join(', ')})` });
      continue;
    }
    if (profile !== null && !isProfile(profile)) {
      out.push({ entry: token, why: `names an unknown profile (${PROFILE_IDS.join(', ')})` });
      continue;
    }
    const run = `${sender}@${profile ?? own}`;
    const before = seen.get(run);
    if (before === token) out.push({ entry: token, why: 'is listed twice' });
    else if (before !== undefined)
      out.push({
        entry: token,
        why: `makes the same run as “${before}” (this scenario’s profile is ${own})`,
      });
    else seen.set(run, token);
  }
  if (out.length === 0 && (tokens.length < 2 || tokens.length > max))
    out.push({ entry: null, why: `must list 2 to ${max} runs (sender or sender@profile)` });
  return out;
}

/** compareListProblems of a list with a knob in it: all knobs, of one key, each value once. */
function knobListProblems(
  tokens: readonly string[],
  knobs: readonly ({ key: string; value: string } | null)[],
  max: number,
): EntryProblem[] {
  const out: EntryProblem[] = [];
  const key = knobs.find((k) => k !== null)!.key;
  const seen = new Set<string>();
  tokens.forEach((token, i) => {
    const k = knobs[i];
    if (!k)
      out.push({ entry: token, why: `is a sender, but the list compares ${key} (key:value)` });
    else if (k.key !== key)
      out.push({ entry: token, why: `compares ${k.key}; the list compares ${key}` });
    else {
      const why = knobProblem(k.key, k.value);
      if (why) out.push({ entry: token, why });
      else if (seen.has(k.value)) out.push({ entry: token, why: 'is listed twice' });
      else seen.add(k.value);
    }
  });
  if (out.length === 0 && (tokens.length < 2 || tokens.length > max))
    out.push({ entry: null, why: `must list 2 to ${max} runs (${key}:value each)` });
  return out;
}

/** The scenario one entry runs, or null when the entry or the edit is refused. */
export function withEntry(s: Scenario, token: string): Scenario | null {
  const knob = splitKnob(token);
  if (knob) {
    const r = applyFields(s, { [knob.key]: knob.value });
    return r.ok ? r.scenario : null;
  }
  const e = parseEntry(token);
  if (!e) return null;
  const fields: Record<string, string | null> = { sender: e.sender };
  if (e.profile) {
    fields.profile = e.profile;
    for (const k of queryOf(s).keys()) if (/^f\d+\.profile$/.test(k)) fields[k] = null;
  }
  const r = applyFields(s, fields);
  return r.ok ? r.scenario : null;
}

/**
 * The entries as the runs are named: as given when none names a profile (`reno,newreno`);
 * otherwise each with its profile (`reno@ff96,newreno@rfc`), so every label says it.
 */
export function runNames(tokens: readonly string[], own: ProfileId): string[] {
  if (!tokens.some((t) => splitEntry(t).profile !== null)) return [...tokens];
  return tokens.map((t) => {
    const e = parseEntry(t);
    return e ? entryToken({ sender: e.sender, profile: e.profile ?? own }) : t;
  });
}

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';
const SHAPES: readonly MarkerShape[] = ['circle', 'square', 'triangle', 'diamond'];

/** A profile's marker shape (in PROFILE_IDS order: ff96 ○, ns2 □, rfc △). */
export function profileMarker(p: ProfileId): MarkerShape {
  return SHAPES[Math.max(0, PROFILE_IDS.indexOf(p)) % SHAPES.length]!;
}

export interface RunStyle {
  color: string;
  dash: string;
  /** "NewReno", or "NewReno · RFC text (5681, 6582, 4960)" for an entry with a profile. */
  name: string;
  /** The name where a sentence names runs in a few words (the first divergence): "NewReno · rfc". */
  short: string;
  /** Drawn on the cwnd line and in the swatch when the runs differ in profile. */
  marker: MarkerShape | null;
}

/**
 * Colour, dash, name and marker of each compared run (run names as runNames gives them).
 *
 * The variant registry gives each sender a colour and a dash (src/scenarios/variants.ts), and a
 * sender keeps both in every run, so NewReno reads as NewReno whatever its profile. Two runs of
 * one sender differ by a third channel instead: the profile's marker, a hollow shape on the cwnd
 * line and in the legend swatch (○ ff96, □ ns2, △ rfc). Not a dash of its own: each dash
 * already names a sender (NewReno dashed like SACK would read as SACK to a reader who tells the
 * lines apart by dash), and not a colour, for the same reason. Markers appear only when the runs
 * differ in profile, so comparing senders looks as it always did.
 */
export function runStyles(names: readonly string[]): RunStyle[] {
  if (names.some((n) => splitKnob(n) !== null)) return knobStyles(names);
  const entries = names.map((n) => parseEntry(n));
  const profiles = new Set(entries.map((e) => e?.profile ?? null));
  const marked = profiles.size > 1;
  return names.map((n, i) => {
    const e = entries[i];
    const v = findVariant(e?.sender ?? n);
    const base = v ? v.name : n;
    const profile = e?.profile ?? null;
    return {
      color: v?.color ?? 'var(--fg)',
      dash: v?.dash ?? '1 3',
      name: profile ? `${base} · ${PROFILE_LABELS[profile]}` : base,
      short: profile ? `${base} · ${profile}` : base,
      marker: marked && profile ? profileMarker(profile) : null,
    };
  });
}

/** Senders whose colours and dashes knob runs borrow, in order (run 1 reno's, run 2 CUBIC's …). */
const KNOB_LOOKS = ['reno', 'cubic', 'bbr', 'newreno', 'sack', 'vegas'] as const;

/**
 * Runs of a knob list (`aqm:droptail`, `aqm:codel`): each its own colour and dash, borrowed from
 * the senders' in KNOB_LOOKS order (the sender is the same in every run, so no colour means a
 * sender here), named `aqm = codel`.
 */
function knobStyles(names: readonly string[]): RunStyle[] {
  return names.map((n, i) => {
    const k = splitKnob(n);
    const v = findVariant(KNOB_LOOKS[i % KNOB_LOOKS.length]!);
    const name = k ? `${k.key} = ${k.value}` : n;
    return {
      color: v?.color ?? 'var(--fg)',
      dash: v?.dash ?? '1 3',
      name,
      short: name,
      marker: null,
    };
  });
}
