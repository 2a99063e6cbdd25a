/**
 * Capture import (issue 27): the shapes shared by the reader, the analysis, the CLI and the
 * browser. Pure data, no DOM and no Node APIs.
 *
 * Units everywhere: time in seconds (capture timestamps; analysis times are seconds since the
 * connection's first packet), sizes in bytes, sequence and ACK numbers *relative* to the
 * initial sequence number of their direction (the first byte of data is 1 after a SYN, as
 * tcptrace and Wireshark show them; 0 when the capture starts mid-connection, counted from the
 * first sequence number seen). Receive windows are in bytes, already scaled by the window
 * scale option (RFC 7323 §2) when the handshake was seen.
 */

/** Which end of the path the capture was taken at, relative to the connection's data sender. */
export type CaptureSide = 'sender' | 'receiver' | 'middle' | 'unknown';

/** Whether an explanation row states what the capture shows or what the analysis infers. */
export type Basis = 'seen' | 'inferred';

/**
 * Why a data segment was sent again:
 * - `fast`: after the third duplicate ACK (or SACK evidence of loss), RFC 5681 §3.2 / RFC 6675;
 * - `rto`: after a silence of at least the retransmission timeout (RFC 6298), with no
 *   duplicate-ACK trigger; cwnd falls to one segment;
 * - `rack`: a tail loss probe or a RACK time-based retransmission (RFC 8985): resent after
 *   fewer than three duplicate ACKs (none for a probe), before an RTO could have fired;
 * - `other`: a retransmission with none of those triggers visible in the capture.
 */
export type RetransmissionClass = 'fast' | 'rto' | 'rack' | 'other';

/** Reading progress, reported while chunks are fed. */
export interface CaptureProgress {
  /** Bytes of the file consumed so far. */
  bytesRead: number;
  /** The file's size if the caller gave it, else null. */
  totalBytes: number | null;
  /** Packets read so far (all link types, TCP or not). */
  packets: number;
  /** TCP packets kept so far. */
  tcpPackets: number;
}

/** One end of a connection. `addr` is dotted IPv4 or RFC 5952 IPv6 text. */
export interface Endpoint {
  addr: string;
  port: number;
}

/**
 * One TCP connection of the capture (a 4-tuple; a new SYN on a closed tuple starts another),
 * named from its data sender's side. Field names are the CLI's `analysis` JSON names.
 */
export interface ConnectionSummary {
  /** Index of the connection in `connections()` (stable for one read). */
  id: number;
  /** The end that sent the most payload (the client on a tie). */
  sender: Endpoint;
  receiver: Endpoint;
  /** The end that sent the first SYN, or null if the handshake was not captured. */
  client: Endpoint | null;
  /** First packet, seconds since the capture's first packet. */
  start: number;
  /** Last packet − first packet, seconds. */
  duration: number;
  /** TCP packets in both directions. */
  packets: number;
  /** Packets with TCP payload from the sender. */
  data_packets: number;
  /** Payload bytes the sender sent, retransmissions included. */
  bytes: number;
  /** Highest relative sequence number acknowledged − 1 (the bytes delivered), bytes. */
  goodput_bytes: number;
  /** Data segments that repeat bytes already sent, every class (Wireshark's sense). */
  retransmissions: number;
  fast_retransmissions: number;
  rto_retransmissions: number;
  rack_retransmissions: number;
  /** Retransmissions shown unnecessary: DSACK (RFC 2883) or an ACK that covers them arrived
   * before the retransmission could have reached the receiver. */
  spurious_retransmissions: number;
  /** Duplicate ACKs as RFC 5681 §2 counts them (no data, no SYN/FIN, same ACK, same window,
   * outstanding data). */
  duplicate_acks: number;
  /** New data segments that arrived below the highest sequence already seen, not
   * retransmissions (reordered in the network). */
  out_of_order: number;
  /** ACKs advertising a zero receive window. */
  zero_windows: number;
  /** Loss recovery episodes (fast recovery or RTO recovery). */
  recoveries: number;
  /** Where the capture was taken, with the evidence in `capture_side_evidence`. */
  capture_side: CaptureSide;
  capture_side_evidence: string;
  /** Handshake RTT (SYN → ACK of SYN-ACK as seen at the capture point), seconds; null without
   * a handshake. */
  handshake_rtt: number | null;
  /** Smallest RTT sample, seconds; null without samples. */
  min_rtt: number | null;
  /** Options negotiated in the handshake (null = handshake not seen). */
  sack_permitted: boolean | null;
  timestamps: boolean | null;
  /** Sender's MSS (the MSS option, else the largest segment seen), bytes. */
  mss: number;
}

/**
 * Every packet of one connection as columns of equal length, in capture order. `dir` 0 =
 * sender → receiver, 1 = receiver → sender. `seq`/`end` are relative sequence numbers of the
 * packet's own direction; `ack` the relative ACK number of the other direction (0 when the ACK
 * flag is clear).
 */
export interface PacketColumns {
  length: number;
  /** Seconds since the connection's first packet. */
  time: Float64Array;
  dir: Uint8Array;
  seq: Float64Array;
  /** seq + payload bytes (+1 for SYN/FIN). */
  end: Float64Array;
  /** Payload bytes. */
  len: Uint32Array;
  ack: Float64Array;
  /** Receive window in bytes (scaled). */
  win: Float64Array;
  /** TCP flag bits as on the wire: FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10 … */
  flags: Uint16Array;
  /** Bytes in flight after the packet (sender's highest seq − highest ACK), bytes. */
  inflight: Float64Array;
  /** PacketKind bit set per packet (see PACKET_KIND). */
  kind: Uint16Array;
}

