/**
 * What the page keeps of an imported capture: per TCP connection, the columns the capture
 * view's plots, flow list and log read (built in the capture worker from the capture module's
 * analysis, `captureView.ts`; typed arrays, transferred, never copied). Times are seconds from
 * the capture's first packet; sequence numbers are bytes relative to the data sender's ISN
 * (tcptrace's and Wireshark's relative sequence numbers).
 */

/** Where the capture was taken, as the analysis detected it (and why). */
export type CaptureSide = 'sender' | 'receiver' | 'unknown';

/** One packet of the connection, both directions, in capture order. */
export interface CapturePacketColumns {
  length: number;
  /** Seconds from the capture's first packet. */
  time: Float64Array;
  /** 0 = data direction (sender → receiver), 1 = ACK direction. */
  dir: Uint8Array;
  /** Data direction: first sequence byte (relative); ACK direction: 0. */
  seq: Float64Array;
  /** TCP payload bytes (0 for a pure ACK). */
  len: Int32Array;
  /** ACK direction: cumulative ACK (relative to the data sender's ISN); −1 when none. */
  ack: Float64Array;
  /** ACK direction: right edge of the receive window (ack + scaled window), bytes; −1 unknown. */
  winEdge: Float64Array;
  /**
   * Data direction: 0 new data, else a retransmission's class (RETX_KIND); ACK direction: the
   * duplicate-ACK ordinal (1st, 2nd, …; 0 = not a duplicate).
   */
  mark: Uint8Array;
  /** 1 when the row's class is inferred rather than seen (e.g. a loss before the capture point). */
  inferred: Uint8Array;
}

/** Retransmission classes (CapturePacketColumns.mark on data rows). */
export const RETX_KIND = {
  none: 0,
  fast: 1,
  rto: 2,
  /** Tail loss probe or RACK-style (time-based) retransmission. */
  timeBased: 3,
  spurious: 4,
  /** A retransmission the analysis could not class. */
  other: 5,
  /** Out-of-order arrival (not a retransmission; receiver-side captures). */
  outOfOrder: 6,
} as const;
export type RetxKind = (typeof RETX_KIND)[keyof typeof RETX_KIND];

/** SACK blocks, one row per block, each tied to its ACK row. */
export interface CaptureSackColumns {
  length: number;
  /** Row in CapturePacketColumns of the ACK carrying it. */
  packet: Int32Array;
  left: Float64Array;
  right: Float64Array;
}

/** A step series: value v (bytes or seconds) from time t. */
export interface CaptureSeries {
  time: Float64Array;
  value: Float64Array;
}

/** One row of the explanation log, as the analysis narrates the connection. */
export interface CaptureLogRow {
  time: number;
  /** Row of CapturePacketColumns the sentence is about (the cursor's place). */
  packet: number;
  text: string;
  /** What the rule is (short tag: "fast retransmit", "RTO", "dupack", …). */
  tag: string;
  /** The row states an inference (not seen on the wire). */
  inferred: boolean;
}

export interface CaptureConnection {
  /** 0-based, in order of the first packet. */
  id: number;
  /** "10.0.0.1:40000": the side sending the data. */
  sender: string;
  receiver: string;
  /** Payload bytes the sender sent, retransmissions included, and the highest byte acknowledged. */
  bytesSent: number;
  bytesAcked: number;
  start: number;
  end: number;
  /** Maximum segment size seen (bytes). */
  mss: number;
  counts: {
    packets: number;
    dataPackets: number;
    retransmissions: number;
    fastRetransmissions: number;
    rtoRetransmissions: number;
    spuriousRetransmissions: number;
    duplicateAcks: number;
    outOfOrder: number;
  };
  side: CaptureSide;
  /** Why that side (one sentence). */
  sideReason: string;
  packets: CapturePacketColumns;
  sacks: CaptureSackColumns;
  /** RTT samples (Karn's rule; timestamps when present): time of the ACK, RTT s. */
  rtt: CaptureSeries;
  /** Bytes in flight after each packet, and the estimated cwnd bound between losses. */
  inflight: CaptureSeries;
  cwndBound: CaptureSeries;
  log: CaptureLogRow[];
}

export interface CaptureSummary {
  /** File name as the picker gave it (never sent anywhere). */
  name: string;
  bytes: number;
  /** 'pcap' or 'pcapng', and the link type in words ("Ethernet", "Linux cooked (SLL)"). */
  format: string;
  linkType: string;
  /** Packets read, and of them TCP. */
  packets: number;
  tcpPackets: number;
  /** What was skipped and why (non-TCP, truncated, …), one sentence each. */
  notes: string[];
}

export interface CaptureView {
  summary: CaptureSummary;
  connections: CaptureConnection[];
}
