/**
 * An SCTP packet (RFC 4960 §3) in an IPv4 packet: the common header (ports, verification tag,
 * CRC32c checksum of Appendix B) and one chunk — DATA (§3.3.1), SACK (§3.3.4), the setup and
 * path chunks INIT, INIT ACK, COOKIE ECHO, COOKIE ACK, HEARTBEAT, HEARTBEAT ACK (§3.3.2, 3.3.3,
 * 3.3.5, 3.3.6, 3.3.11, 3.3.12), the shutdown chunks SHUTDOWN, SHUTDOWN ACK and SHUTDOWN
 * COMPLETE (§3.3.8, 3.3.9, 3.3.13), or PR-SCTP's FORWARD TSN (RFC 3758 §3.2).
 */
import { crc32c } from './crc32c';
import { IPV4_HEADER_BYTES, IP_PROTO_SCTP, writeIpv4Header, type Ipv4 } from './ipv4';

export const SCTP_COMMON_HEADER_BYTES = 12;
export const DATA_CHUNK_HEADER_BYTES = 16;

/** Chunk type numbers (RFC 4960 §3.2). */
export const ChunkType = {
  DATA: 0,
  INIT: 1,
  'INIT-ACK': 2,
  SACK: 3,
  HEARTBEAT: 4,
  'HEARTBEAT-ACK': 5,
  SHUTDOWN: 7,
  'SHUTDOWN-ACK': 8,
  'COOKIE-ECHO': 10,
  'COOKIE-ACK': 11,
  'SHUTDOWN-COMPLETE': 14,
  /** RFC 3758 §3.2. */
  'FORWARD-TSN': 192,
} as const;

export type SctpControl =
  | 'INIT'
  | 'INIT-ACK'
  | 'COOKIE-ECHO'
  | 'COOKIE-ACK'
  | 'HEARTBEAT'
  | 'HEARTBEAT-ACK'
  | 'SHUTDOWN'
  | 'SHUTDOWN-ACK'
  | 'SHUTDOWN-COMPLETE';

export type SctpChunk =
  | {
      kind: 'DATA';
      tsn: number;
      stream: number;
      ssn: number;
      ppid: number;
      /** Zero-filled user data bytes. */
      dataBytes: number;
      /** U bit (RFC 4960 §3.3.1, §6.6): unordered delivery. */
      unordered?: boolean;
    }
  | {
      kind: 'SACK';
      cumTsnAck: number;
      aRwnd: number;
      /** Gap Ack Blocks as offsets from cumTsnAck (start, end inclusive; 1–65535). */
      gaps: readonly (readonly [number, number])[];
      dupTsns?: readonly number[];
    }
  | {
      kind: 'INIT' | 'INIT-ACK';
      initiateTag: number;
      aRwnd: number;
      outStreams: number;
      inStreams: number;
      initialTsn: number;
      /** INIT ACK: the State Cookie parameter's bytes. */
      cookie?: Uint8Array;
    }
  | { kind: 'COOKIE-ECHO'; cookie: Uint8Array }
  | { kind: 'COOKIE-ACK' }
  | { kind: 'HEARTBEAT' | 'HEARTBEAT-ACK'; info: Uint8Array }
  | {
      kind: 'SHUTDOWN';
      /** The TSN of the last DATA chunk its sender received in sequence (§3.3.8). */
      cumTsnAck: number;
    }
  | { kind: 'SHUTDOWN-ACK' }
  | {
      kind: 'FORWARD-TSN';
      newCumTsn: number;
      /** (Stream-N, Stream Sequence-N) pairs, 0-based (RFC 3758 §3.2). */
      pairs: readonly (readonly [number, number])[];
    }
  | {
      kind: 'SHUTDOWN-COMPLETE';
      /** T bit (§3.3.13): set when the sender has no TCB and reflects the tag it got (§8.5.1). */
      tBit: boolean;
    };

export interface SctpPacket {
  src: Ipv4;
  dst: Ipv4;
  srcPort: number;
  dstPort: number;
  verificationTag: number;
  chunk: SctpChunk;
  ipId: number;
}

const pad4 = (n: number): number => (n + 3) & ~3;

