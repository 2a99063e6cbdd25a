import type { Packet } from '../net/packet';
import { grown, nextCapacity, trimmed } from './growable';
import type { TransmissionColumns } from './types';

/**
 * The full-trace recorder's per-transmission table (TransmissionColumns): what a packet
 * carries, stored once per uid rather than on each of its ≈ 5 packet events (15 bytes per
 * transmission, ≈ 3 per packet event). Rows are written at index `p.uid`, so the table is
 * as long as the highest uid seen + 1; uids are dense, so it has no holes.
 */
export class TransmissionTable {
  private cap: number;
  private n = 0;
  private flow: Uint16Array;
  private type: Uint8Array;
  private packet: Int32Array;
  private retx: Uint8Array;
  private cumAck: Int32Array;
  private sackBlocks: Uint8Array;
  private size: Uint16Array;

  /** @param expected transmissions to make room for (an estimate; the table grows past it). */
  constructor(expected = 256) {
    const c = Math.max(16, Math.ceil(expected));
    this.cap = c;
    this.flow = new Uint16Array(c);
    this.type = new Uint8Array(c);
    this.packet = new Int32Array(c);
    this.retx = new Uint8Array(c);
    this.cumAck = new Int32Array(c);
    this.sackBlocks = new Uint8Array(c);
    this.size = new Uint16Array(c);
  }

  /** Room for at least `atLeast` rows (`exact`: that many, not the next 1.5× step). */
  reserve(atLeast: number, exact = false): void {
    if (atLeast <= this.cap) return;
    const c = exact ? atLeast : nextCapacity(this.cap, atLeast);
    this.flow = grown(this.flow, c);
    this.type = grown(this.type, c);
    this.packet = grown(this.packet, c);
    this.retx = grown(this.retx, c);
    this.cumAck = grown(this.cumAck, c);
    this.sackBlocks = grown(this.sackBlocks, c);
    this.size = grown(this.size, c);
    this.cap = c;
  }

  /**
   * A fraction `done` (0..1] of the simulated time has run: make room at once for the rows the
   * whole run will write at the same rate (+5 %).
   */
  project(done: number): void {
    if (!(done > 0 && done < 1)) return;
    const need = Math.ceil((this.n / done) * 1.05);
    if (need > this.cap * 1.25) this.reserve(need, true);
  }

  /** Row `p.uid` = what `p` carries (the same on every event of the transmission). */
  record(p: Packet): void {
    const u = p.uid;
    if (u >= this.n) {
      if (u >= this.cap) this.reserve(u + 1);
      this.n = u + 1;
    }
    this.flow[u] = p.flow;
    this.type[u] = p.type;
    this.size[u] = p.size;
    // Fresh rows are zero: only non-zero values are written.
    if (p.seq !== 0) this.packet[u] = p.seq;
    if (p.retx) this.retx[u] = 1;
    if (p.cumAck !== 0) this.cumAck[u] = p.cumAck;
    const nb = p.blocks.length;
    if (nb > 0) this.sackBlocks[u] = nb < 255 ? nb : 255;
  }

  /** The rows written so far (views, not copies). */
  columns(): TransmissionColumns {
    const n = this.n;
    return {
      length: n,
      flow: trimmed(this.flow, n),
      type: trimmed(this.type, n),
      packet: trimmed(this.packet, n),
      retx: trimmed(this.retx, n),
      cumAck: trimmed(this.cumAck, n),
      sackBlocks: trimmed(this.sackBlocks, n),
      size: trimmed(this.size, n),
    };
  }
}
