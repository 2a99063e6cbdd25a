/**
 * Which path each transmission of a multi-homed SCTP association took (sparse: only flows with
 * more than one path write rows). `path` is the 0-based index into FlowInfo.paths: the
 * destination address of a packet the sender sends (DATA, HEARTBEAT, …), the address a packet
 * of the receiver answers from (SACK, HEARTBEAT-ACK, …). Keyed by uid (PacketEventColumns.uid).
 */
export interface PacketPathColumns {
  length: number;
  uid: Int32Array;
  path: Uint8Array;
}

/** Append-only PacketPathColumns. */
export class PacketPathTable {
  private readonly uids: number[] = [];
  private readonly paths: number[] = [];

  add(uid: number, path: number): void {
    this.uids.push(uid);
    this.paths.push(path);
  }

  columns(): PacketPathColumns {
    return {
      length: this.uids.length,
      uid: Int32Array.from(this.uids),
      path: Uint8Array.from(this.paths),
    };
  }
}
