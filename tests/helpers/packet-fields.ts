/**
 * Per-event reads of what a packet carries. A trace stores flow, type, packet number, retx,
 * cumAck, SACK blocks and size once per transmission (trace.transmissions, row = the event's
 * uid), not on each packet event. Tests that want them per event use these helpers; hot loops
 * read `trace.transmissions.<field>[trace.packets.uid[i]]` directly.
 */
import type { Trace, TransmissionColumns } from '../../src/engine';

export type TransmissionField = Exclude<keyof TransmissionColumns, 'length'>;

/** One packet event with what its transmission carries. */
export interface PacketEventFields {
  time: number;
  kind: number;
  node: number;
  link: number;
  uid: number;
  qlen: number;
  cause: number;
  flow: number;
  type: number;
  packet: number;
  retx: number;
  cumAck: number;
  sackBlocks: number;
  size: number;
}

/** Event `i` of `trace.packets`, with the fields of its transmission. */
export function ev(trace: Trace, i: number): PacketEventFields {
  const P = trace.packets;
  const X = trace.transmissions;
  const u = P.uid[i]!;
  return {
    time: P.time[i]!,
    kind: P.kind[i]!,
    node: P.node[i]!,
    link: P.link[i]!,
    uid: u,
    qlen: P.qlen[i]!,
    cause: P.cause[i]!,
    flow: X.flow[u]!,
    type: X.type[u]!,
    packet: X.packet[u]!,
    retx: X.retx[u]!,
    cumAck: X.cumAck[u]!,
    sackBlocks: X.sackBlocks[u]!,
    size: X.size[u]!,
  };
}

/**
 * A transmission field gathered per packet event: element i is the value of event i's
 * transmission (same array type as the column).
 */
export function col<K extends TransmissionField>(trace: Trace, name: K): TransmissionColumns[K] {
  const src = trace.transmissions[name];
  const uid = trace.packets.uid;
  const n = trace.packets.length;
  const out = new (src.constructor as new (n: number) => TransmissionColumns[K])(n);
  for (let i = 0; i < n; i++) out[i] = src[uid[i]!]!;
  return out;
}
