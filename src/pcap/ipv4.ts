/**
 * IPv4 header (RFC 791) of 20 bytes, no options: version 4, IHL 5, DSCP 0 and the ECN field
 * (RFC 3168 §5), total length,
 * identification, Don't Fragment, TTL 64, protocol, header checksum, addresses.
 */
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
 * Write the header for a payload of `payloadBytes` at `out[0..20)`, checksum included.
 * Returns the total length.
 */
export function writeIpv4Header(out: Uint8Array, h: Ipv4Header, payloadBytes: number): number {
  const total = IPV4_HEADER_BYTES + payloadBytes;
  if (total > 0xffff) throw new RangeError(`IPv4 packet of ${total} bytes exceeds 65535`);
  const v = new DataView(out.buffer, out.byteOffset, IPV4_HEADER_BYTES);
  v.setUint8(0, 0x45);
  v.setUint8(1, (h.ecn ?? 0) & 3); // DSCP 0, ECN
  v.setUint16(2, total);
  v.setUint16(4, h.id & 0xffff);
  v.setUint16(6, 0x4000); // DF, fragment offset 0
  v.setUint8(8, h.ttl ?? 64);
  v.setUint8(9, h.protocol);
  v.setUint16(10, 0);
  v.setUint32(12, h.src >>> 0);
  v.setUint32(16, h.dst >>> 0);
  v.setUint16(10, internetChecksum(out.subarray(0, IPV4_HEADER_BYTES)));
  return total;
}