/** Length field of the chunk (unpadded) and its bytes after the 4-byte chunk header. */
function chunkBody(c: SctpChunk): {
  type: number;
  flags: number;
  body: Uint8Array;
  length: number;
} {
  switch (c.kind) {
    case 'DATA': {
      const body = new Uint8Array(12 + c.dataBytes);
      const v = new DataView(body.buffer);
      v.setUint32(0, c.tsn >>> 0);
      v.setUint16(4, c.stream);
      v.setUint16(6, c.ssn & 0xffff);
      v.setUint32(8, c.ppid >>> 0);
      // Flags: B and E (an unfragmented message); U (0x04) when unordered.
      const flags = c.unordered ? 0x07 : 0x03;
      return { type: ChunkType.DATA, flags, body, length: 4 + body.length };
    }
    case 'SACK': {
      const dups = c.dupTsns ?? [];
      const body = new Uint8Array(12 + 4 * c.gaps.length + 4 * dups.length);
      const v = new DataView(body.buffer);
      v.setUint32(0, c.cumTsnAck >>> 0);
      v.setUint32(4, c.aRwnd >>> 0);
      v.setUint16(8, c.gaps.length);
      v.setUint16(10, dups.length);
      c.gaps.forEach(([s, e], i) => {
        v.setUint16(12 + 4 * i, s);
        v.setUint16(14 + 4 * i, e);
      });
      dups.forEach((t, i) => v.setUint32(12 + 4 * c.gaps.length + 4 * i, t >>> 0));
      return { type: ChunkType.SACK, flags: 0, body, length: 4 + body.length };
    }
    case 'INIT':
    case 'INIT-ACK': {
      const cookie = c.cookie;
      const param = cookie ? 4 + cookie.length : 0;
      const body = new Uint8Array(16 + pad4(param));
      const v = new DataView(body.buffer);
      v.setUint32(0, c.initiateTag >>> 0);
      v.setUint32(4, c.aRwnd >>> 0);
      v.setUint16(8, c.outStreams);
      v.setUint16(10, c.inStreams);
      v.setUint32(12, c.initialTsn >>> 0);
      if (cookie) {
        v.setUint16(16, 7); // State Cookie (§3.3.3)
        v.setUint16(18, param);
        body.set(cookie, 20);
      }
      return { type: ChunkType[c.kind], flags: 0, body, length: 4 + 16 + param };
    }
    case 'COOKIE-ECHO':
      return {
        type: ChunkType['COOKIE-ECHO'],
        flags: 0,
        body: c.cookie,
        length: 4 + c.cookie.length,
      };
    case 'COOKIE-ACK':
      return { type: ChunkType['COOKIE-ACK'], flags: 0, body: new Uint8Array(0), length: 4 };
    case 'HEARTBEAT':
    case 'HEARTBEAT-ACK': {
      // Heartbeat Info parameter (§3.3.5, type 1).
      const param = 4 + c.info.length;
      const body = new Uint8Array(pad4(param));
      const v = new DataView(body.buffer);
      v.setUint16(0, 1);
      v.setUint16(2, param);
      body.set(c.info, 4);
      return { type: ChunkType[c.kind], flags: 0, body, length: 4 + param };
    }
    case 'SHUTDOWN': {
      // §3.3.8: chunk header + Cumulative TSN Ack, length 8.
      const body = new Uint8Array(4);
      new DataView(body.buffer).setUint32(0, c.cumTsnAck >>> 0);
      return { type: ChunkType.SHUTDOWN, flags: 0, body, length: 8 };
    }
    case 'FORWARD-TSN': {
      // RFC 3758 §3.2: New Cumulative TSN, then 16-bit (stream, SSN) pairs; length 8 + 4·pairs.
      const body = new Uint8Array(4 + 4 * c.pairs.length);
      const v = new DataView(body.buffer);
      v.setUint32(0, c.newCumTsn >>> 0);
      c.pairs.forEach(([st, n], i) => {
        v.setUint16(4 + 4 * i, st);
        v.setUint16(6 + 4 * i, n & 0xffff);
      });
      return { type: ChunkType['FORWARD-TSN'], flags: 0, body, length: 4 + body.length };
    }
    case 'SHUTDOWN-ACK':
      // §3.3.9: chunk header only, length 4.
      return { type: ChunkType['SHUTDOWN-ACK'], flags: 0, body: new Uint8Array(0), length: 4 };
    case 'SHUTDOWN-COMPLETE':
      // §3.3.13: chunk header only; flags bit 0 is the T bit.
      return {
        type: ChunkType['SHUTDOWN-COMPLETE'],
        flags: c.tBit ? 0x01 : 0,
        body: new Uint8Array(0),
        length: 4,
      };
  }
}

/**
 * Encode the IPv4 packet carrying the SCTP packet: a new Uint8Array of its full length. The
 * chunk is padded to a multiple of 4 bytes (the padding is not in its length field); the
 * checksum is the CRC32c of the SCTP packet with the field zeroed, its bytes in the order of
 * RFC 4960 Appendix B (the CRC's least significant byte first).
 */
export function encodeSctp(p: SctpPacket): Uint8Array {
  const c = chunkBody(p.chunk);
  const sctpLen = SCTP_COMMON_HEADER_BYTES + pad4(4 + c.body.length);
  const out = new Uint8Array(IPV4_HEADER_BYTES + sctpLen);
  writeIpv4Header(out, { src: p.src, dst: p.dst, protocol: IP_PROTO_SCTP, id: p.ipId }, sctpLen);
  const pkt = out.subarray(IPV4_HEADER_BYTES);
  const v = new DataView(pkt.buffer, pkt.byteOffset, pkt.length);
  v.setUint16(0, p.srcPort);
  v.setUint16(2, p.dstPort);
  v.setUint32(4, p.verificationTag >>> 0);
  v.setUint32(8, 0);
  v.setUint8(12, c.type);
  v.setUint8(13, c.flags);
  v.setUint16(14, c.length);
  pkt.set(c.body, 16);
  v.setUint32(8, crc32c(pkt), true);
  return out;
}
