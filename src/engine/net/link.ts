import type { EventHandler, ScheduledEvent, Scheduler } from '../core/scheduler';
import type { RandomStream } from '../core/streams';
import type { TraceSink } from '../trace/sink';
import { DropCause, PacketEventKind } from '../trace/types';
import type { Hop, LinkFarEnd } from './hop';
import type { LossPoint } from './loss';
import type { Packet } from './packet';
import { PacketRing, WireRing } from './ring';

/**
 * One direction of a link: an optional loss point, a drop-tail queue and the wire.
 *
 * Mirrors ns-2's SimpleLink (head → errmodel → DropTail queue → LinkDelay → errmodel): the loss
 * point judges a packet at the head, or on arrival at the far end (LossConfig.position 'wire');
 * - drop-tail: an arriving packet is dropped when (waiting + 1) ≥ limit, so at most
 *   limit − 1 wait while one is being transmitted (ns-2 queue/drop-tail.cc);
 * - a packet reaching an idle link starts transmitting at once;
 * - transmission takes 8·size/bandwidth seconds; the packet is delivered at
 *   now + (8·size/bandwidth + delay), scheduled before the "transmission done" event at
 *   now + 8·size/bandwidth, both computed in double precision as ns-2 does.
 *
 * "Transmission done" is a heap event only when a packet waits for it: otherwise the link just
 * notes the (time, seq) that event would have had (Scheduler.reserveSeq) and an arrival compares
 * its own place in the event order with it — the same outcome as ns-2, one event fewer per hop.
 *
 * The wire is FIFO (a packet leaves after the one before it and takes as long to cross), so
 * only the first packet on the wire has a delivery event on the heap; the others wait in the
 * link with the (time, seq) their event would have had, and each delivery puts the next one
 * on the heap. The heap stays as small as the number of links, whatever is in flight.
 *
 * Delay variation (LinkConfig.jitterS > 0): each packet's propagation delay gets an extra
 * jitterS · U, U uniform in [0, 1) from the directed link's own stream, and the wire stays
 * FIFO — delivery at max(previous delivery on this link, now + (txt + delayS) + jitterS · U)
 * (a packet waits behind a slower one ahead of it, as on a link-layer retransmitting hop).
 * With jitterS 0 (or absent) nothing is drawn and the times are exactly those above.
 *
 * Up and down (SimConfig.linkEvents, link-events.ts), as ns-2.35's dynamic links: `takeDown`
 * drops every packet waiting in the queue, then every packet on the wire (the one being
 * transmitted included), each in FIFO order, with cause `linkDown` (ns-2 Link::down →
 * `all-connectors reset`: Queue::reset, then LinkDelay::reset on its in-transit queue); while
 * down, a packet reaching the head is dropped before the loss point and the queue (ns-2
 * DynamicLink::recv at the link head). The transmission under way still ends when it would
 * have (ns-2 keeps LinkDelay's `intr_` event), so a link back up before then sends its next
 * packet at that time.
 */
const DELIVER = 0;
const DONE = 1;

export type { LinkFarEnd } from './hop';

export class DirectedLink implements EventHandler, Hop {
  private readonly waiting = new PacketRing();
  /** End of the current (or last) transmission, and the seq of its "done" event. */
  private busyUntil = -1;
  private busySeq = -1;
  /** The "done" event of the current transmission is on the heap. */
  private doneQueued = false;
  /** Packets on the wire after the first one, with their delivery (time, seq). */
  private readonly wire = new WireRing();
  /** A delivery event of this link is on the heap. */
  private delivering = false;
  departures = 0;
  readonly drops = { scripted: 0, overflow: 0, random: 0 };
  /** Packets dropped because the link was down (DropCause.linkDown). */
  downDrops = 0;
  /** The link carries traffic (false between a `takeDown` and the next `bringUp`). */
  private isUp = true;
  /** The delivery event on the heap belongs to a packet dropped by `takeDown`: skip it. */
  private staleDelivery = false;
  /** Where delivered packets go when set (deliverTo); else the `deliver` callback. */
  private far: LinkFarEnd | null = null;
  /** This link's delivery and "transmission done" events (at most one of each on the heap). */
  private readonly deliverEv: ScheduledEvent;
  private readonly doneEv: ScheduledEvent;

  constructor(
    readonly index: number,
    readonly from: number,
    readonly to: number,
    readonly bandwidthBps: number,
    readonly delayS: number,
    readonly queueLimit: number,
    private readonly sched: Scheduler,
    private readonly rec: TraceSink,
    private readonly deliver: (p: Packet) => void,
    readonly loss: LossPoint | null,
    /** The loss point judges packets at the far end of the wire instead of at the queue. */
    private readonly lossOnWire = false,
    /** Delay variation, seconds (LinkConfig.jitterS); 0 = none. */
    readonly jitterS = 0,
    /** The stream of the delay variation draws (needed when jitterS > 0). */
    private readonly jitter: RandomStream | null = null,
  ) {
    this.deliverEv = sched.ownEvent(this, DELIVER);
    this.doneEv = sched.ownEvent(this, DONE);
  }

  /** Delivery time of the last packet put on the wire, seconds (used with jitter only). */
  private lastAt = -Infinity;

  /** Packets waiting (not counting the one in transmission). */
  get queueLength(): number {
    return this.waiting.size;
  }

  /** The link is up (carries traffic). */
  get up(): boolean {
    return this.isUp;
  }

