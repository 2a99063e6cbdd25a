/**
 * Drop lists in URLs: comma-separated 1-based packet numbers, `p` for the first transmission
 * of packet p and `p:k` for its k-th transmission (k = 2 is the first retransmission). Empty
 * text is an empty list. Example: `15,27,29` or `15,15:2` (drop 15 and its retransmission).
 * For SCTP senders the numbers are TSNs.
 */
import { MAX_DROP_PACKET, MAX_DROP_TRANSMISSION, MAX_DROPS } from './limits';
import { groupThousands, quote } from './format';
import type { DropSpec } from './types';

export type DropsParse =
  { ok: true; drops: DropSpec[]; warnings: string[] } | { ok: false; errors: string[] };

const ENTRY_RE = /^(\d+)(?::(\d+))?$/;

/** Digits as a number, or Infinity when there are too many to matter (> 9 digits after zeros). */
function digitsValue(digits: string): number {
  const d = digits.replace(/^0+(?=\d)/, '');
  return d.length > 9 ? Infinity : Number(d);
}

/** Digits as shown in a message (leading zeros dropped, long runs cut). */
function digitsText(digits: string): string {
  const d = digits.replace(/^0+(?=\d)/, '');
  return d.length > 12 ? `${d.slice(0, 12)}…` : d;
}

/** Sort by (packet, transmission). */
export function compareDrops(a: DropSpec, b: DropSpec): number {
  return a.packet - b.packet || a.transmission - b.transmission;
}

/**
 * Sort and de-duplicate a drop list (the canonical form a Scenario holds). Returns the
 * duplicates removed, for a warning.
 */
export function normalizeDrops(drops: readonly DropSpec[]): {
  drops: DropSpec[];
  duplicates: DropSpec[];
} {
  const sorted = [...drops].sort(compareDrops);
  const out: DropSpec[] = [];
  const duplicates: DropSpec[] = [];
  for (const d of sorted) {
    const last = out[out.length - 1];
    if (last && compareDrops(last, d) === 0) duplicates.push(d);
    else out.push({ packet: d.packet, transmission: d.transmission });
  }
  return { drops: out, duplicates };
}

/** Text of one drop: `p` for the first transmission, else `p:k`. */
export function formatDrop(d: DropSpec): string {
  return d.transmission === 1 ? String(d.packet) : `${d.packet}:${d.transmission}`;
}

/** Canonical text of a (normalised) drop list. */
export function formatDrops(drops: readonly DropSpec[]): string {
  return drops.map(formatDrop).join(',');
}

/**
 * Parse drop-list text. Messages name the entry and the allowed range, without the key
 * (the caller prefixes it), e.g. `packet 0 is out of range 1–100000`.
 */
export function parseDrops(raw: string): DropsParse {
  const text = raw.trim();
  if (text === '') return { ok: true, drops: [], warnings: [] };
  // Count before splitting so a huge list costs nothing.
  let entries = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) entries++;
  if (entries > MAX_DROPS) {
    return {
      ok: false,
      errors: [`${groupThousands(entries)} entries; the limit is ${groupThousands(MAX_DROPS)}`],
    };
  }
  const errors: string[] = [];
  const drops: DropSpec[] = [];
  const parts = text.split(',');
  for (let i = 0; i < parts.length && errors.length < 5; i++) {
    const part = parts[i]!.trim();
    if (part === '') {
      errors.push(
        `entry ${i + 1} is empty (write packet numbers separated by commas, e.g. 15,27,29)`,
      );
      continue;
    }
    const m = ENTRY_RE.exec(part);
    if (!m) {
      errors.push(
        `${quote(part)} is not a packet number (write p or p:k, e.g. 15 or 15:2 for its 2nd transmission)`,
      );
      continue;
    }
    const packet = digitsValue(m[1]!);
    const transmission = m[2] === undefined ? 1 : digitsValue(m[2]);
    if (packet < 1 || packet > MAX_DROP_PACKET) {
      errors.push(`packet ${digitsText(m[1]!)} is out of range 1–${MAX_DROP_PACKET}`);
      continue;
    }
    if (transmission < 1 || transmission > MAX_DROP_TRANSMISSION) {
      errors.push(
        `transmission ${digitsText(m[2]!)} of packet ${packet} is out of range 1–${MAX_DROP_TRANSMISSION}`,
      );
      continue;
    }
    drops.push({ packet, transmission });
  }
  if (errors.length > 0) return { ok: false, errors };
  const { drops: normalized, duplicates } = normalizeDrops(drops);
  const warnings = duplicates.length
    ? [`${duplicates.map(formatDrop).join(', ')} listed more than once; kept once`]
    : [];
  return { ok: true, drops: normalized, warnings };
}
