/**
 * The zod 4 schemas of a Scenario, generated from SCENARIO_KEYS so the URL codec, the form's
 * inline checks (validateField) and whole-scenario validation share one definition:
 *
 * - VALUE_SCHEMAS[key]: the typed value of one key (range, integer-ness, options);
 * - ScenarioSchema: the whole object, strict (unknown keys rejected), with `flows` a list of
 *   strict flow objects, plus the checks that involve several keys: each descriptor's own
 *   `check` (the preset's sizes `n`, stop after every flow's start, an SCTP rwnd that holds a
 *   chunk, a UDP flow's application), the SCTP keys' (sctp-checks.ts), the link events'
 *   (link-events.ts), and the run budget of budget.ts.
 *
 * Every message starts with the key and states the allowed range, e.g.
 * `queue: must be a whole number between 2 and 10000 (packets), got 1`; a flow key's names the
 * flow: `f2.mss: must be …`.
 */
import { z } from 'zod';
import { formatDrop } from './drops';
import { quote, readableNumber } from './format';
import { SCENARIO_KEYS, type ScenarioKeyMeta } from './fields';
import { budgetError } from './budget';
import { MAX_DROP_TRANSMISSION, MAX_DROPS } from './limits';
import { getPreset } from './presets';
import { keyRank } from './keys';
import { getTopology } from './topologies';
import { NODE_NAME_RE, linkEventErrors, linkEventsSchema } from './link-events';
import { sctpKeyErrors } from './sctp-checks';
import { presetScenarioDefaults } from './defaults';
import {
  FLOW_KEYS,
  MAX_FLOWS,
  RUN_KEYS,
  type DropSpec,
  type Scenario,
  type ScenarioError,
  type ScenarioKey,
} from './types';

/** How a value appears after "got" in a message. */
export function describeInput(input: unknown): string {
  if (typeof input === 'string') return quote(input);
  if (typeof input === 'number')
    return Number.isFinite(input) ? readableNumber(input) : String(input);
  if (input === null) return 'nothing';
  if (Array.isArray(input)) return 'a list';
  return `a value of type ${typeof input}`;
}

/** "must be …" text of a key: what values are allowed, with the unit. */
export function requirementText(meta: ScenarioKeyMeta): string {
  const unit = meta.unit && meta.kind !== 'drops' ? ` (${meta.unit})` : '';
  const orNull = meta.nullText ? ` or ${meta.nullText}` : '';
  switch (meta.kind) {
    case 'number':
      return `must be a number between ${readableNumber(meta.min!)} and ${readableNumber(meta.max!)}${unit}${orNull}`;
    case 'int':
      return meta.min === meta.max
        ? `must be ${meta.min}`
        : `must be a whole number between ${readableNumber(meta.min!)} and ${readableNumber(meta.max!)}${unit}${orNull}`;
    case 'bool':
      return 'must be 0 or 1';
    case 'enum':
      return `must be one of ${(meta.options ?? []).join(', ')}${orNull}`;
    case 'drops':
      return `must be packet numbers ${meta.min}–${meta.max} separated by commas (p or p:k)`;
    case 'senders':
      return `must be 1 to ${meta.max} senders separated by commas, each one of ${(meta.options ?? []).join(', ')}`;
    case 'list':
      return `must be one or more of ${(meta.options ?? []).join(', ')} separated by commas`;
    case 'links':
      return `must be link@time entries separated by commas (a link name of the topology, a time ${readableNumber(meta.min!)}–${readableNumber(meta.max!)} s), e.g. primary@5`;
    case 'name':
      return `must be a node name (letters, digits, - and _)${orNull}`;
  }
}

/** Longest option list an enum key's message spells out. */
const MAX_LISTED_OPTIONS = 24;

/** The full message for a bad value of a key. */
export function valueMessage(meta: ScenarioKeyMeta, input: unknown): string {
  if (meta.kind === 'enum' && typeof input === 'string') {
    const what = meta.noun ?? meta.key;
    const options = meta.options ?? [];
    // A long list (the presets) is named, not spelled out: the message stays readable.
    const allowed =
      options.length > MAX_LISTED_OPTIONS
        ? `must be one of the ${options.length} ${what} ids (${options.slice(0, 4).join(', ')}, …)`
        : requirementText(meta);
    return `${meta.key}: unknown ${what} ${quote(input)}; ${allowed}`;
  }
  return `${meta.key}: ${requirementText(meta)}, got ${describeInput(input)}`;
}

