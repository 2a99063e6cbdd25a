/**
 * Recycled TCP data packets: a run sends one Packet object per transmission (≈ 160 bytes each,
 * about a fifth of what the long SACK run allocates), and each lives only from its send to its
 * delivery. The network takes back a data packet once the receiver it was delivered to has read
 * it (Endpoint.recyclesData), and the TCP sender fills a taken one instead of allocating; a
 * dropped packet is left to the garbage collector (a link still holds it until its delivery
 * event runs). Object identity only: every field is written again, so traces are unchanged.
 */
import type { Packet } from './packet';

/** Packets kept for reuse at most (more are left to the garbage collector). */
const POOL_MAX = 4096;

export class PacketPool {
  private readonly free: Packet[] = [];

  /** A packet to refill, or undefined when none is free. */
  take(): Packet | undefined {
    return this.free.pop();
  }

  /** `p` is read no more: keep it for a later take(). */
  give(p: Packet): void {
    if (this.free.length < POOL_MAX) this.free.push(p);
  }
}
