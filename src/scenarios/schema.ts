/**
 * The zod 4 schemas of a Scenario, generated from SCENARIO_KEYS so the URL codec, the form's
 * inline checks (validateField) and whole-scenario validation share one definition:
 *
 * - VALUE_SCHEMAS[key]: the typed value of one key (range, integer-ness, options);
 * - ScenarioSchema: the whole object, strict (unknown keys rejected), plus the checks that
 *   involve several keys (stop after the flow start, drops2 needs sender2, the run budget of
 *   budget.ts).
 *
 * Every message starts with the key and states the allowed range, e.g.
 * `queue: must be a whole number between 2 and 10000 (packets), got 1`.
 */
import { z } from 'zod';
import { formatDrop } from './drops';
import { quote, readableNumber } from './format';
import { SCENARIO_KEYS, type ScenarioKeyMeta } from './fields';
import { budgetError } from './budget';
import { MAX_DROP_TRANSMISSION, MAX_DROPS } from './limits';
import { getPreset } from './presets';
import { getTopology } from './topologies';
import {
  SCENARIO_KEY_ORDER,
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
  }
}

/** The full message for a bad value of a key. */
export function valueMessage(meta: ScenarioKeyMeta, input: unknown): string {
  if (meta.kind === 'enum' && typeof input === 'string') {
    return `${meta.key}: unknown ${meta.key === 'preset' ? 'preset' : 'sender'} ${quote(input)}; ${requirementText(meta)}`;
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
  const topology = getTopology(getPreset(s.preset)?.topology ?? '');
  if (!topology) {
    errors.push({
      key: 'preset',
      message: `preset: ${quote(s.preset)} names no registered topology`,
    });
    return errors;
  }
  if (s.sender2 === null && s.drops2.length > 0) {
    errors.push({ key: 'drops2', message: 'drops2: needs a second flow (set sender2)' });
  }
  const starts = s.stop > topology.startS;
  if (!starts) {
    errors.push({
      key: 'stop',
      message: `stop: must be later than the flow start at ${readableNumber(topology.startS)} s, got ${readableNumber(s.stop)}`,
    });
  }
  // The run budget needs a run that can start (stop after the flow start).
  if (starts) {
    const budget = budgetError(s);
    if (budget) errors.push(budget);
  }
  const rank = (k: string) => (SCENARIO_KEY_ORDER as readonly string[]).indexOf(k);
  return errors.sort((a, b) => rank(a.key) - rank(b.key));
}

/** Every key with a valid value, and nothing else (no cross-key checks). */
export const ScenarioObjectSchema = z.object(VALUE_SCHEMAS).strict();

/** The whole-scenario schema: every key, nothing else, and the cross-key checks. */
export const ScenarioSchema = ScenarioObjectSchema.superRefine((value, ctx) => {
  // Cross-key checks read typed values, so they run only once every key is valid.
  if (!ScenarioObjectSchema.safeParse(value).success) return;
  for (const e of crossFieldErrors(value as Scenario)) {
    ctx.addIssue({ code: 'custom', path: [e.key], message: e.message, input: value });
  }
}) as unknown as z.ZodType<Scenario>;

/** Turn zod issues into ScenarioErrors (key = first path element, 'scenario' for the root). */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): ScenarioError[] {
  const out: ScenarioError[] = [];
  for (const iss of issues) {
    if (iss.code === 'unrecognized_keys') {
      for (const k of iss.keys) out.push({ key: k, message: `unknown key ${quote(k)}` });
      continue;
    }
    const key = iss.path.length > 0 ? String(iss.path[0]) : 'scenario';
    const message = iss.message.startsWith(`${key}:`) ? iss.message : `${key}: ${iss.message}`;
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
    (s as Record<string, unknown>)[e.key] === undefined &&
    e.key !== 'scenario' &&
    !e.message.startsWith('unknown key')
      ? { key: e.key, message: `${e.key}: missing` }
      : e,
  );
}
