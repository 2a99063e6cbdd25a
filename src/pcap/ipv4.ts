/**
 * IPv4 header (RFC 791) of 20 bytes, no options: version 4, IHL 5, DSCP 0 and the ECN field
 * (RFC 3168 §5), total length,
 * identification, Don't Fragment, TTL 64, protocol, header checksum, addresses.
 */
import { put16, put32 } from './bytes';
import { internetChecksum } from './checksum';

export const IPV4_HEADER_BYTES = 20;
export const IP_PROTO_TCP = 6;
export const IP_PROTO_UDP = 17;
export const IP_PROTO_SCTP = 132;

/** An IPv4 address as an unsigned 32-bit number. */
export type Ipv4 = number;

export interface Ipv4Header {
  src: Ipv4;
  dst: Ipv4;
  protocol: number;
  /** Identification field (taken modulo 2^16). */
  id: number;
  ttl?: number;
  /** The ECN field (RFC 3168 §5): 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE; default 0. */
  ecn?: number;
}

/** "a.b.c.d" of an address. */
export function formatIpv4(a: Ipv4): string {
  return `${a >>> 24}.${(a >>> 16) & 255}.${(a >>> 8) & 255}.${a & 255}`;
}

/**
 * Write the header for a payload of `payloadBytes` at `out[at..at+20)` (default at 0),
 * checksum included. Returns the packet's total length. Throws a RangeError past 65535 bytes.
 */
export function writeIpv4Header(
  out: Uint8Array,
  h: Ipv4Header,
  payloadBytes: number,
  at = 0,
): number {
  const total = IPV4_HEADER_BYTES + payloadBytes;
  if (total > 0xffff) throw new RangeError(`IPv4 packet of ${total} bytes exceeds 65535`);
  out[at] = 0x45;
  out[at + 1] = (h.ecn ?? 0) & 3; // DSCP 0, ECN
  put16(out, at + 2, total);
  put16(out, at + 4, h.id & 0xffff);
  put16(out, at + 6, 0x4000); // DF, fragment offset 0
  out[at + 8] = h.ttl ?? 64;
  out[at + 9] = h.protocol;
  put16(out, at + 10, 0);
  put32(out, at + 12, h.src);
  put32(out, at + 16, h.dst);
  put16(out, at + 10, internetChecksum(out, at, at + IPV4_HEADER_BYTES));
  return total;
}
