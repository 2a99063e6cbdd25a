import type { FlowConfig } from '../config';
import type { TraceSink } from '../trace/sink';

/**
 * Multistreaming (RFC 4960 §6.5–§6.6, §3.3.1).
 *
 * Stream assignment: the application's messages are numbered 1, 2, … and carried one per DATA
 * chunk, so a message's number is its TSN (1-based). The sender spreads them over the
 * association's `streams` outbound streams round robin — a pure function of the TSN, so the
 * sender, the receiver, FORWARD-TSN and the pcap export all agree without carrying a table:
 * TSN 1 → Stream Identifier 0, SSN 0; TSN 2 → stream 1, SSN 0; …; TSN streams + 1 → stream 0,
 * SSN 1. Stream Identifiers and Stream Sequence Numbers are 0-based (RFC 4960 §3.3.1: SSNs of a
 * stream start at 0). On the wire the SSN is 16 bits and wraps (pcap writes ssn mod 65536).
 */

/** The 0-based Stream Identifier S of the message with 1-based TSN `tsn` among `streams` streams. */
export function streamOf(tsn: number, streams: number): number {
  return (tsn - 1) % streams;
}

/** The 0-based Stream Sequence Number n of the message with 1-based TSN `tsn` in its stream. */
export function ssnOf(tsn: number, streams: number): number {
  return Math.floor((tsn - 1) / streams);
}

/** The 1-based TSN of 0-based SSN `ssn` of 0-based stream `stream` (inverse of streamOf/ssnOf). */
export function tsnOf(stream: number, ssn: number, streams: number): number {
  return ssn * streams + stream + 1;
}

/** The number of outbound streams of a flow (FlowConfig.streams, at least 1). */
export function streamsOf(cfg: FlowConfig): number {
  return Math.max(1, Math.floor(cfg.streams ?? 1));
}

/**
 * Per-stream delivery to the application on the receiver side (RFC 4960 §6.5–§6.6; RFC 3758
 * §3.6). The receiver (receiver.ts) calls `arrived(tsn)` for every new DATA chunk it stores and
 * `forwarded(cumTsn)` when a FORWARD-TSN moves its Cumulative TSN.
 *
 * - Ordered (U bit 0, RFC 4960 §6.6): a chunk is delivered as soon as every earlier SSN of ITS
 *   stream has been delivered (or skipped by FORWARD-TSN); otherwise it is held. A loss blocks
 *   only the lost chunk's stream: head-of-line blocking per stream.
 * - Unordered (`FlowConfig.unordered`, U bit 1): delivered on arrival.
 * - FORWARD-TSN (RFC 3758 §3.6): every SSN whose TSN is ≤ the new Cumulative TSN and that was
 *   not received is skipped; held chunks up to it are delivered in SSN order ("stranded data
 *   SHOULD be made immediately available"), then whatever follows in each stream.
 *
 * The receiver's Cumulative TSN and its counters are kept by receiver.ts; `onDeliver(tsn)` tells
 * it when a chunk reaches the application, which is when the chunk leaves the receive buffer and
 * gives its bytes back to a_rwnd (ns-2 PassToUpperLayer; RFC 4960 §6.2): a chunk held here for
 * reordering, or above a hole of the Cumulative TSN but not yet delivered, still takes its room.
 * With FlowConfig.recordDeliveries each delivery is written to the trace (trace/deliveries.ts).
 */
export class StreamDelivery {
  readonly streams: number;
  private readonly unordered: boolean;
  /** Per stream: the next SSN to deliver (0-based). */
  private readonly next: number[];
  /** Per stream: SSNs received and held for reordering. */
  private readonly held: Set<number>[];
  /** Messages delivered to the application. */
  delivered = 0;
  /** Messages skipped by FORWARD-TSN (never delivered). */
  skipped = 0;
  /** Messages delivered out of their stream's SSN order or twice (must stay 0). */
  orderErrors = 0;
  /** Per stream: the highest SSN delivered (ordered delivery checks it rises). */
  private readonly lastDelivered: number[];

  constructor(
    private readonly cfg: FlowConfig,
    private readonly rec?: TraceSink,
    private readonly now: () => number = () => 0,
    /** A chunk (1-based TSN) was delivered to the application. */
    private readonly onDeliver: (tsn: number) => void = () => {},
  ) {
    this.streams = streamsOf(cfg);
    this.unordered = cfg.unordered === true;
    this.next = new Array<number>(this.streams).fill(0);
    this.lastDelivered = new Array<number>(this.streams).fill(-1);
    this.held = Array.from({ length: this.streams }, () => new Set<number>());
  }

  /** A new DATA chunk (1-based TSN) was stored by the receiver. */
  arrived(tsn: number): void {
    const s = streamOf(tsn, this.streams);
    const n = ssnOf(tsn, this.streams);
    if (this.unordered) {
      this.deliver(s, n);
      return;
    }
    const next = this.next[s]!;
    if (n < next) return; // skipped by an earlier FORWARD-TSN (the receiver drops those)
    const held = this.held[s]!;
    if (n === next && held.size === 0) {
      // In order with nothing held (the common case): no set operations.
      this.next[s] = next + 1;
      this.deliver(s, n);
      return;
    }
    held.add(n);
    this.drain(s);
  }

  /**
   * A FORWARD-TSN moved the receiver's Cumulative TSN to `cumTsn` (1-based; RFC 3758 §3.6):
   * SSNs at or below it that never arrived are skipped, held ones delivered in order.
   */
  forwarded(cumTsn: number): void {
    if (this.unordered) return; // nothing is ever held
    const S = this.streams;
    for (let s = 0; s < S; s++) {
      // The first SSN of stream s whose TSN is above cumTsn.
      const first = Math.floor((cumTsn - s - 1) / S) + 1;
      const held = this.held[s]!;
      while (this.next[s]! < first) {
        const n = this.next[s]!;
        if (held.delete(n)) this.deliver(s, n);
        else this.skipped++;
        this.next[s] = n + 1;
      }
      this.drain(s);
    }
  }

  /** Deliver stream s's held chunks from its next SSN on. */
  private drain(s: number): void {
    const held = this.held[s]!;
    let n = this.next[s]!;
    while (held.delete(n)) {
      this.deliver(s, n);
      n++;
    }
    this.next[s] = n;
  }

  private deliver(stream: number, ssn: number): void {
    this.delivered++;
    this.onDeliver(tsnOf(stream, ssn, this.streams));
    if (!this.unordered) {
      if (ssn <= this.lastDelivered[stream]!) this.orderErrors++;
      this.lastDelivered[stream] = ssn;
    }
    if (this.cfg.recordDeliveries && this.rec) {
      this.rec.delivery({
        time: this.now(),
        flow: this.cfg.id,
        stream,
        ssn,
        packet: tsnOf(stream, ssn, this.streams),
        unordered: this.unordered,
      });
    }
  }
}
