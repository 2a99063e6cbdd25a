import type { PacketType } from '../trace/types';

/** Bits of Packet.ecnFlags: TCP's ECN-Echo and Congestion Window Reduced flags (RFC 3168 §6.1). */
export const EcnFlag = { ece: 1, cwr: 2 } as const;

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
  /**
   * The IP header's ECN field (RFC 3168 §5; queue/queue-disc.ts EcnCodepoint): 0 Not-ECT,
   * 2 ECT(0) on the data of a flow with ECN on, 3 CE once a queue discipline marked it.
   */
  ecn: number;
  /** TCP's ECN flags (RFC 3168 §6.1): EcnFlag.ece and / or EcnFlag.cwr; 0 for other packets. */
  ecnFlags: number;
  /** Protocol-specific payload (e.g. SCTP control chunk name). */
  label?: string;
  /**
   * SCTP HEARTBEAT-ACK: the Heartbeat Information it echoes — the destination address (node) the
   * HEARTBEAT was sent to (RFC 4960 §3.3.5, §8.3; ns-2 echoes its spDest), so the sender knows
   * the path whatever address the answer comes from.
   */
  hbDst?: number;
  /**
   * SCTP: a multi-homed receiver's reply (SACK, HEARTBEAT-ACK) whose source address routing
   * chose under ns-2's rules (ns-2 SetSource) and that differs from the address the answered
   * packet arrived at — that address (node), the one RFC 4960's rule set answers from. Unset
   * otherwise. Only the explanation's notes read it.
   */
  arrivalSrc?: number;
}
