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
  /**
   * Packet marks (arrival, departure, ACK at the router) take their flow's colour (palette
   * flowStyle) instead of their kind's: set when a plot shows several flows.
   */
  byFlow?: boolean;
  /**
   * With `byFlow`: the style index of each flow id (palette flowStyle), e.g. its class's index
   * when a plot of many flows colours them by class; default the flow id itself.
   */
  styleOf?: Int32Array;
  /**
   * The path of each mark of a multi-homed SCTP association (index into FlowInfo.paths; −1 =
   * not known): its glyph (and a path event's colour) follow the path (pathStyle.ts). Absent
   * when no mark has one, so single-homed runs draw as before.
   */
  path?: Int8Array;
}

/** The path of mark i, or −1. */
export function pathIndexOf(m: PointMarks, i: number): number {
  return m.path ? m.path[i]! : -1;
}

/** The style index of mark i's flow (its class's when the marks carry `styleOf`). */
export function styleIndexOf(m: PointMarks, i: number): number {
  const f = m.flow[i]!;
  return m.styleOf ? (m.styleOf[f] ?? f) : f;
}

/** Collects marks into growable typed columns (large traces have millions of marks). */
export class MarkBuilder {
  private n = 0;
  private cap = 1024;
  private kind = new Uint8Array(this.cap);
  private event = new Int32Array(this.cap);
  private t = new Float64Array(this.cap);
  private y = new Float64Array(this.cap);
  private flow = new Uint16Array(this.cap);
  private packet = new Int32Array(this.cap);
  private retx = new Uint8Array(this.cap);
  private path = new Int8Array(this.cap);
  private hasPath = false;
  private labelRows = new Map<number, string>();
  private noteRows = new Map<number, string>();
  private sorted = true;

  private grow(): void {
    this.cap *= 2;
    const g = <T extends Uint8Array | Int8Array | Int32Array | Float64Array | Uint16Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(this.cap);
      b.set(a);
      return b;
    };
    this.kind = g(this.kind, (n) => new Uint8Array(n));
    this.event = g(this.event, (n) => new Int32Array(n));
    this.t = g(this.t, (n) => new Float64Array(n));
    this.y = g(this.y, (n) => new Float64Array(n));
    this.flow = g(this.flow, (n) => new Uint16Array(n));
    this.packet = g(this.packet, (n) => new Int32Array(n));
    this.retx = g(this.retx, (n) => new Uint8Array(n));
    this.path = g(this.path, (n) => new Int8Array(n));
  }

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
    /** The mark's path (multi-homed SCTP), −1 = none. */
    path = -1,
  ): void {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    if (i > 0 && (t < this.t[i - 1]! || (t === this.t[i - 1] && event < this.event[i - 1]!)))
      this.sorted = false;
    this.kind[i] = kind;
    this.event[i] = event;
    this.t[i] = t;
    this.y[i] = y;
    this.flow[i] = flow;
    this.packet[i] = packet;
    this.retx[i] = retx;
    this.path[i] = path;
    if (path >= 0) this.hasPath = true;
    if (label !== undefined) this.labelRows.set(i, label);
    if (note !== undefined) this.noteRows.set(i, note);
  }

  /** Columns, stably sorted by (time, event). */
  build(): PointMarks {
    const n = this.n;
    if (this.sorted) {
      // Already in order (the usual case: marks are pushed in trace order): copy the columns.
      return {
        n,
        kind: this.kind.slice(0, n),
        event: this.event.slice(0, n),
        t: this.t.slice(0, n),
        y: this.y.slice(0, n),
        flow: this.flow.slice(0, n),
        packet: this.packet.slice(0, n),
        retx: this.retx.slice(0, n),
        labels: new Map(this.labelRows),
        notes: new Map(this.noteRows),
        ...(this.hasPath ? { path: this.path.slice(0, n) } : {}),
      };
    }
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const idx = Array.from(order).sort(
      (a, b) => this.t[a]! - this.t[b]! || this.event[a]! - this.event[b]! || a - b,
    );
    order.set(idx);
    const pick = <T extends Uint8Array | Int8Array | Int32Array | Float64Array | Uint16Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const out = make(n);
      for (let i = 0; i < n; i++) out[i] = a[order[i]!]!;
      return out;
    };
    const labels = new Map<number, string>();
    const notes = new Map<number, string>();
    const where = new Map<number, number>();
    if (this.labelRows.size || this.noteRows.size)
      for (let i = 0; i < n; i++) where.set(order[i]!, i);
    for (const [src, l] of this.labelRows) labels.set(where.get(src)!, l);
    for (const [src, l] of this.noteRows) notes.set(where.get(src)!, l);
    return {
      n,
      kind: pick(this.kind, (k) => new Uint8Array(k)),
      event: pick(this.event, (k) => new Int32Array(k)),
      t: pick(this.t, (k) => new Float64Array(k)),
      y: pick(this.y, (k) => new Float64Array(k)),
      flow: pick(this.flow, (k) => new Uint16Array(k)),
      packet: pick(this.packet, (k) => new Int32Array(k)),
      retx: pick(this.retx, (k) => new Uint8Array(k)),
      labels,
      notes,
      ...(this.hasPath ? { path: pick(this.path, (k) => new Int8Array(k)) } : {}),
    };
  }
}

/**
 * Mark indices of a packet, ascending. A scan of the two typed columns (about 1 ms per 10⁶
 * marks), asked for only when the highlighted packet changes: an index of every packet would
 * cost a big capture's page a few hundred ms and tens of MB the first time it is hovered.
 */
export function marksOfPacket(m: PointMarks, ref: PacketRef | null): number[] {
  if (!ref) return [];
  const out: number[] = [];
  const { flow, packet } = ref;
  const F = m.flow;
  const P = m.packet;
  for (let i = 0; i < m.n; i++) if (P[i] === packet && F[i] === flow) out.push(i);
  return out;
}

/** Indices of the marks of a given kind. */
export function marksOfKind(m: PointMarks, ...kinds: MarkKind[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.n; i++) if (kinds.includes(m.kind[i] as MarkKind)) out.push(i);
  return out;
}
