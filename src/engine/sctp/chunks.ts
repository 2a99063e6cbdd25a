/**
 * SCTP packet and chunk sizes on the wire, as ns-2.35's sctp.h lays them out (RFC 2960 §3).
 *
 * Every SCTP packet carries a 20-byte IPv4 header and the 12-byte SCTP common header
 * (RFC 2960 §3.1). DATA packets are sized from the flow config (mssBytes + headerBytes) so a
 * preset can make them 1040 bytes like TCP's; control packets use the sizes below.
 */

import type { FlowConfig } from '../config';
import { NO_BLOCKS, type Packet } from '../net/packet';
import { appPacketBytes } from '../app/payload';
import { PacketType } from '../trace/types';

/** IPv4 header + SCTP common header (RFC 2960 §3.1; ns-2 ipHeaderSize_ 20 + SCTP_HDR_SIZE 12). */
export const SCTP_IP_OVERHEAD = 32;
/** SACK chunk without Gap Ack Blocks (RFC 2960 §3.3.4): type, flags, length, Cumulative TSN
 * Ack, a_rwnd, number of Gap Ack Blocks, number of duplicate TSNs. */
export const SACK_CHUNK_BYTES = 16;
/** One Gap Ack Block (start and end offsets) or one duplicate TSN report. */
export const GAP_BLOCK_BYTES = 4;
/** A SACK packet with no Gap Ack Blocks: 48 bytes. */
export const SACK_PACKET_BYTES = SCTP_IP_OVERHEAD + SACK_CHUNK_BYTES;

/**
 * Association setup and path confirmation chunks, with their chunk sizes in ns-2.35, and the
 * graceful shutdown's (RFC 4960 §9.2; ns-2.35 has the chunk types but no shutdown).
 */
export const ControlChunk = {
  INIT: 24,
  'INIT-ACK': 24,
  'COOKIE-ECHO': 4,
  'COOKIE-ACK': 4,
  HEARTBEAT: 24,
  'HEARTBEAT-ACK': 24,
  /** RFC 4960 §3.3.8: chunk header + Cumulative TSN Ack. */
  SHUTDOWN: 8,
  /** RFC 4960 §3.3.9, §3.3.13: chunk header only. */
  'SHUTDOWN-ACK': 4,
  'SHUTDOWN-COMPLETE': 4,
  /**
   * RFC 3758 §3.2 FORWARD TSN (chunk type 192) without its (Stream, Stream Sequence) pairs:
   * chunk header 4 + New Cumulative TSN 4; each pair adds FORWARD_TSN_PAIR_BYTES.
   */
  'FORWARD-TSN': 8,
} as const;
export type ControlLabel = keyof typeof ControlChunk;

/** Bytes on the wire of a control packet carrying one chunk. */
export function controlPacketBytes(label: ControlLabel): number {
  return SCTP_IP_OVERHEAD + ControlChunk[label];
}

/** One (Stream-N, Stream Sequence-N) pair of a FORWARD TSN chunk (RFC 3758 §3.2), bytes. */
export const FORWARD_TSN_PAIR_BYTES = 4;

/** Bytes on the wire of a FORWARD-TSN packet reporting `pairs` (stream, SSN) pairs. */
export function forwardTsnPacketBytes(pairs: number): number {
  return controlPacketBytes('FORWARD-TSN') + FORWARD_TSN_PAIR_BYTES * pairs;
}

/** Bytes on the wire of a SACK packet with `gaps` Gap Ack Blocks and `dups` duplicate TSNs. */
export function sackPacketBytes(gaps: number, dups: number): number {
  return SACK_PACKET_BYTES + GAP_BLOCK_BYTES * (gaps + dups);
}

