/**
 * A UDP datagram (RFC 768) in an IPv4 packet: the 8-byte header, zero-filled payload, and the
 * checksum over the IPv4 pseudo-header, header and payload (RFC 768; a computed 0 is sent as
 * 0xffff, as 0 means "no checksum").
 */
import { put16 } from './bytes';
import { foldChecksum, onesSum } from './checksum';
import { IPV4_HEADER_BYTES, IP_PROTO_UDP, writeIpv4Header, type Ipv4 } from './ipv4';

export const UDP_HEADER_BYTES = 8;

export interface UdpDatagram {
  src: Ipv4;
  dst: Ipv4;
  srcPort: number;
  dstPort: number;
  /** Zero-filled payload bytes. */
  payloadBytes: number;
  /** IPv4 identification. */
  ipId: number;
}

/** Length in bytes of the IPv4 packet carrying the datagram. */
export function udpPacketBytes(d: UdpDatagram): number {
  return IPV4_HEADER_BYTES + UDP_HEADER_BYTES + d.payloadBytes;
}

/**
 * Write the IPv4 packet carrying the datagram at `out[at..)`; its payload bytes are left as
 * they are (zeros in a new buffer). Returns its length (udpPacketBytes).
 */
export function writeUdp(out: Uint8Array, at: number, d: UdpDatagram): number {
  const udpLen = UDP_HEADER_BYTES + d.payloadBytes;
  const ip = { src: d.src, dst: d.dst, protocol: IP_PROTO_UDP, id: d.ipId, ecn: 0 };
  const total = writeIpv4Header(out, ip, udpLen, at);
  const o = at + IPV4_HEADER_BYTES;
  put16(out, o, d.srcPort);
  put16(out, o + 2, d.dstPort);
  put16(out, o + 4, udpLen);
  put16(out, o + 6, 0);
  // Pseudo-header: source, destination, zero + protocol, UDP length.
  const pseudo =
    (d.src >>> 16) + (d.src & 0xffff) + (d.dst >>> 16) + (d.dst & 0xffff) + IP_PROTO_UDP + udpLen;
  // The zero payload adds nothing to the sum: sum the header only.
  const sum = foldChecksum(onesSum(out, pseudo, o, o + UDP_HEADER_BYTES));
  put16(out, o + 6, sum === 0 ? 0xffff : sum);
  return total;
}

/** Encode the IPv4 packet carrying the datagram: a new Uint8Array of its full length. */
export function encodeUdp(d: UdpDatagram): Uint8Array {
  const out = new Uint8Array(udpPacketBytes(d));
  writeUdp(out, 0, d);
  return out;
}
