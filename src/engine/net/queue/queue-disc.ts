/**
 * The queue discipline of one link direction: what decides, for each packet reaching the
 * link's queue, whether it waits, is dropped or is CE-marked, and which waiting packet is sent
 * next. Drop-tail (ns-2 queue/drop-tail.cc) is the default; the active queue managements
 * (AQMs) are RED (Floyd & Jacobson 1993; ns-2.35 queue/red.cc), CoDel (RFC 8289), FQ-CoDel
 * (RFC 8290) and PIE (RFC 8033). One file per discipline in this folder, each implementing
 * QueueDisc; the link (net/link.ts) owns the wire and the transmitter, the discipline only the
 * waiting packets.
 *
 * Units: seconds for times, bytes for sizes, packets for lengths.
 */
import type { RandomStream } from '../../core/streams';
import type { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import type { AqmKind } from './aqm-kind';

export type { AqmKind };

/**
 * ECN field of the IP header (RFC 3168 §5): Not-ECT, ECT(1), ECT(0), CE. A data packet of a
 * flow with ECN on carries ECT(0); an AQM that would drop an ECT packet marks it CE instead
 * (when its configuration allows marking).
 */
export const EcnCodepoint = { notEct: 0, ect1: 1, ect0: 2, ce: 3 } as const;
export type EcnCodepoint = (typeof EcnCodepoint)[keyof typeof EcnCodepoint];

/**
 * What a discipline reports to its link while it works. The link turns these into trace rows
 * (packet events `drop` / `mark`, AQM state samples) and counters.
 */
export interface QueueContext {
  /** The current simulated time, seconds. */
  now(): number;
  /**
   * `p` is dropped by the discipline — at enqueue (overflow: DropCause.overflow; an early/AQM
   * drop: DropCause.aqm) or at dequeue (CoDel's head drops, DropCause.aqm). The discipline
   * holds `p` no more.
   */
  drop(p: Packet, cause: DropCause): void;
  /**
   * The discipline would drop `p` but it is ECN-capable and marking is on: `p` is set to CE
   * (the link writes the codepoint and records a `mark` event) and stays queued or is sent.
   */
  mark(p: Packet): void;
  /**
   * The discipline's internal state changed (RED's average queue, CoDel's dropping state and
   * next drop time, PIE's drop probability…): one sample for the trace and the queue panel.
   * `a` and `b` are discipline-defined, documented in each discipline's file.
   */
  state(a: number, b: number): void;
  /** This link direction's named stream for the discipline's draws (RED, PIE). */
  readonly random: RandomStream;
  /**
   * The directed link's index in Trace.links: a LinkConfig's a → b direction is even, its
   * b → a direction the next (odd) index.
   */
  readonly index: number;
  /** The link's bandwidth, bit/s. */
  readonly bandwidthBps: number;
  /** The link's one-way propagation delay, s. */
  readonly delayS: number;
  /**
   * When nothing is being transmitted: the time the last transmission ended (0 before the
   * first), seconds; while a packet is being transmitted: −1. (ns-2's Queue sees the link idle
   * from the deque() that found it empty: RED's idle-time correction.)
   */
  idleSince(): number;
}

/**
 * A queue discipline. The link calls `enqueue` for each packet that passed its loss point,
 * `dequeue` whenever the transmitter is free, and `drain` when the link goes down.
 */
export interface QueueDisc {
  readonly kind: AqmKind;
  /** Packets waiting (not counting the one in transmission). */
  readonly length: number;
  /** Bytes waiting (not counting the one in transmission). */
  readonly bytes: number;
  /** `p` reaches the queue: it waits, or the discipline reports it dropped through ctx.drop. */
  enqueue(p: Packet): void;
  /**
   * The next packet to transmit, or null when none waits. May drop (ctx.drop) or mark
   * (ctx.mark) packets at the head first (CoDel, FQ-CoDel).
   */
  dequeue(): Packet | null;
  /** Remove every waiting packet, oldest first, handing each to `out` (link failure). */
  drain(out: (p: Packet) => void): void;
  /**
   * The discipline's parameters as it resolved them (automatic values worked out), by name,
   * for the trace (LinkInfo.aqmParams) and the explanation log; units in its file.
   */
  params?(): Record<string, number>;
}
