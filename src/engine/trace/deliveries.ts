import { ColumnTable } from './growable';

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

const DELIVERY_SPEC = {
  time: Float64Array,
  flow: Uint16Array,
  stream: Uint16Array,
  ssn: Int32Array,
  packet: Int32Array,
  unordered: Uint8Array,
};

/** Append-only DeliveryColumns. */
export class DeliveryTable {
  private readonly table = new ColumnTable(DELIVERY_SPEC);

  add(r: DeliveryRow): void {
    this.table.add({ ...r, unordered: r.unordered ? 1 : 0 });
  }

  columns(): DeliveryColumns {
    return this.table.columns();
  }
}

/** A trace with no deliveries recorded. */
export function emptyDeliveries(): DeliveryColumns {
  return ColumnTable.empty(DELIVERY_SPEC);
}
