import { grown, nextCapacity, trimmed } from './growable';

/**
 * Data handed to the receiving application, one row per message (SCTP DATA chunk / TCP
 * segment) at the time the receiver delivers it — in order within its stream, or on arrival
 * when unordered (RFC 4960 §6.5–§6.6); a TCP flow is one byte stream (stream 0, ssn = packet).
 * Kept only for flows with FlowConfig.recordDeliveries (one row per packet is too much for long
 * runs); the UI's per-stream delivery timeline and head-of-line blocking read it.
 */
export interface DeliveryColumns {
  length: number;
  /** Seconds. */
  time: Float64Array;
  flow: Uint16Array;
  /** 0-based stream identifier (RFC 4960 §3.3.1 Stream Identifier S). */
  stream: Uint16Array;
  /** Stream Sequence Number n, 0-based per stream (RFC 4960 §3.3.1); TCP: packet − 1. */
  ssn: Int32Array;
  /** 1-based TSN / TCP packet number. */
  packet: Int32Array;
  /** 1: delivered unordered (U bit, RFC 4960 §6.6). */
  unordered: Uint8Array;
}

/** One delivery row as a sink receives it (units as DeliveryColumns). */
export interface DeliveryRow {
  time: number;
  flow: number;
  stream: number;
  ssn: number;
  packet: number;
  unordered: boolean;
}

/** Append-only DeliveryColumns. */
export class DeliveryTable {
  private n = 0;
  private cap = 0;
  private c: Omit<DeliveryColumns, 'length'> = emptyCols(0);

  add(r: DeliveryRow): void {
    if (this.n === this.cap) {
      this.cap = nextCapacity(this.cap, this.n + 1);
      const o = this.c;
      this.c = {
        time: grown(o.time, this.cap),
        flow: grown(o.flow, this.cap),
        stream: grown(o.stream, this.cap),
        ssn: grown(o.ssn, this.cap),
        packet: grown(o.packet, this.cap),
        unordered: grown(o.unordered, this.cap),
      };
    }
    const i = this.n++;
    const c = this.c;
    c.time[i] = r.time;
    c.flow[i] = r.flow;
    c.stream[i] = r.stream;
    c.ssn[i] = r.ssn;
    c.packet[i] = r.packet;
    c.unordered[i] = r.unordered ? 1 : 0;
  }

  columns(): DeliveryColumns {
    const n = this.n;
    const c = this.c;
    return {
      length: n,
      time: trimmed(c.time, n),
      flow: trimmed(c.flow, n),
      stream: trimmed(c.stream, n),
      ssn: trimmed(c.ssn, n),
      packet: trimmed(c.packet, n),
      unordered: trimmed(c.unordered, n),
    };
  }
}

function emptyCols(n: number): Omit<DeliveryColumns, 'length'> {
  return {
    time: new Float64Array(n),
    flow: new Uint16Array(n),
    stream: new Uint16Array(n),
    ssn: new Int32Array(n),
    packet: new Int32Array(n),
    unordered: new Uint8Array(n),
  };
}

/** A trace with no deliveries recorded. */
export function emptyDeliveries(): DeliveryColumns {
  return { length: 0, ...emptyCols(0) };
}
