/**
 * Point marks as columns (struct of arrays), shared by every time plot: x = time, y in data
 * units, a mark kind (→ glyph and colour), the trace event it stands for (→ past/future and
 * seek) and the packet it lights up on hover.
 */
import type { MarkKind } from './palette';
import type { PacketRef } from './types';

export interface PointMarks {
  n: number;
  kind: Uint8Array;
  /** Packet event index (past iff event ≤ cursor). */
  event: Int32Array;
  /** Time, seconds (ascending). */
  t: Float64Array;
  /** y in data units. */
  y: Float64Array;
  flow: Uint16Array;
  /** Packet identity for highlighting: data packet number, or an ACK's cumulative ACK. */
  packet: Int32Array;
  /** 1 for a retransmitted data packet. */
  retx: Uint8Array;
  /** Text drawn next to a mark ("R", "3"), by mark index. */
  labels: Map<number, string>;
  /** Extra tooltip text, by mark index ("3rd duplicate ACK"). */
  notes: Map<number, string>;
}

export class MarkBuilder {
  private rows: [number, number, number, number, number, number, number][] = [];
  private labelRows = new Map<number, string>();
  private noteRows = new Map<number, string>();

  push(
    kind: MarkKind,
    event: number,
    t: number,
    y: number,
    flow: number,
    packet: number,
    retx = 0,
    label?: string,
    note?: string,
  ): void {
    if (label !== undefined) this.labelRows.set(this.rows.length, label);
    if (note !== undefined) this.noteRows.set(this.rows.length, note);
    this.rows.push([kind, event, t, y, flow, packet, retx]);
  }

  /** Columns, stably sorted by (time, event). */
  build(): PointMarks {
    const order = this.rows.map((_, i) => i);
    order.sort((a, b) => {
      const ra = this.rows[a]!;
      const rb = this.rows[b]!;
      return ra[2] - rb[2] || ra[1] - rb[1] || a - b;
    });
    const n = order.length;
    const m: PointMarks = {
      n,
      kind: new Uint8Array(n),
      event: new Int32Array(n),
      t: new Float64Array(n),
      y: new Float64Array(n),
      flow: new Uint16Array(n),
      packet: new Int32Array(n),
      retx: new Uint8Array(n),
      labels: new Map(),
      notes: new Map(),
    };
    order.forEach((src, i) => {
      const r = this.rows[src]!;
      m.kind[i] = r[0];
      m.event[i] = r[1];
      m.t[i] = r[2];
      m.y[i] = r[3];
      m.flow[i] = r[4];
      m.packet[i] = r[5];
      m.retx[i] = r[6];
      const label = this.labelRows.get(src);
      if (label !== undefined) m.labels.set(i, label);
      const note = this.noteRows.get(src);
      if (note !== undefined) m.notes.set(i, note);
    });
    return m;
  }
}

const key = (flow: number, packet: number) => flow * 2 ** 31 + packet;

const byPacketCache = new WeakMap<PointMarks, Map<number, number[]>>();

/** Mark indices of a packet (computed once per marks object). */
export function marksOfPacket(m: PointMarks, ref: PacketRef | null): number[] {
  if (!ref) return [];
  let idx = byPacketCache.get(m);
  if (!idx) {
    idx = new Map();
    for (let i = 0; i < m.n; i++) {
      const k = key(m.flow[i]!, m.packet[i]!);
      const list = idx.get(k);
      if (list) list.push(i);
      else idx.set(k, [i]);
    }
    byPacketCache.set(m, idx);
  }
  return idx.get(key(ref.flow, ref.packet)) ?? [];
}

/** Indices of the marks of a given kind. */
export function marksOfKind(m: PointMarks, ...kinds: MarkKind[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.n; i++) if (kinds.includes(m.kind[i] as MarkKind)) out.push(i);
  return out;
}
