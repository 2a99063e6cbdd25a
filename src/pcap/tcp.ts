/**
 * A TCP segment (RFC 9293 §3.1) in an IPv4 packet: header, options (MSS and SACK-permitted on
 * a SYN, SACK blocks RFC 2018 on an ACK), zero-filled payload, checksum over the IPv4
 * pseudo-header (RFC 9293 §3.1).
 */
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

/** The options bytes, padded with NOPs to a multiple of 4. */
function tcpOptions(s: TcpSegment): number[] {
  const o: number[] = [];
  if (s.mss !== undefined) o.push(2, 4, (s.mss >>> 8) & 255, s.mss & 255);
  if (s.sackPermitted) o.push(1, 1, 4, 2);
  const blocks = s.sack ?? [];
  if (blocks.length > MAX_SACK_BLOCKS) {
    throw new RangeError(
      `${blocks.length} SACK blocks: a segment carries at most ${MAX_SACK_BLOCKS}`,
    );
  }
  if (blocks.length > 0) {
    o.push(1, 1, 5, 2 + 8 * blocks.length);
    for (const [l, r] of blocks) {
      for (const x of [l >>> 0, r >>> 0])
        o.push(x >>> 24, (x >>> 16) & 255, (x >>> 8) & 255, x & 255);
    }
  }
  while (o.length % 4 !== 0) o.push(1);
  return o;
}

/** Encode the IPv4 packet carrying the segment: a new Uint8Array of its full length. */
export function encodeTcp(s: TcpSegment): Uint8Array {
  const opts = tcpOptions(s);
  const hdr = TCP_HEADER_BYTES + opts.length;
  const tcpLen = hdr + s.payloadBytes;
  const out = new Uint8Array(IPV4_HEADER_BYTES + tcpLen);
  writeIpv4Header(
    out,
    { src: s.src, dst: s.dst, protocol: IP_PROTO_TCP, id: s.ipId, ecn: s.ecn },
    tcpLen,
  );
  const seg = out.subarray(IPV4_HEADER_BYTES);
  const v = new DataView(seg.buffer, seg.byteOffset, hdr);
  v.setUint16(0, s.srcPort);
  v.setUint16(2, s.dstPort);
  v.setUint32(4, s.seq >>> 0);
  v.setUint32(8, s.ack >>> 0);
  v.setUint8(12, (hdr / 4) << 4);
  v.setUint8(13, s.flags);
  v.setUint16(14, Math.max(0, Math.min(0xffff, Math.floor(s.window))));
  v.setUint16(16, 0);
  v.setUint16(18, 0);
  seg.set(opts, TCP_HEADER_BYTES);
  // Pseudo-header: source, destination, zero + protocol, TCP length.
  const pseudo =
    (s.src >>> 16) + (s.src & 0xffff) + (s.dst >>> 16) + (s.dst & 0xffff) + IP_PROTO_TCP + tcpLen;
  // The zero payload adds nothing to the sum: sum the header only.
  v.setUint16(16, foldChecksum(onesSum(seg.subarray(0, hdr), pseudo)));
  return out;
}
