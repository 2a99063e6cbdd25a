import type { PacketType } from '../trace/types';

/** An inclusive range of 1-based packet numbers [first, last] (a SACK block or Gap Ack Block). */
export type Block = readonly [first: number, last: number];

/** The block list of a packet that carries none (shared: block lists are never mutated). */
export const NO_BLOCKS: readonly Block[] = Object.freeze([]);

/**
 * One transmission of a packet on the simulated network. Created by transport agents; the
 * network only reads `size`, `dst`, `flow`, `type`, `seq`, and the trace fields.
 */
export interface Packet {
  /** Unique per transmission. */
  uid: number;
  flow: number;
  type: PacketType;
  /** Node indices. */
  src: number;
  dst: number;
  /** Bytes on the wire. */
  size: number;
  /** Data: 1-based packet number / TSN. ACK and control: 0. */
  seq: number;
  /** Data: the sender had sent this packet number before. */
  retx: boolean;
  /** Time the sender sent it (echoed by TCP receivers as a timestamp). */
  sentAt: number;
  /** ACK: highest in-order packet number received (cumulative ACK), 0 if none. */
  cumAck: number;
  /** ACK: SACK blocks / Gap Ack Blocks, in the order carried. */
  blocks: readonly Block[];
  /** ACK: the data packet number whose arrival produced it (0 if none). */
  forSeq: number;
  /** ACK: timestamp echoed (sentAt of the data packet that produced it). */
  tsEcho: number;
  /** Protocol-specific payload (e.g. SCTP control chunk name). */
  label?: string;
  /**
   * SCTP HEARTBEAT-ACK: the Heartbeat Information it echoes — the destination address (node) the
   * HEARTBEAT was sent to (RFC 4960 §3.3.5, §8.3; ns-2 echoes its spDest), so the sender knows
   * the path whatever address the answer comes from.
   */
  hbDst?: number;
}