/** Bits of PacketColumns.kind. */
export const PACKET_KIND = {
  data: 1,
  retransmission: 2,
  ack: 4,
  duplicateAck: 8,
  windowUpdate: 16,
  zeroWindow: 32,
  outOfOrder: 64,
  sack: 128,
  dsack: 256,
  spurious: 512,
  syn: 1024,
  fin: 2048,
  rst: 4096,
} as const;

/** A SACK block carried by an ACK (relative sequence numbers, [start, end)). */
export interface SackBlock {
  /** Index of the ACK in PacketColumns. */
  packet: number;
  start: number;
  end: number;
  /** The first block of the ACK reports data below the cumulative ACK or inside another
   * block: a D-SACK (RFC 2883). */
  dsack: boolean;
}

/** A duplicate ACK, numbered as the sender counts them (1st, 2nd, 3rd …). */
export interface DupAckEvent {
  packet: number;
  time: number;
  /** The repeated cumulative ACK (relative). */
  ack: number;
  /** 1 for the first duplicate. */
  count: number;
}

/** A retransmitted data segment. */
export interface Retransmission {
  packet: number;
  time: number;
  seq: number;
  end: number;
  cls: RetransmissionClass;
  /** The first transmission of these bytes (packet index), or −1 if not captured. */
  original: number;
  /** Seconds since the trigger (3rd dup ACK for `fast`, last sender/ACK activity for `rto`). */
  delay: number;
  spurious: boolean;
  /** A fast retransmit told by its timing: it came one loop through the sender (this many
   * seconds, the handshake's or the latest timestamp sample) after the 3rd duplicate ACK
   * passed the capture point, though the RTO estimate had elapsed. Absent otherwise. */
  loop?: number;
}

/** One RTT sample. */
export interface RttSample {
  /** Time of the ACK that closed the sample, seconds since the connection start. */
  time: number;
  /** Seconds. */
  rtt: number;
  /** `karn`: a segment sent once and acknowledged (RFC 6298 §3); `ts`: TSecr echo (RFC
   * 7323 §4). */
  source: 'karn' | 'ts';
}

/**
 * The largest flight between two loss recoveries: an estimate of the cwnd the sender used
 * (a lower bound; exact where the sender was cwnd-limited), bytes.
 */
export interface CwndBound {
  start: number;
  end: number;
  bytes: number;
  /** Flight in segments of `mss`. */
  segments: number;
}

/** One loss recovery, from its first retransmission until the ACK that covers `recover`. */
export interface RecoveryEpisode {
  start: number;
  /** Time of the ACK covering `recover`; the connection's end if never covered. */
  end: number;
  trigger: 'fast' | 'rto' | 'rack';
  /** Highest sequence sent when recovery began (RFC 6582 "recover"). */
  recover: number;
  retransmissions: number;
  /** Flight when recovery began and when it ended, bytes. */
  flightBefore: number;
  flightAfter: number;
}

/** One line of the explanation log. */
export interface ExplanationRow {
  time: number;
  packet: number;
  /** Short machine-readable kind: 'dupack', 'fast-retransmit', 'rto', 'rack', 'spurious',
   * 'out-of-order', 'zero-window', 'recovery-end', 'handshake', 'capture-side'. */
  kind: string;
  /** The sentence shown (times in s, sequence numbers relative). */
  text: string;
  basis: Basis;
  /** The RFC section the rule comes from, e.g. 'RFC 5681 §3.2'. */
  source: string;
}

/** Everything the analysis derives for one connection. */
export interface ConnectionAnalysis {
  summary: ConnectionSummary;
  packets: PacketColumns;
  sacks: SackBlock[];
  dupacks: DupAckEvent[];
  retransmissions: Retransmission[];
  /** Packet indices of out-of-order arrivals. */
  outOfOrder: number[];
  /** Packet indices of zero-window ACKs. */
  zeroWindows: number[];
  rtt: RttSample[];
  cwndBounds: CwndBound[];
  recoveries: RecoveryEpisode[];
  explanation: ExplanationRow[];
}

/** Options of createCaptureReader. */
export interface CaptureReaderOptions {
  /** Called after each fed chunk (and at the end). */
  onProgress?: (p: CaptureProgress) => void;
  /** The file's size in bytes, for progress. */
  totalBytes?: number;
}

/**
 * A streaming capture reader: feed the file in chunks of any size (`push`), then `end()`;
 * read `connections()` and `analyse(id)`. Memory: the container is parsed incrementally
 * (only an unfinished record is buffered); each TCP packet keeps about 60 bytes of typed
 * columns. `cancel()` makes the next `push`/`end` throw CaptureCancelled.
 * Errors: `push` throws CaptureFormatError on a file that is neither pcap nor pcapng, or on a
 * corrupt record.
 */
export interface CaptureReader {
  push(chunk: Uint8Array): void;
  end(): void;
  cancel(): void;
  readonly progress: CaptureProgress;
  /** File format once known. */
  readonly format: 'pcap' | 'pcapng' | null;
  /** Unix time of the capture's first packet, seconds (null before one is read). */
  readonly startTime: number | null;
  connections(): ConnectionSummary[];
  analyse(id: number): ConnectionAnalysis;
}

/** Thrown by a cancelled reader. */
export class CaptureCancelled extends Error {
  constructor() {
    super('capture reading cancelled');
    this.name = 'CaptureCancelled';
  }
}

/** Thrown on a file that is not a readable pcap/pcapng capture. */
export class CaptureFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptureFormatError';
  }
}
