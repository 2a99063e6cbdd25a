/** The Internet checksum (RFC 1071): one's complement of the one's-complement 16-bit sum. */

/** One's-complement sum of `data[from..to)` as big-endian 16-bit words (an odd last byte padded
 * with 0), added to `initial`; not folded. */
export function onesSum(data: Uint8Array, initial = 0, from = 0, to = data.length): number {
  let sum = initial;
  const end = to - ((to - from) & 1);
  for (let i = from; i < end; i += 2) sum += (data[i]! << 8) | data[i + 1]!;
  if ((to - from) & 1) sum += data[to - 1]! << 8;
  return sum;
}

/** Fold a sum to 16 bits and complement it: the checksum field's value. */
export function foldChecksum(sum: number): number {
  let s = sum;
  while (s > 0xffff) s = (s & 0xffff) + Math.floor(s / 0x10000);
  return ~s & 0xffff;
}

/** The Internet checksum of `data[from..to)` (default: all of it). */
export function internetChecksum(data: Uint8Array, from = 0, to = data.length): number {
  return foldChecksum(onesSum(data, 0, from, to));
}
