/**
 * An SCTP packet (RFC 4960 §3) in an IPv4 packet: the common header (ports, verification tag,
 * CRC32c checksum of Appendix B) and one chunk — DATA (§3.3.1), SACK (§3.3.4), the setup and
 * path chunks INIT, INIT ACK, COOKIE ECHO, COOKIE ACK, HEARTBEAT, HEARTBEAT ACK (§3.3.2, 3.3.3,
 * 3.3.5, 3.3.6, 3.3.11, 3.3.12), the shutdown chunks SHUTDOWN, SHUTDOWN ACK and SHUTDOWN
 * COMPLETE (§3.3.8, 3.3.9, 3.3.13), or PR-SCTP's FORWARD TSN (RFC 3758 §3.2).
 */
import { put16, put32 } from './bytes';
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

/** The chunk's length field (RFC 4960 §3.2: header and value, without the padding). */
function chunkLength(c: SctpChunk): number {
  switch (c.kind) {
    case 'DATA':
      return 16 + c.dataBytes;
    case 'SACK':
      return 16 + 4 * c.gaps.length + 4 * (c.dupTsns?.length ?? 0);
    case 'INIT':
    case 'INIT-ACK':
      return 20 + (c.cookie ? 4 + c.cookie.length : 0);
    case 'COOKIE-ECHO':
      return 4 + c.cookie.length;
    case 'HEARTBEAT':
    case 'HEARTBEAT-ACK':
      return 8 + c.info.length;
    case 'SHUTDOWN':
      // §3.3.8: chunk header + Cumulative TSN Ack.
      return 8;
    case 'FORWARD-TSN':
      // RFC 3758 §3.2: New Cumulative TSN, then 16-bit (stream, SSN) pairs.
      return 8 + 4 * c.pairs.length;
    case 'COOKIE-ACK':
    case 'SHUTDOWN-ACK':
    case 'SHUTDOWN-COMPLETE':
      // §3.3.12, §3.3.9, §3.3.13: chunk header only.
      return 4;
  }
}

/** The chunk's flags byte. */
function chunkFlags(c: SctpChunk): number {
  // DATA: B and E (an unfragmented message); U (0x04) when unordered.
  if (c.kind === 'DATA') return c.unordered ? 0x07 : 0x03;
  // SHUTDOWN COMPLETE: bit 0 is the T bit.
  if (c.kind === 'SHUTDOWN-COMPLETE') return c.tBit ? 0x01 : 0;
  return 0;
}

/** Write the chunk's value (after its 4-byte header) at `out[at..)`; bytes not written (user
 * data, padding) are left as they are. */
function writeChunkValue(out: Uint8Array, at: number, c: SctpChunk): void {
  switch (c.kind) {
    case 'DATA':
      put32(out, at, c.tsn);
      put16(out, at + 4, c.stream);
      put16(out, at + 6, c.ssn);
      put32(out, at + 8, c.ppid);
      return;
    case 'SACK': {
      const dups = c.dupTsns ?? [];
      put32(out, at, c.cumTsnAck);
      put32(out, at + 4, c.aRwnd);
      put16(out, at + 8, c.gaps.length);
      put16(out, at + 10, dups.length);
      let o = at + 12;
      for (const [s, e] of c.gaps) {
        put16(out, o, s);
        put16(out, o + 2, e);
        o += 4;
      }
      for (const t of dups) {
        put32(out, o, t);
        o += 4;
      }
      return;
    }
    case 'INIT':
    case 'INIT-ACK':
      put32(out, at, c.initiateTag);
      put32(out, at + 4, c.aRwnd);
      put16(out, at + 8, c.outStreams);
      put16(out, at + 10, c.inStreams);
      put32(out, at + 12, c.initialTsn);
      if (c.cookie) {
        put16(out, at + 16, 7); // State Cookie (§3.3.3)
        put16(out, at + 18, 4 + c.cookie.length);
        out.set(c.cookie, at + 20);
      }
      return;
    case 'COOKIE-ECHO':
      out.set(c.cookie, at);
      return;
    case 'HEARTBEAT':
    case 'HEARTBEAT-ACK':
      // Heartbeat Info parameter (§3.3.5, type 1).
      put16(out, at, 1);
      put16(out, at + 2, 4 + c.info.length);
      out.set(c.info, at + 4);
      return;
    case 'SHUTDOWN':
      put32(out, at, c.cumTsnAck);
      return;
    case 'FORWARD-TSN': {
      put32(out, at, c.newCumTsn);
      let o = at + 4;
      for (const [st, n] of c.pairs) {
        put16(out, o, st);
        put16(out, o + 2, n);
        o += 4;
      }
      return;
    }
    case 'COOKIE-ACK':
    case 'SHUTDOWN-ACK':
    case 'SHUTDOWN-COMPLETE':
      return;
  }
}

/** Length in bytes of the IPv4 packet carrying the SCTP packet (its chunk padded to 4). */
export function sctpPacketBytes(p: SctpPacket): number {
  return IPV4_HEADER_BYTES + SCTP_COMMON_HEADER_BYTES + pad4(chunkLength(p.chunk));
}

/**
 * Write the IPv4 packet carrying the SCTP packet at `out[at..)`: the chunk is padded to a
 * multiple of 4 bytes (the padding is not in its length field); the checksum is the CRC32c of
 * the SCTP packet with the field zeroed, its bytes in the order of RFC 4960 Appendix B (the
 * CRC's least significant byte first). User data and padding bytes are left as they are (zeros
 * in a new buffer). Returns the packet's length (sctpPacketBytes); throws a RangeError past
 * 65535 bytes.
 */
export function writeSctp(out: Uint8Array, at: number, p: SctpPacket): number {
  const c = p.chunk;
  const length = chunkLength(c);
  const sctpLen = SCTP_COMMON_HEADER_BYTES + pad4(length);
  const ip = { src: p.src, dst: p.dst, protocol: IP_PROTO_SCTP, id: p.ipId, ecn: 0 };
  const total = writeIpv4Header(out, ip, sctpLen, at);
  const o = at + IPV4_HEADER_BYTES;
  put16(out, o, p.srcPort);
  put16(out, o + 2, p.dstPort);
  put32(out, o + 4, p.verificationTag);
  put32(out, o + 8, 0);
  out[o + 12] = ChunkType[c.kind];
  out[o + 13] = chunkFlags(c);
  put16(out, o + 14, length);
  writeChunkValue(out, o + 16, c);
  const crc = crc32c(out, o, o + sctpLen);
  out[o + 8] = crc;
  out[o + 9] = crc >>> 8;
  out[o + 10] = crc >>> 16;
  out[o + 11] = crc >>> 24;
  return total;
}

/** Encode the IPv4 packet carrying the SCTP packet (writeSctp): a new Uint8Array of its full
 * length. */
export function encodeSctp(p: SctpPacket): Uint8Array {
  const out = new Uint8Array(sctpPacketBytes(p));
  writeSctp(out, 0, p);
  return out;
}
