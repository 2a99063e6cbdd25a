/**
 * CRC32c (Castagnoli, RFC 3309 / RFC 4960 Appendix B) of a byte range, from the `crc-32`
 * package (SheetJS; its crc32c module), as an unsigned 32-bit number. Pure JS: works in the
 * browser bundle, the worker and Node.
 */
import * as crc32cModule from 'crc-32/crc32c.js';

interface Crc32cApi {
  buf(data: Uint8Array, seed?: number): number;
}

// CommonJS module: a bundler may hand it over as the namespace or as its `default`.
const api: Crc32cApi =
  typeof (crc32cModule as Partial<Crc32cApi>).buf === 'function'
    ? (crc32cModule as Crc32cApi)
    : (crc32cModule as unknown as { default: Crc32cApi }).default;

/** CRC32c of `data[from..to)`, default all of it (the check value: 0xE3069283 for the ASCII
 * bytes "123456789"). A range is read through a view of the same bytes, not a copy. */
export function crc32c(data: Uint8Array, from = 0, to = data.length): number {
  const bytes = from === 0 && to === data.length ? data : data.subarray(from, to);
  return api.buf(bytes) >>> 0;
}
