/**
 * Small text helpers shared by the codec and the error messages: canonical number text and
 * safe quoting of user input.
 */
import { MAX_QUOTED_CHARS } from './limits';

/**
 * Canonical text of a number for a URL: JavaScript's shortest round-trip form, with the
 * exponent's "+" dropped (a "+" in a query string reads back as a space). -0 is written "0".
 */
export function formatNumber(n: number): string {
  if (Object.is(n, -0)) return '0';
  return String(n).replace('e+', 'e');
}

/**
 * A number as people read it in a message: 1e10 rather than 10000000000 for round powers of
 * ten from a million up, otherwise the canonical form.
 */
export function readableNumber(n: number): string {
  if (Math.abs(n) >= 1e6) {
    const exp = n.toExponential().replace('e+', 'e');
    if (!exp.includes('.')) return exp;
  }
  return formatNumber(n);
}

/** Thousands separators for counts in prose: 5000000 → "5,000,000" (locale-independent). */
export function groupThousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * User input quoted for an error message: JSON-style quotes and escapes (so control
 * characters and quotes stay visible), cut to MAX_QUOTED_CHARS with an ellipsis.
 */
export function quote(raw: string): string {
  const cut = raw.length > MAX_QUOTED_CHARS ? `${raw.slice(0, MAX_QUOTED_CHARS)}…` : raw;
  return JSON.stringify(cut);
}

/** Strict decimal number syntax: 12, 0.5, .5, 1e-3, 8E6. No hex, no "Infinity", no spaces. */
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Longest number text accepted, characters (longer text is rejected without parsing). */
const MAX_NUMBER_CHARS = 32;

/** Parse strict decimal text; null when it is not a finite number. -0 becomes 0. */
export function parseNumber(raw: string): number | null {
  if (raw.length === 0 || raw.length > MAX_NUMBER_CHARS || !NUMBER_RE.test(raw)) return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n;
}
