/**
 * Number and list formatting for people (explanations, labels). Locale-free, so Node and the
 * browser print the same characters. Machine outputs (CSV/JSON) use String(number) instead.
 */

/** Up to `decimals` decimals, trailing zeros trimmed: 7.142857 → "7.143", 7 → "7", -0 → "0". */
export function fmtNum(x: number, decimals = 3): string {
  if (!Number.isFinite(x)) return String(x);
  const s = x.toFixed(decimals);
  const trimmed = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * A byte count, rounded to a whole byte, thousands grouped with a narrow no-break space:
 * 65536 → "65 536", 7499.9999 → "7 500", 999 → "999".
 */
export function fmtBytes(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const n = Math.round(x);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return n < 0 ? `-${digits}` : digits;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const t = Math.abs(n) % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][Math.abs(n) % 10] ?? 'th'}`;
}

/** "a", "a and b", "a, b and c". */
export function joinAnd(items: readonly string[], empty = 'nothing'): string {
  if (items.length === 0) return empty;
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/**
 * Packet numbers in the order sent, runs of 3 or more consecutive ascending numbers collapsed:
 * [15] → "15", [30, 31, 32] → "30–32", [30, 31, 33] → "30, 31 and 33", [] → "nothing".
 */
export function fmtPackets(packets: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < packets.length) {
    let j = i;
    while (j + 1 < packets.length && packets[j + 1] === packets[j]! + 1) j++;
    if (j - i >= 2) {
      parts.push(`${packets[i]!}–${packets[j]!}`);
    } else {
      for (let k = i; k <= j; k++) parts.push(String(packets[k]!));
    }
    i = j + 1;
  }
  return joinAnd(parts);
}
