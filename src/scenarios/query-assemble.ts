/**
 * Assembling a scenario from a query's keys (raw text by key name), in a fixed order so that
 * the meaning never depends on the order keys were typed:
 *
 * 1. `v` (1 or 2; absent = current) and `preset`, then `n` (a table preset's size): the defaults;
 * 2. the flow list: `flows=a,b,…` (flow k keeps the preset's flow k, with the sender given;
 *    flows beyond the preset's start from its flow template), or the v1 migration — `sender2=X`
 *    makes or changes flow 2, `sender2=none` leaves one flow;
 * 3. the run keys, then the unprefixed flow keys for every flow (`sender` and `drops` for flow 1
 *    only; v1's `drops2` for flow 2), then `f<k>.<key>` for flow k.
 *
 * A key with a bad value is reported (naming the key as typed) and skipped; the rest still
 * apply. Errors come in key order (keyRank). Cross-key checks are the caller's (schema.ts
 * crossFieldErrors).
 */
import { parseField } from './field-parse';
import { canonicalFlow } from './flat';
import { quote } from './format';
import { flowKeyName, keyRank, parseKeyName } from './keys';
import { DEFAULT_PRESET_ID, defaultFlowAt, presetScenarioDefaults } from './defaults';
import { getPreset } from './presets';
import {
  FLOW_KEYS,
  RUN_KEYS,
  SCENARIO_VERSION,
  type FlowKey,
  type FlowSpec,
  type Scenario,
  type ScenarioError,
} from './types';
import type { SenderId } from '../engine';

/** What assembling found. */
export interface Assembly {
  scenario: Scenario;
  errors: ScenarioError[];
  warnings: string[];
  /** Key names whose value was not used (bad value or clash). */
  bad: string[];
}

