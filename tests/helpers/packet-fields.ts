/**
 * Per-event reads of what a packet carries. A trace stores flow, type, packet number, retx,
 * cumAck, SACK blocks and size once per transmission (trace.transmissions, row = the event's
 * uid), not on each packet event. Tests that want a whole column per event use `col`; loops
 * read `trace.transmissions.<field>[trace.packets.uid[i]]` directly.
 */
import type { Trace, TransmissionColumns } from '../../src/engine';

export type TransmissionField = Exclude<keyof TransmissionColumns, 'length'>;

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
