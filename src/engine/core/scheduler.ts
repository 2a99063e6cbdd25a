import { Heap } from 'heap-js';

/**
 * Discrete-event scheduler ordered by (time, insertion order).
 *
 * Time is a double in seconds and an event's time is computed exactly as ns-2 does
 * (`now + delay` in double precision), because ties decided by that rounding change which
 * packet overflows a full queue (REFERENCE.md, "ns-2 keeps time as double-precision seconds").
 * Events at the same instant run in the order they were scheduled; a cancelled event stays in
 * the heap flagged and is skipped.
 */
export interface ScheduledEvent {
  readonly time: number;
  readonly seq: number;
  cancelled: boolean;
  readonly run: () => void;
}

function compare(a: ScheduledEvent, b: ScheduledEvent): number {
  return a.time - b.time || a.seq - b.seq;
}

export class Scheduler {
  private heap = new Heap<ScheduledEvent>(compare);
  private nextSeq = 0;
  private clock = 0;
  /** Events executed so far (cancelled ones not counted). */
  executed = 0;

  /** Current simulated time, seconds. */
  get now(): number {
    return this.clock;
  }

  /**
   * Run `run` at now + delay (seconds, ≥ 0).
   * @throws RangeError on a negative or non-finite delay.
   */
  schedule(delay: number, run: () => void): ScheduledEvent {
    if (!(delay >= 0) || !Number.isFinite(delay)) {
      throw new RangeError(`Scheduler: invalid delay ${delay}`);
    }
    return this.at(this.clock + delay, run);
  }

  /** Run `run` at absolute time `time` (≥ now). */
  at(time: number, run: () => void): ScheduledEvent {
    if (time < this.clock) throw new RangeError(`Scheduler: time ${time} is in the past`);
    const ev: ScheduledEvent = { time, seq: this.nextSeq++, cancelled: false, run };
    this.heap.push(ev);
    return ev;
  }

  cancel(ev: ScheduledEvent | null | undefined): void {
    if (ev) ev.cancelled = true;
  }

  /** Execute events in order until none is left at or before `until` (seconds). */
  runUntil(until: number, shouldStop?: () => boolean): void {
    const heap = this.heap;
    for (;;) {
      const ev = heap.peek();
      if (!ev || ev.time > until) break;
      heap.pop();
      if (ev.cancelled) continue;
      this.clock = ev.time;
      this.executed++;
      ev.run();
      if (shouldStop?.()) break;
    }
    if (this.clock < until) this.clock = until;
  }
}

/** A restartable one-shot timer (ns-2 TimerHandler: resched = cancel + schedule). */
export class Timer {
  private ev: ScheduledEvent | null = null;
  constructor(
    private readonly sched: Scheduler,
    private readonly onExpire: () => void,
  ) {}

  get pending(): boolean {
    return this.ev !== null && !this.ev.cancelled;
  }

  /** Expiry time if pending, else NaN. */
  get expiry(): number {
    return this.pending && this.ev ? this.ev.time : NaN;
  }

  resched(delay: number): void {
    this.sched.cancel(this.ev);
    this.ev = this.sched.schedule(delay, () => {
      this.ev = null;
      this.onExpire();
    });
  }

  cancel(): void {
    this.sched.cancel(this.ev);
    this.ev = null;
  }
}
