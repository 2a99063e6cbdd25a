import type { Packet } from '../net/packet';
import {
  DropCause,
  PacketEventKind,
  type AckBlockColumns,
  type Decision,
  type PacketEventColumns,
  type StateSample,
} from './types';

type Ctor<T> = { new (n: number): T };

function grow<T extends { length: number; set(a: ArrayLike<number>): void }>(
  old: T,
  ctor: Ctor<T>,
  n: number,
): T {
  const next = new ctor(n);
  next.set(old as unknown as ArrayLike<number>);
  return next;
}

/**
 * Collects the trace while the engine runs: packet events into growable typed-array columns,
 * decisions and state samples into arrays. The engine calls it; it never decides anything.
 */
export class Recorder {
  private cap = 1024;
  private n = 0;
  private time = new Float64Array(this.cap);
  private kind = new Uint8Array(this.cap);
  private node = new Uint16Array(this.cap);
  private link = new Int16Array(this.cap);
  private flow = new Uint16Array(this.cap);
  private type = new Uint8Array(this.cap);
  private packet = new Int32Array(this.cap);
  private retx = new Uint8Array(this.cap);
  private cumAck = new Int32Array(this.cap);
  private sackBlocks = new Uint8Array(this.cap);
  private size = new Uint16Array(this.cap);
  private uid = new Int32Array(this.cap);
  private qlen = new Uint16Array(this.cap);
  private cause = new Uint8Array(this.cap);

  private blockUid: number[] = [];
  private blockFirst: number[] = [];
  private blockLast: number[] = [];

  readonly decisions: Decision[] = [];
  readonly samples: StateSample[] = [];

  /** Index the next packet event will get. */
  get nextIndex(): number {
    return this.n;
  }

  private ensure(): void {
    if (this.n < this.cap) return;
    const c = this.cap * 2;
    this.time = grow(this.time, Float64Array, c);
    this.kind = grow(this.kind, Uint8Array, c);
    this.node = grow(this.node, Uint16Array, c);
    this.link = grow(this.link, Int16Array, c);
    this.flow = grow(this.flow, Uint16Array, c);
    this.type = grow(this.type, Uint8Array, c);
    this.packet = grow(this.packet, Int32Array, c);
    this.retx = grow(this.retx, Uint8Array, c);
    this.cumAck = grow(this.cumAck, Int32Array, c);
    this.sackBlocks = grow(this.sackBlocks, Uint8Array, c);
    this.size = grow(this.size, Uint16Array, c);
    this.uid = grow(this.uid, Int32Array, c);
    this.qlen = grow(this.qlen, Uint16Array, c);
    this.cause = grow(this.cause, Uint8Array, c);
    this.cap = c;
  }

  /** Record a packet event; returns its index. */
  packetEvent(
    time: number,
    kind: PacketEventKind,
    node: number,
    link: number,
    p: Packet,
    qlen: number,
    cause: DropCause = DropCause.none,
  ): number {
    this.ensure();
    const i = this.n++;
    this.time[i] = time;
    this.kind[i] = kind;
    this.node[i] = node;
    this.link[i] = link;
    this.flow[i] = p.flow;
    this.type[i] = p.type;
    this.packet[i] = p.seq;
    this.retx[i] = p.retx ? 1 : 0;
    this.cumAck[i] = p.cumAck;
    this.sackBlocks[i] = Math.min(255, p.blocks.length);
    this.size[i] = p.size;
    this.uid[i] = p.uid;
    this.qlen[i] = qlen;
    this.cause[i] = cause;
    if (kind === PacketEventKind.send && p.blocks.length) {
      for (const [first, last] of p.blocks) {
        this.blockUid.push(p.uid);
        this.blockFirst.push(first);
        this.blockLast.push(last);
      }
    }
    return i;
  }

  /** The SACK / Gap Ack blocks of every ACK sent, keyed by uid. */
  ackBlocks(): AckBlockColumns {
    return {
      length: this.blockUid.length,
      uid: Int32Array.from(this.blockUid),
      first: Int32Array.from(this.blockFirst),
      last: Int32Array.from(this.blockLast),
    };
  }

  /** Trimmed copies of the columns. */
  columns(): PacketEventColumns {
    const n = this.n;
    return {
      length: n,
      time: this.time.slice(0, n),
      kind: this.kind.slice(0, n),
      node: this.node.slice(0, n),
      link: this.link.slice(0, n),
      flow: this.flow.slice(0, n),
      type: this.type.slice(0, n),
      packet: this.packet.slice(0, n),
      retx: this.retx.slice(0, n),
      cumAck: this.cumAck.slice(0, n),
      sackBlocks: this.sackBlocks.slice(0, n),
      size: this.size.slice(0, n),
      uid: this.uid.slice(0, n),
      qlen: this.qlen.slice(0, n),
      cause: this.cause.slice(0, n),
    };
  }
}

export { PacketEventKind, DropCause };