/** Build a scenario from key name → raw value (names already known to be scenario keys). */
export function assemble(values: ReadonlyMap<string, string>): Assembly {
  const errors: ScenarioError[] = [];
  const warnings: string[] = [];
  const bad: string[] = [];
  const fail = (key: string, messages: readonly string[]) => {
    for (const message of messages) errors.push({ key, message });
    if (!bad.includes(key)) bad.push(key);
  };
  /** Parse a raw value with key `base`'s rules, messages naming `name`. */
  const parse = (name: string, base: string, raw: string): { ok: true; value: unknown } | null => {
    const r = parseField(base as FlowKey, raw);
    if (!r.ok) {
      fail(name, name === base ? r.errors : r.errors.map((m) => renameMessage(m, base, name)));
      return null;
    }
    for (const w of r.warnings) warnings.push(name === base ? w : renameMessage(w, base, name));
    return { ok: true, value: r.value };
  };

  const vText = values.get('v');
  if (vText !== undefined && vText.trim() !== '1' && vText.trim() !== String(SCENARIO_VERSION)) {
    fail('v', [
      `v: unsupported version ${quote(vText)}; this app reads versions 1 and ${SCENARIO_VERSION}`,
    ]);
  }

  let presetId = DEFAULT_PRESET_ID;
  const presetText = values.get('preset');
  if (presetText !== undefined) {
    const r = parse('preset', 'preset', presetText);
    if (r) presetId = r.value as string;
  }
  const sizes = getPreset(presetId)?.sizes;
  let n: number | null = sizes ? sizes.default : null;
  const nText = values.get('n');
  if (nText !== undefined) {
    const r = parse('n', 'n', nText);
    if (r) n = r.value as number | null;
  }
  const d = presetScenarioDefaults(presetId, n);
  const flows: FlowSpec[] = d.flows.map(canonicalFlow);
  const template = (sender: SenderId): FlowSpec => defaultFlowAt(d, Infinity, sender);

  // 2. The flow list.
  const flowsText = values.get('flows');
  const v1Sender2 = values.get('sender2');
  if (flowsText !== undefined) {
    const r = parse('flows', 'flows', flowsText);
    if (r) {
      const senders = r.value as SenderId[];
      flows.length = Math.min(flows.length, senders.length);
      senders.forEach((sender, i) => {
        if (i < flows.length) flows[i]!.sender = sender;
        else flows.push(template(sender));
      });
    }
    if (v1Sender2 !== undefined) {
      fail('sender2', ['sender2: a version 1 key; with flows= give flow 2 as f2.sender']);
    }
  } else if (v1Sender2 !== undefined) {
    const none = v1Sender2.trim() === 'none' || v1Sender2.trim() === '';
    const r = none ? null : parse('sender2', 'sender', v1Sender2);
    if (none) {
      flows.length = 1;
    } else if (r) {
      const sender = r.value as SenderId;
      if (flows.length >= 2) flows[1]!.sender = sender;
      else flows.push(template(sender));
    }
  }

  // 3. Run keys.
  const run: Record<string, unknown> = {};
  for (const k of RUN_KEYS) {
    const raw = values.get(k);
    if (raw === undefined) continue;
    const r = parse(k, k, raw);
    if (r) run[k] = r.value;
  }

  // Unprefixed flow keys: every flow (sender, drops: flow 1).
  const setFlow = (i: number, key: FlowKey, value: unknown) => {
    (flows[i] as unknown as Record<string, unknown>)[key] = value;
  };
  const skip = new Set<string>();
  for (const k of FLOW_KEYS) {
    const raw = values.get(k);
    if (raw === undefined) continue;
    if (values.has(flowKeyName(k, 1)) && (k === 'sender' || k === 'drops')) {
      fail(flowKeyName(k, 1), [`${flowKeyName(k, 1)}: ${k} is flow 1's already; give one of them`]);
      skip.add(flowKeyName(k, 1));
    }
    const r = parse(k, k, raw);
    if (!r) continue;
    if (k === 'sender' || k === 'drops') setFlow(0, k, r.value);
    else for (let i = 0; i < flows.length; i++) setFlow(i, k, structuredClone(r.value));
  }
  const drops2 = values.get('drops2');
  if (drops2 !== undefined) {
    if (values.has('f2.drops')) fail('drops2', ['drops2: a version 1 key; give f2.drops only']);
    else {
      const r = parse('drops2', 'drops', drops2);
      // v1 read an empty drops2 without a second flow as "no drops" (`sender2=none&drops2=`).
      if (r && flows.length >= 2) setFlow(1, 'drops', r.value);
      else if (r && (r.value as unknown[]).length > 0) {
        fail('drops2', ['drops2: needs a second flow (set sender2 or flows)']);
      }
    }
  }

  // f<k>.<key>, in flow order then key order.
  const prefixed: { name: string; key: FlowKey; flow: number }[] = [];
  for (const name of values.keys()) {
    const kn = parseKeyName(name);
    if (kn?.kind === 'flow') prefixed.push({ name, key: kn.key, flow: kn.flow });
  }
  prefixed.sort((a, b) => a.flow - b.flow || FLOW_KEYS.indexOf(a.key) - FLOW_KEYS.indexOf(b.key));
  for (const p of prefixed) {
    if (skip.has(p.name)) continue;
    if (p.flow > flows.length) {
      fail(p.name, [
        `${p.name}: there is no flow ${p.flow}; the scenario has ${flows.length} flow${flows.length === 1 ? '' : 's'} (list them with flows=)`,
      ]);
      continue;
    }
    if (p.flow === 2 && p.key === 'sender' && v1Sender2 !== undefined && flowsText === undefined) {
      fail(p.name, [`${p.name}: flow 2's sender is given by sender2 already; give one of them`]);
      continue;
    }
    const r = parse(p.name, p.key, values.get(p.name)!);
    if (r) setFlow(p.flow - 1, p.key, r.value);
  }

  const { flow: _template, flows: _flows, ...runDefaults } = d;
  const scenario: Scenario = {
    v: 2,
    preset: presetId,
    n,
    ...runDefaults,
    ...(run as Partial<Scenario>),
    flows,
  };
  // Report in key order (SCENARIO_KEY_ORDER, as the writer orders keys), whatever the order of
  // the steps above; one key's messages keep their order.
  const byKey = (a: string, b: string) => keyRank(a) - keyRank(b);
  errors.sort((a, b) => byKey(a.key, b.key));
  bad.sort(byKey);
  return { scenario, errors, warnings, bad };
}

/** A message about key `base` told about key `name` instead ("mss: …" → "f2.mss: …"). */
function renameMessage(message: string, base: string, name: string): string {
  return message.startsWith(`${base}:`) ? `${name}:${message.slice(base.length + 1)}` : message;
}

/**
 * The key names that may have set `key` (an error's key): itself, and its other spellings —
 * `sender`/`f1.sender`, `drops`/`f1.drops`, v1's `sender2`/`drops2` for flow 2, and the
 * unprefixed key for `f<k>.<key>`.
 */
export function spellingsOf(key: string): string[] {
  const out = [key];
  const kn = parseKeyName(key);
  if (kn?.kind === 'flow') {
    out.push(kn.key);
    if (kn.flow === 2 && kn.key === 'sender') out.push('sender2', 'flows');
    if (kn.flow === 2 && kn.key === 'drops') out.push('drops2');
  } else if (kn?.kind === 'base' && (kn.key === 'sender' || kn.key === 'drops')) {
    out.push(`f1.${kn.key}`);
  } else if (kn?.kind === 'base' && kn.key === 'flows') {
    out.push('sender2');
  }
  return out;
}