/** RFC 2960 §6.3.1 RTO.Alpha and RTO.Beta. */
export const RTO_ALPHA = 0.125;
export const RTO_BETA = 0.25;
/** RFC 2960 §15 RTO.Max (s). */
export const RTO_MAX_S = 60;
/** RFC 2960 §15 Association.Max.Retrans (ns-2 associationMaxRetrans_ 10). */
export const ASSOCIATION_MAX_RETRANS = 10;
/** RFC 2960 §15 Max.Init.Retransmits (ns-2 maxInitRetransmits_ 8). */
export const MAX_INIT_RETRANSMITS = 8;
/** RFC 2960 §6.2 delayed SACK: at most 200 ms, and a SACK for every second packet. */
export const SACK_DELAY_S = 0.2;
export const DELAYED_SACK_TRIGGER = 2;
/** Default initial ssthresh (ns-2 initialSsthresh_ 65536; Caro et al.: 64 KB). */
export const DEFAULT_SSTHRESH_BYTES = 65536;

/**
 * Bytes one DATA chunk counts in outstanding data, the peer's rwnd and the receiver's window:
 * its user data plus FlowConfig.dataChunkHeaderBytes (ns-2.35 usLength, header included).
 */
export function chunkBytesOf(cfg: FlowConfig): number {
  return cfg.mssBytes + (cfg.dataChunkHeaderBytes ?? 0);
}

/**
 * Bytes the DATA chunk of TSN `tsn` counts in outstanding data, the peer's rwnd and the
 * receiver's window (ns-2 usLength): its user data (payload.ts appPacketBytes: the last chunk of
 * a file is shorter) plus FlowConfig.dataChunkHeaderBytes.
 */
export function chunkLengthOf(cfg: FlowConfig, tsn: number): number {
  return appPacketBytes(cfg, tsn) + (cfg.dataChunkHeaderBytes ?? 0);
}

/**
 * A chunk length padded to a multiple of 4 bytes (RFC 4960 §3.3.1: the padding is not part of
 * the chunk length) when chunks carry their DATA header (dataChunkHeaderBytes > 0); as is
 * otherwise (the chunk-as-packet model of the published settings). ns-2 GetNextDataChunkSize and
 * GenChunk pad the same way.
 */
export function paddedChunkBytes(cfg: FlowConfig, length: number): number {
  if (!((cfg.dataChunkHeaderBytes ?? 0) > 0)) return length;
  return length % 4 === 0 ? length : length + 4 - (length % 4);
}

/**
 * The congestion-control MTU in bytes (ns-2 uiMaxDataSize): the path MTU less the IP and SCTP
 * common headers, or the chunk size when FlowConfig.pathMtuBytes is unset.
 */
export function mtuUnitOf(cfg: FlowConfig): number {
  return cfg.pathMtuBytes === undefined ? chunkBytesOf(cfg) : cfg.pathMtuBytes - SCTP_IP_OVERHEAD;
}

/** The receiver's initial window (a_rwnd), bytes: initialRwndBytes or windowPkts chunks. */
export function initialRwndOf(cfg: FlowConfig): number {
  return cfg.initialRwndBytes ?? cfg.windowPkts * chunkBytesOf(cfg);
}

/**
 * The packet carrying one DATA chunk (one TSN per packet) of `length` bytes (chunkLengthOf): its
 * user data, padded (paddedChunkBytes), + headerBytes on the wire — mssBytes + headerBytes for a
 * whole chunk; `retx` for a retransmission, sent at `now` (s) from node `src` to `dst`.
 */
export function dataPacket(
  uid: number,
  cfg: FlowConfig,
  src: number,
  dst: number,
  tsn: number,
  retx: boolean,
  now: number,
  length: number,
): Packet {
  const header = cfg.dataChunkHeaderBytes ?? 0;
  return {
    uid,
    flow: cfg.id,
    type: PacketType.data,
    src,
    dst,
    size: paddedChunkBytes(cfg, length) - header + cfg.headerBytes,
    seq: tsn,
    retx,
    sentAt: now,
    cumAck: 0,
    blocks: NO_BLOCKS,
    forSeq: 0,
    tsEcho: 0,
    ecn: 0,
    ecnFlags: 0,
  };
}
