/**
 * A TCP segment (RFC 9293 §3.1) in an IPv4 packet: header, options (MSS and SACK-permitted on
 * a SYN, SACK blocks RFC 2018 on an ACK), zero-filled payload, checksum over the IPv4
 * pseudo-header (RFC 9293 §3.1).
 */
import { put16, put32 } from './bytes';
import { foldChecksum, onesSum } from './checksum';
import { IPV4_HEADER_BYTES, IP_PROTO_TCP, writeIpv4Header, type Ipv4 } from './ipv4';

export const TCP_HEADER_BYTES = 20;

/** TCP header flag bits (RFC 9293 §3.1; ECE and CWR: RFC 3168 §6.1). */
export const TcpFlag = {
  fin: 0x01,
  syn: 0x02,
  rst: 0x04,
  psh: 0x08,
  ack: 0x10,
  ece: 0x40,
  cwr: 0x80,
} as const;

/** Most SACK blocks one segment carries (RFC 2018 §3: 4 without other options). */
export const MAX_SACK_BLOCKS = 4;

export interface TcpSegment {
  src: Ipv4;
  dst: Ipv4;
  srcPort: number;
  dstPort: number;
  /** Sequence and acknowledgment numbers (taken modulo 2^32). */
  seq: number;
  ack: number;
  /** TcpFlag bits. */
  flags: number;
  /** Window field (0–65535; no window scaling is negotiated). */
  window: number;
  /** Zero-filled payload bytes. */
  payloadBytes: number;
  /** SACK blocks as [left edge, right edge) sequence numbers, at most MAX_SACK_BLOCKS. */
  sack?: readonly (readonly [number, number])[];
  /** SYN options: the MSS option's value, and SACK-permitted. */
  mss?: number;
  sackPermitted?: boolean;
  /** IPv4 identification. */
  ipId: number;
  /** The IP header's ECN field (RFC 3168 §5); default 0 (Not-ECT). */
  ecn?: number;
}

/** Bytes of the segment's options: MSS (4) and SACK-permitted (2, after two NOPs) on a SYN;
 * SACK (2 + 8 per block, after two NOPs). Each is a multiple of 4, so none needs padding.
 * Throws a RangeError past MAX_SACK_BLOCKS blocks. */
function tcpOptionsBytes(s: TcpSegment): number {
  const blocks = s.sack?.length ?? 0;
  if (blocks > MAX_SACK_BLOCKS) {
    throw new RangeError(`${blocks} SACK blocks: a segment carries at most ${MAX_SACK_BLOCKS}`);
  }
  return (
    (s.mss !== undefined ? 4 : 0) + (s.sackPermitted ? 4 : 0) + (blocks > 0 ? 4 + 8 * blocks : 0)
  );
}

/** Write the options at `out[at..)`; returns the offset after them. */
function writeTcpOptions(out: Uint8Array, at: number, s: TcpSegment): number {
  let o = at;
  if (s.mss !== undefined) {
    out[o] = 2;
    out[o + 1] = 4;
    put16(out, o + 2, s.mss);
    o += 4;
  }
  if (s.sackPermitted) {
    out.set(SACK_PERMITTED, o);
    o += 4;
  }
  const blocks = s.sack ?? [];
  if (blocks.length > 0) {
    out[o] = 1;
    out[o + 1] = 1;
    out[o + 2] = 5;
    out[o + 3] = 2 + 8 * blocks.length;
    o += 4;
    for (const [l, r] of blocks) {
      put32(out, o, l);
      put32(out, o + 4, r);
      o += 8;
    }
  }
  return o;
}

/** NOP, NOP, SACK-permitted (kind 4, length 2). */
const SACK_PERMITTED = Uint8Array.of(1, 1, 4, 2);

/** Length in bytes of the IPv4 packet carrying the segment. Throws as tcpOptionsBytes. */
export function tcpPacketBytes(s: TcpSegment): number {
  return IPV4_HEADER_BYTES + TCP_HEADER_BYTES + tcpOptionsBytes(s) + s.payloadBytes;
}

/**
 * Write the IPv4 packet carrying the segment at `out[at..)`; its payload bytes are left as
 * they are (zeros in a new buffer). Returns its length (tcpPacketBytes). Throws a RangeError
 * past MAX_SACK_BLOCKS blocks or 65535 bytes.
 */
export function writeTcp(out: Uint8Array, at: number, s: TcpSegment): number {
  const hdr = TCP_HEADER_BYTES + tcpOptionsBytes(s);
  const tcpLen = hdr + s.payloadBytes;
  const ip = { src: s.src, dst: s.dst, protocol: IP_PROTO_TCP, id: s.ipId, ecn: s.ecn };
  const total = writeIpv4Header(out, ip, tcpLen, at);
  const o = at + IPV4_HEADER_BYTES;
  put16(out, o, s.srcPort);
  put16(out, o + 2, s.dstPort);
  put32(out, o + 4, s.seq);
  put32(out, o + 8, s.ack);
  out[o + 12] = (hdr / 4) << 4;
  out[o + 13] = s.flags;
  put16(out, o + 14, Math.max(0, Math.min(0xffff, Math.floor(s.window))));
  put16(out, o + 16, 0);
  put16(out, o + 18, 0);
  writeTcpOptions(out, o + TCP_HEADER_BYTES, s);
  // Pseudo-header: source, destination, zero + protocol, TCP length.
  const pseudo =
    (s.src >>> 16) + (s.src & 0xffff) + (s.dst >>> 16) + (s.dst & 0xffff) + IP_PROTO_TCP + tcpLen;
  // The zero payload adds nothing to the sum: sum the header only.
  put16(out, o + 16, foldChecksum(onesSum(out, pseudo, o, o + hdr)));
  return total;
}

/** Encode the IPv4 packet carrying the segment: a new Uint8Array of its full length. */
export function encodeTcp(s: TcpSegment): Uint8Array {
  const out = new Uint8Array(tcpPacketBytes(s));
  writeTcp(out, 0, s);
  return out;
}
