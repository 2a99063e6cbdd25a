import { ColumnTable } from './growable';

/**
 * The ECN bits of each transmission that carries any (RFC 3168; FlowConfig.ecn), as its sender
 * sent it: one row per such uid, in send order. `bits` = the IP ECN field (0 Not-ECT, 1 ECT(1),
 * 2 ECT(0), 3 CE) | TCP's flags << 2 (Packet.ecnFlags: 1 ECE, 2 CWR). A CE mark a queue sets on
 * the way is a `mark` packet event, not a row here. Full trace only; a run without ECN has none
 * (and keeps its fingerprint).
 */
export interface EcnColumns {
  length: number;
  /** Transmission (Trace.transmissions row). */
  uid: Int32Array;
  bits: Uint8Array;
}

/** Column names in fingerprint order. */
export const ECN_COLUMNS = ['uid', 'bits'] as const;

/** Append-only EcnColumns. */
export class EcnTable {
  private readonly t = new ColumnTable({ uid: Int32Array, bits: Uint8Array });
  private readonly row = { uid: 0, bits: 0 };
  private n = 0;

  get length(): number {
    return this.n;
  }

  add(uid: number, ecn: number, flags: number): void {
    this.row.uid = uid;
    this.row.bits = ecn | (flags << 2);
    this.t.add(this.row);
    this.n++;
  }

  columns(): EcnColumns {
    return this.t.columns();
  }
}
