/**
 * A UDP datagram (RFC 768) in an IPv4 packet: the 8-byte header, zero-filled payload, and the
 * checksum over the IPv4 pseudo-header, header and payload (RFC 768; a computed 0 is sent as
 * 0xffff, as 0 means "no checksum").
 */
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

/** Encode the IPv4 packet carrying the datagram: a new Uint8Array of its full length. */
export function encodeUdp(d: UdpDatagram): Uint8Array {
  const udpLen = UDP_HEADER_BYTES + d.payloadBytes;
  const out = new Uint8Array(IPV4_HEADER_BYTES + udpLen);
  writeIpv4Header(out, { src: d.src, dst: d.dst, protocol: IP_PROTO_UDP, id: d.ipId }, udpLen);
  const seg = out.subarray(IPV4_HEADER_BYTES);
  const v = new DataView(seg.buffer, seg.byteOffset, UDP_HEADER_BYTES);
  v.setUint16(0, d.srcPort);
  v.setUint16(2, d.dstPort);
  v.setUint16(4, udpLen);
  v.setUint16(6, 0);
  // Pseudo-header: source, destination, zero + protocol, UDP length.
  const pseudo =
    (d.src >>> 16) + (d.src & 0xffff) + (d.dst >>> 16) + (d.dst & 0xffff) + IP_PROTO_UDP + udpLen;
  // The zero payload adds nothing to the sum: sum the header only.
  const sum = foldChecksum(onesSum(seg.subarray(0, UDP_HEADER_BYTES), pseudo));
  v.setUint16(6, sum === 0 ? 0xffff : sum);
  return out;
}