  /**
   * The link fails: every waiting packet, then every packet on the wire, is dropped (FIFO
   * order each, cause `linkDown`); until `bringUp`, arriving packets are dropped at the head.
   * No-op when already down. Source: ns-2.35 tcl/lib/ns-link.tcl `Link instproc down`,
   * queue/queue.cc `Queue::reset`, link/delay.cc `LinkDelay::reset`.
   */
  takeDown(): void {
    if (!this.isUp) return;
    this.isUp = false;
    while (this.waiting.size > 0) this.drop(this.waiting.shift(), DropCause.linkDown);
    // The packet whose delivery event is on the heap (none when that event is already a stale
    // one, after a failure, a repair and a failure before it ran).
    if (this.headOnWire) {
      this.staleDelivery = true;
      this.drop(this.headOnWire, DropCause.linkDown);
      this.headOnWire = null;
    }
    while (this.wire.size > 0) this.drop(this.wire.shift(), DropCause.linkDown);
  }

  /** The link carries traffic again (ns-2 `Link instproc up`: DynamicLink status_ 1). */
  bringUp(): void {
    this.isUp = true;
  }

  /** The packet whose delivery event is on the heap (while `delivering`). */
  private headOnWire: Packet | null = null;

  /** A packet arrives at this link's head (at node `from`). */
  recv(p: Packet): void {
    if (!this.isUp) {
      this.drop(p, DropCause.linkDown);
      return;
    }
    if (this.loss !== null && !this.lossOnWire) {
      const cause = this.loss.judge(p);
      if (cause !== DropCause.none) {
        this.drop(p, cause);
        return;
      }
    }
    const waiting = this.waiting;
    if (waiting.size + 1 >= this.queueLimit) {
      this.drop(p, DropCause.overflow);
      return;
    }
    waiting.push(p);
    if (!this.busy()) this.transmitNext();
    else if (!this.doneQueued) {
      this.doneQueued = true;
      this.sched.repost(this.doneEv, this.busyUntil, this.busySeq, null);
    }
  }

  /** A transmission is under way: its "done" event comes after the event being executed. */
  private busy(): boolean {
    const now = this.sched.now;
    return now < this.busyUntil || (now === this.busyUntil && this.sched.currentSeq < this.busySeq);
  }

  onEvent(kind: number, arg: unknown): void {
    if (kind === DELIVER) this.delivered(arg as Packet);
    else {
      this.doneQueued = false;
      this.transmitNext();
    }
  }

  /** `p` reaches the far end: the next packet on the wire takes the delivery event. */
  private delivered(p: Packet): void {
    const wire = this.wire;
    if (wire.size > 0) {
      const time = wire.headTime;
      const seq = wire.headSeq;
      const next = wire.shift();
      this.headOnWire = next;
      this.sched.repost(this.deliverEv, time, seq, next);
    } else {
      this.delivering = false;
      this.headOnWire = null;
    }
    if (this.staleDelivery) {
      // The packet of this event was dropped when the link went down.
      this.staleDelivery = false;
      return;
    }
    if (this.lossOnWire && this.lostOnWire(p)) return;
    const far = this.far;
    if (far !== null) far.arrive(this.to, p, this.index);
    else this.deliver(p);
  }

  /**
   * Hand delivered packets to `far` (the network: `far.arrive(to, p, index)`) instead of the
   * `deliver` callback: one method call that the JIT can inline, where the callbacks of all
   * links share one call site it cannot.
   */
  deliverTo(far: LinkFarEnd): void {
    this.far = far;
  }

  /** The loss point after the wire judges `p`; true when it was dropped. */
  private lostOnWire(p: Packet): boolean {
    const cause = this.loss!.judge(p);
    if (cause === DropCause.none) return false;
    this.drop(p, cause);
    return true;
  }

  private drop(p: Packet, cause: DropCause): void {
    if (cause === DropCause.scripted) this.drops.scripted++;
    else if (cause === DropCause.overflow) this.drops.overflow++;
    else if (cause === DropCause.linkDown) this.downDrops++;
    else this.drops.random++;
    this.rec.packetEvent(
      this.sched.now,
      PacketEventKind.drop,
      this.from,
      this.index,
      p,
      this.queueLength,
      cause,
    );
  }

  private transmitNext(): void {
    if (this.waiting.size === 0) return;
    const p = this.waiting.shift();
    this.departures++;
    this.rec.packetEvent(
      this.sched.now,
      PacketEventKind.depart,
      this.from,
      this.index,
      p,
      this.queueLength,
    );
    const now = this.sched.now;
    const txt = (8 * p.size) / this.bandwidthBps;
    // Delivery is scheduled before "transmission done", as ns-2's LinkDelay does.
    let at = now + (txt + this.delayS);
    if (this.jitterS > 0) at = this.jittered(at);
    const seq = this.sched.reserveSeq();
    if (!this.delivering) {
      this.delivering = true;
      this.headOnWire = p;
      this.sched.repost(this.deliverEv, at, seq, p);
    } else {
      this.wire.push(p, at, seq);
    }
    this.busyUntil = now + txt;
    this.busySeq = this.sched.reserveSeq();
    if (this.waiting.size > 0) {
      this.doneQueued = true;
      this.sched.repost(this.doneEv, this.busyUntil, this.busySeq, null);
    }
  }

  /**
   * Delivery time `at` (seconds) plus this packet's delay variation, kept FIFO behind the
   * packet before it on the wire.
   */
  private jittered(at: number): number {
    let t = at + this.jitterS * this.jitter!.uniform();
    if (t < this.lastAt) t = this.lastAt;
    this.lastAt = t;
    return t;
  }
}
