/**
 * One URL value (text) → the typed value of its key: strict syntax first, then the key's zod
 * value schema (schema.ts) for the range. Shared by the URL parser and validateField().
 */
import { parseDrops } from './drops';
import { parseLinkEvents } from './link-events';
import { keyMeta, type ScenarioKeyMeta } from './fields';
import { parseNumber, quote } from './format';
import { parseKeyName } from './keys';
import { VALUE_SCHEMAS, requirementText, valueMessage } from './schema';
import type { ScenarioKey } from './types';

/** A key's typed value (the Scenario's value of a run key, a FlowSpec's of a flow key). */
export type FieldParse<_K extends ScenarioKey = ScenarioKey> =
  { ok: true; value: unknown; warnings: string[] } | { ok: false; errors: string[] };

/**
 * A sender list with repeats written `k*id` (`50*reno,50*udp` = 50 Reno flows, then 50 UDP
 * flows; k ≥ 1): the ids in order, or why not (a bad count, or more than `max` in all — the
 * count is checked before any list is built).
 */
export function expandSenders(raw: string, max: number): string[] | string {
  const out: string[] = [];
  for (const piece of raw.split(',')) {
    const m = /^\s*(\d+)\s*\*\s*(.*)$/.exec(piece);
    const count = m ? Number(m[1]) : 1;
    const id = (m ? m[2]! : piece).trim();
    if (m && (!Number.isInteger(count) || count < 1)) {
      return `a repeat count must be a whole number from 1, got ${quote(piece.trim())}`;
    }
    if (out.length + count > max) {
      return `must be 1 to ${max} senders separated by commas, got more than ${max}`;
    }
    for (let i = 0; i < count; i++) out.push(id);
  }
  return out;
}

/** Shortest run written `k*id` by compressSenders; shorter runs are written out. */
export const MIN_SENDER_RUN = 4;

/**
 * The canonical text of a sender list: runs of MIN_SENDER_RUN or more equal senders as `k*id`,
 * the rest one by one (`reno,reno,sack` stays; 50 Reno flows are `50*reno`).
 */
export function compressSenders(list: readonly string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length;) {
    let j = i;
    while (j < list.length && list[j] === list[i]) j++;
    const k = j - i;
    if (k >= MIN_SENDER_RUN) parts.push(`${k}*${list[i]}`);
    else for (let x = i; x < j; x++) parts.push(list[x]!);
    i = j;
  }
  return parts.join(',');
}

/** Text → value, before range checks; a string is an error message. */
function decode(meta: ScenarioKeyMeta, raw: string): { value: unknown } | string {
  if (meta.nullText && (raw === '' || raw === meta.nullText)) return { value: null };
  switch (meta.kind) {
    case 'number':
    case 'int': {
      const n = parseNumber(raw);
      return n === null ? valueMessage(meta, raw) : { value: n };
    }
    case 'bool':
      if (raw === '1') return { value: true };
      if (raw === '0') return { value: false };
      return `${meta.key}: ${requirementText(meta)}, got ${quote(raw)}`;
    case 'enum':
      return { value: raw };
    case 'drops':
      throw new Error('drops are decoded by parseDrops');
    case 'links':
      throw new Error('link events are decoded by parseLinkEvents');
    case 'name':
      return { value: raw };
    case 'list': {
      const options = meta.options ?? [];
      if (raw === '' || raw.length > 20 * (options.length + 1)) return valueMessage(meta, raw);
      const items = raw.split(',').map((x) => x.trim());
      const badOne = items.find((x) => !options.includes(x));
      if (badOne !== undefined) {
        return `${meta.key}: unknown value ${quote(badOne)}; ${requirementText(meta)}`;
      }
      // Canonical: the options' order, each once.
      return { value: options.filter((o) => items.includes(o)) };
    }
    case 'senders': {
      if (raw === '' || raw.length > 20 * (meta.max ?? 1)) return valueMessage(meta, raw);
      const list = expandSenders(raw, meta.max ?? 1);
      if (typeof list === 'string') return `${meta.key}: ${list}`;
      const options = meta.options ?? [];
      const badOne = list.find((x) => !options.includes(x));
      if (badOne !== undefined) {
        return `${meta.key}: unknown sender ${quote(badOne)}; each must be one of ${options.join(', ')}`;
      }
      return { value: list };
    }
  }
}

/** Parse the URL text of one key. Never throws. */
export function parseField<K extends ScenarioKey>(key: K, rawText: string): FieldParse<K> {
  const meta = keyMeta(key);
  if (!meta) return { ok: false, errors: [`unknown key ${quote(key)}`] };
  const raw = rawText.trim();
  if (meta.kind === 'drops') {
    const r = parseDrops(raw);
    if (!r.ok) return { ok: false, errors: r.errors.map((m) => `${key}: ${m}`) };
    return {
      ok: true,
      value: r.drops,
      warnings: r.warnings.map((m) => `${key}: ${m}`),
    };
  }
  if (meta.kind === 'links') {
    const r = parseLinkEvents(raw, meta);
    return r.ok ? { ok: true, value: r.events, warnings: [] } : { ok: false, errors: r.errors };
  }
  const decoded = decode(meta, raw);
  if (typeof decoded === 'string') return { ok: false, errors: [decoded] };
  const checked = VALUE_SCHEMAS[key].safeParse(decoded.value);
  if (!checked.success) {
    // Quote the text as typed, so "0.70" is reported as "0.70".
    return { ok: false, errors: [valueMessage(meta, raw)] };
  }
  return { ok: true, value: checked.data, warnings: [] };
}

/**
 * Inline check for a form field: the error message for this text in this key, or null when it
 * is valid. Any key name the URL accepts: a base key, a flow's key (`f2.mss`, checked as `mss`
 * and named as typed) or v1's `sender2` (a sender, `none` or empty) and `drops2` (a drop list).
 * Checks the key on its own (cross-key limits such as the packet budget, or whether flow k
 * exists, are checked by validateScenario / parseScenarioQuery).
 */
export function validateField(key: string, raw: string): string | null {
  const kn = parseKeyName(key);
  if (!kn) return `unknown key ${quote(key)}`;
  const text = String(raw);
  let base: ScenarioKey = kn.key as ScenarioKey;
  if (kn.kind === 'v1') {
    if (kn.key === 'sender2' && (text.trim() === '' || text.trim() === 'none')) return null;
    base = kn.key === 'sender2' ? 'sender' : 'drops';
  }
  const r = parseField(base, text);
  if (r.ok) return null;
  return r.errors
    .map((m) =>
      key !== base && m.startsWith(`${base}:`) ? `${key}:${m.slice(base.length + 1)}` : m,
    )
    .join('; ');
}