function isSortedUnique(drops: readonly DropSpec[]): boolean {
  for (let i = 1; i < drops.length; i++) {
    const a = drops[i - 1]!;
    const b = drops[i]!;
    if (a.packet > b.packet || (a.packet === b.packet && a.transmission >= b.transmission))
      return false;
  }
  return true;
}

function valueSchema(meta: ScenarioKeyMeta): z.ZodType {
  const error = (iss: { input?: unknown }) => valueMessage(meta, iss.input);
  let schema: z.ZodType;
  switch (meta.kind) {
    case 'number':
    case 'int': {
      const { min, max } = meta as Required<ScenarioKeyMeta>;
      const int = meta.kind === 'int';
      schema = z
        .number({ error })
        .refine(
          (v) => Number.isFinite(v) && v >= min && v <= max && (!int || Number.isInteger(v)),
          {
            error,
          },
        );
      break;
    }
    case 'bool':
      schema = z.boolean({ error });
      break;
    case 'enum': {
      const options = meta.options ?? [];
      schema = z.string({ error }).refine((v) => options.includes(v), { error });
      break;
    }
    case 'drops': {
      const packetError = (iss: { input?: unknown }) =>
        `${meta.key}: packet ${describeInput(iss.input)} is out of range ${meta.min}–${meta.max}`;
      const txError = (iss: { input?: unknown }) =>
        `${meta.key}: transmission ${describeInput(iss.input)} is out of range 1–${MAX_DROP_TRANSMISSION}`;
      const entry = z
        .object(
          {
            packet: z
              .int({ error: packetError })
              .min(meta.min!, { error: packetError })
              .max(meta.max!, { error: packetError }),
            transmission: z
              .int({ error: txError })
              .min(1, { error: txError })
              .max(MAX_DROP_TRANSMISSION, { error: txError }),
          },
          { error: () => `${meta.key}: each entry must be {packet, transmission}` },
        )
        .strict();
      schema = z
        .array(entry, {
          error: () =>
            `${meta.key}: must be a list of {packet, transmission} with packets ${meta.min}–${meta.max}`,
        })
        .max(MAX_DROPS, { error: () => `${meta.key}: more than ${MAX_DROPS} entries` })
        .refine(isSortedUnique, {
          error: (iss) =>
            `${meta.key}: must be sorted by packet and transmission without repeats, got ${(iss.input as DropSpec[]).map(formatDrop).join(',')}`,
        });
      break;
    }
    case 'senders': {
      const options = meta.options ?? [];
      schema = z
        .array(
          z.string().refine((v) => options.includes(v)),
          { error },
        )
        .min(1, { error })
        .max(meta.max!, { error });
      break;
    }
    case 'list': {
      const options = meta.options ?? [];
      schema = z
        .array(
          z.string().refine((v) => options.includes(v)),
          { error },
        )
        .min(1, { error })
        .refine(
          (v) => v.every((x, i) => i === 0 || options.indexOf(v[i - 1]!) < options.indexOf(x)),
          {
            error: () =>
              `${meta.key}: must list each of ${options.join(', ')} at most once, in that order`,
          },
        );
      break;
    }
    case 'links':
      schema = linkEventsSchema(meta);
      break;
    case 'name':
      schema = z.string({ error }).regex(NODE_NAME_RE, { error });
      break;
  }
  return meta.nullText ? schema.nullable() : schema;
}

/** The value schema of every key. */
export const VALUE_SCHEMAS = Object.fromEntries(
  SCENARIO_KEYS.map((m) => [m.key, valueSchema(m)]),
) as Record<ScenarioKey, z.ZodType>;

/**
 * Checks that involve several keys; assumes each key's own value is valid. Returns errors in
 * key order.
 */
