/**
 * A first-in first-out queue of packets with the time each one entered it, for the disciplines
 * that decide on sojourn time (CoDel, FQ-CoDel's flow queues, PIE). Holds its byte count.
 * Capacity doubles when full; nothing is allocated per packet in steady state.
 *
 * Units: seconds for times, bytes for sizes.
 */
import type { Packet } from '../packet';

export class TimedFifo {
  private pkt: (Packet | null)[] = new Array<Packet | null>(16).fill(null);
  private at = new Float64Array(16);
  private head = 0;
  /** Packets held. */
  size = 0;
  /** Bytes held (Σ Packet.size). */
  bytes = 0;

  /** `p` enters at time `now` (s). */
  push(p: Packet, now: number): void {
    if (this.size === this.pkt.length) this.grow();
    const i = (this.head + this.size) & (this.pkt.length - 1);
    this.pkt[i] = p;
    this.at[i] = now;
    this.size++;
    this.bytes += p.size;
  }

  /** When the oldest packet entered, s. @throws RangeError when empty. */
  headTime(): number {
    if (this.size === 0) throw new RangeError('TimedFifo: empty');
    return this.at[this.head]!;
  }

  /** The oldest packet, removed. @throws RangeError when empty. */
  shift(): Packet {
    if (this.size === 0) throw new RangeError('TimedFifo: empty');
    const p = this.pkt[this.head]!;
    this.pkt[this.head] = null;
    this.head = (this.head + 1) & (this.pkt.length - 1);
    this.size--;
    this.bytes -= p.size;
    return p;
  }

  private grow(): void {
    const n = this.pkt.length;
    const pkt = new Array<Packet | null>(n * 2).fill(null);
    const at = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      pkt[i] = this.pkt[(this.head + i) & (n - 1)]!;
      at[i] = this.at[(this.head + i) & (n - 1)]!;
    }
    this.pkt = pkt;
    this.at = at;
    this.head = 0;
  }
}
