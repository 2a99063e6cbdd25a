/**
 * Network byte order (big-endian) writes into a byte array at an offset: what every header
 * encoder uses to write in place in the pcap's one buffer. Values are taken modulo 2^16 / 2^32.
 */

/** Write `v` as 2 bytes, most significant first, at `out[at..at+2)`. */
export function put16(out: Uint8Array, at: number, v: number): void {
  out[at] = v >>> 8;
  out[at + 1] = v;
}

/** Write `v` as 4 bytes, most significant first, at `out[at..at+4)`. */
export function put32(out: Uint8Array, at: number, v: number): void {
  out[at] = v >>> 24;
  out[at + 1] = v >>> 16;
  out[at + 2] = v >>> 8;
  out[at + 3] = v;
}