export function crossFieldErrors(s: Scenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const preset = getPreset(s.preset);
  const topology = getTopology(preset?.topology ?? '');
  if (!preset || !topology) {
    errors.push({
      key: 'preset',
      message: `preset: ${quote(s.preset)} names no registered topology`,
    });
    return errors;
  }
  // Each key's own checks against other keys (n, rwnd, stop, app: their descriptors).
  for (const m of SCENARIO_KEYS) for (const e of m.check?.(s) ?? []) errors.push(e);
  for (const e of sctpKeyErrors(s, topology, presetScenarioDefaults(s.preset, s.n))) errors.push(e);
  for (const e of linkEventErrors(s, topology, preset)) errors.push(e);
  // The run budget needs a valid run (one that can start: stop after every flow's start).
  if (errors.length === 0) {
    const budget = budgetError(s);
    if (budget) errors.push(budget);
  }
  return errors.sort((a, b) => keyRank(a.key) - keyRank(b.key));
}

const FLOW_KEY_SET = new Set<string>(FLOW_KEYS);

/** One flow's keys, each valid, nothing else. */
export const FlowSpecSchema = z
  .object(Object.fromEntries(FLOW_KEYS.map((k) => [k, valueSchemaOf(k)])))
  .strict();

function valueSchemaOf(key: ScenarioKey): z.ZodType {
  return VALUE_SCHEMAS[key];
}

/** Every key with a valid value, and nothing else (no cross-key checks). */
export const ScenarioObjectSchema = z
  .object({
    v: z.literal(2, { error: () => 'v: must be 2 (a resolved scenario is always version 2)' }),
    preset: VALUE_SCHEMAS.preset,
    n: VALUE_SCHEMAS.n,
    ...Object.fromEntries(RUN_KEYS.map((k) => [k, VALUE_SCHEMAS[k]])),
    flows: z
      .array(FlowSpecSchema, { error: () => 'flows: must be a list of flows' })
      .min(1, { error: () => 'flows: must have at least one flow' })
      .max(MAX_FLOWS, { error: () => `flows: more than ${MAX_FLOWS} flows` }),
  })
  .strict();

/** The whole-scenario schema: every key, nothing else, and the cross-key checks. */
export const ScenarioSchema = ScenarioObjectSchema.superRefine((value, ctx) => {
  // Cross-key checks read typed values, so they run only once every key is valid.
  if (!ScenarioObjectSchema.safeParse(value).success) return;
  for (const e of crossFieldErrors(value as unknown as Scenario)) {
    ctx.addIssue({ code: 'custom', path: [e.key], message: e.message, input: value });
  }
}) as unknown as z.ZodType<Scenario>;

/**
 * Turn zod issues into ScenarioErrors: key = the URL key of the path (`f2.mss` for
 * flows[1].mss), 'scenario' for the root.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): ScenarioError[] {
  const out: ScenarioError[] = [];
  for (const iss of issues) {
    const [p0, p1, p2] = iss.path;
    const inFlow = p0 === 'flows' && typeof p1 === 'number';
    const prefix = inFlow ? `f${p1 + 1}.` : '';
    if (iss.code === 'unrecognized_keys') {
      for (const k of iss.keys)
        out.push({ key: prefix + k, message: `unknown key ${quote(prefix + k)}` });
      continue;
    }
    const base = inFlow && typeof p2 === 'string' ? p2 : p0 !== undefined ? String(p0) : 'scenario';
    const key = inFlow && FLOW_KEY_SET.has(base) ? prefix + base : inFlow ? `f${p1 + 1}` : base;
    const message = iss.message.startsWith(`${key}:`)
      ? iss.message
      : iss.message.startsWith(`${base}:`)
        ? `${key}:${iss.message.slice(base.length + 1)}`
        : `${key}: ${iss.message}`;
    out.push({ key, message });
  }
  return out;
}

/**
 * Validate a Scenario object (e.g. one the UI edited): every key's range and the cross-key
 * checks. Returns [] when it is valid. Never throws.
 */
export function validateScenario(s: unknown): ScenarioError[] {
  if (typeof s !== 'object' || s === null) {
    return [{ key: 'scenario', message: `scenario: must be an object, got ${describeInput(s)}` }];
  }
  const r = ScenarioSchema.safeParse(s);
  if (r.success) return [];
  // Missing keys show up as "got undefined"; say so plainly.
  return issuesToErrors(r.error.issues).map((e) =>
    / got undefined$/.test(e.message) ? { key: e.key, message: `${e.key}: missing` } : e,
  );
}
