/**
 * First-in first-out rings for a link: the packets waiting in its queue, and the packets on
 * its wire with the (time, seq) of their delivery events. Capacity doubles when full; nothing
 * is allocated or moved per packet in steady state.
 */
import type { Packet } from './packet';

/** Packets in arrival order. */
export class PacketRing {
  private buf: (Packet | null)[] = new Array<Packet | null>(16).fill(null);
  private head = 0;
  /** Packets held. */
  size = 0;

  push(p: Packet): void {
    if (this.size === this.buf.length) this.grow();
    this.buf[(this.head + this.size) & (this.buf.length - 1)] = p;
    this.size++;
  }

  /** The oldest packet, removed. @throws RangeError when empty. */
  shift(): Packet {
    if (this.size === 0) throw new RangeError('PacketRing: empty');
    const p = this.buf[this.head]!;
    this.buf[this.head] = null;
    this.head = (this.head + 1) & (this.buf.length - 1);
    this.size--;
    return p;
  }

  /** The sizes of the packets held, bytes (a walk over them). */
  sizeSum(): number {
    let s = 0;
    const mask = this.buf.length - 1;
    for (let i = 0; i < this.size; i++) s += this.buf[(this.head + i) & mask]!.size;
    return s;
  }

  private grow(): void {
    const n = this.buf.length;
    const next = new Array<Packet | null>(n * 2).fill(null);
    for (let i = 0; i < n; i++) next[i] = this.buf[(this.head + i) & (n - 1)]!;
    this.buf = next;
    this.head = 0;
  }
}

/** Packets on a wire with their delivery time (seconds) and event seq, in order. */
export class WireRing {
  private pkt: (Packet | null)[] = new Array<Packet | null>(16).fill(null);
  private time = new Float64Array(16);
  private seq = new Float64Array(16);
  private head = 0;
  size = 0;

  push(p: Packet, time: number, seq: number): void {
    if (this.size === this.pkt.length) this.grow();
    const i = (this.head + this.size) & (this.pkt.length - 1);
    this.pkt[i] = p;
    this.time[i] = time;
    this.seq[i] = seq;
    this.size++;
  }

  /** Delivery time and seq of the oldest packet (read before shift). */
  get headTime(): number {
    return this.time[this.head]!;
  }

  get headSeq(): number {
    return this.seq[this.head]!;
  }

  /** The oldest packet, removed. @throws RangeError when empty. */
  shift(): Packet {
    if (this.size === 0) throw new RangeError('WireRing: empty');
    const p = this.pkt[this.head]!;
    this.pkt[this.head] = null;
    this.head = (this.head + 1) & (this.pkt.length - 1);
    this.size--;
    return p;
  }

  private grow(): void {
    const n = this.pkt.length;
    const pkt = new Array<Packet | null>(n * 2).fill(null);
    const time = new Float64Array(n * 2);
    const seq = new Float64Array(n * 2);
    for (let k = 0; k < n; k++) {
      const i = (this.head + k) & (n - 1);
      pkt[k] = this.pkt[i]!;
      time[k] = this.time[i]!;
      seq[k] = this.seq[i]!;
    }
    this.pkt = pkt;
    this.time = time;
    this.seq = seq;
    this.head = 0;
  }
}
