/**
 * Drop-tail (ns-2.35 queue/drop-tail.cc), the default discipline: first in, first out, and an
 * arriving packet is dropped (DropCause.overflow) when (waiting + 1) ≥ limit — at most
 * limit − 1 packets wait while one is being transmitted. Draws nothing and records no state
 * samples. The link runs a drop-tail queue's ring itself (net/link.ts, its fast path: no call
 * per packet), with exactly these rules; `enqueue` / `dequeue` are the same for other callers.
 */
import { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import { PacketRing } from '../ring';
import type { QueueContext, QueueDisc } from './queue-disc';

/** LinkConfig.queue of a drop-tail link (the default when absent). */
export interface DropTailConfig {
  kind: 'droptail';
}

export class DropTail implements QueueDisc {
  readonly kind = 'droptail';
  /** The waiting packets, oldest first (the link pushes and shifts it directly). */
  readonly ring = new PacketRing();

  /**
   * @param limit LinkConfig.queueLimit, packets (≥ 1)
   * @param ctx the link: where drops are reported
   */
  constructor(
    private readonly limit: number,
    private readonly ctx: QueueContext,
  ) {}

  get length(): number {
    return this.ring.size;
  }

  /** Bytes waiting: summed on demand (nothing counted per packet). */
  get bytes(): number {
    return this.ring.sizeSum();
  }

  enqueue(p: Packet): void {
    const ring = this.ring;
    if (ring.size + 1 >= this.limit) {
      this.ctx.drop(p, DropCause.overflow);
      return;
    }
    ring.push(p);
  }

  dequeue(): Packet | null {
    return this.ring.size === 0 ? null : this.ring.shift();
  }

  drain(out: (p: Packet) => void): void {
    while (this.ring.size > 0) out(this.dequeue()!);
  }
}
