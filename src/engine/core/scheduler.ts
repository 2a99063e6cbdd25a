/**
 * Discrete-event scheduler ordered by (time, seq): time in seconds, seq the insertion order.
 *
 * Time is a double and an event's time is computed exactly as ns-2 does (`now + delay` in
 * double precision), because ties decided by that rounding change which packet overflows a
 * full queue (REFERENCE.md, "ns-2 keeps time as double-precision seconds"). Events at the same
 * instant run in the order they were scheduled.
 *
 * The hot path allocates nothing in steady state: `postAt(time, seq, handler, kind, arg)` takes
 * an event record from a free list and returns it there after it runs, and the heap is an array
 * of those records ordered by (time, seq); a component with at most one event of a kind pending
 * owns its record instead (`ownEvent`, `repost`). `reserveSeq()` hands out the seq an event would
 * get without scheduling it, so a component can schedule it later with `postAt` and keep ns-2's
 * tie order exactly (the links use this for "transmission done", timers for re-arming).
 */

/** What a pooled event calls: `handler.onEvent(kind, arg)`. */
export interface EventHandler {
  onEvent(kind: number, arg: unknown): void;
}

/** One entry of the heap. Pooled entries are reused after they run; handles never are. */
export interface ScheduledEvent {
  time: number;
  seq: number;
  cancelled: boolean;
  handler: EventHandler | null;
  kind: number;
  arg: unknown;
  fn: (() => void) | null;
  pooled: boolean;
}

function newEvent(): ScheduledEvent {
  return {
    time: 0,
    seq: 0,
    cancelled: false,
    handler: null,
    kind: 0,
    arg: null,
    fn: null,
    pooled: false,
  };
}

/**
 * The errors of the hot entry points, thrown from here so those stay small enough for the JIT
 * to inline (a template string is long bytecode, and a call not inlined boxes its doubles).
 */
function pastError(time: number, seq: number): never {
  throw new RangeError(`Scheduler: (${time}, ${seq}) is in the past`);
}

function delayError(who: string, delay: number): never {
  throw new RangeError(`${who}: invalid delay ${delay}`);
}

function before(a: ScheduledEvent, b: ScheduledEvent): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}

export class Scheduler {
  private readonly heap: ScheduledEvent[] = [];
  private readonly free: ScheduledEvent[] = [];
  private nextSeq = 0;
  private clock = 0;
  private curSeq = -1;
  /** Events executed so far (cancelled ones not counted). */
  executed = 0;

  /** Current simulated time, seconds. */
  get now(): number {
    return this.clock;
  }

  /** Seq of the event being executed (-1 before the first): with `now`, its place in the order. */
  get currentSeq(): number {
    return this.curSeq;
  }

  /** Take the next seq without scheduling anything (see postAt). */
  reserveSeq(): number {
    return this.nextSeq++;
  }

  private check(delay: number): void {
    if (!(delay >= 0) || !Number.isFinite(delay)) {
      delayError('Scheduler', delay);
    }
  }

  /**
   * Run `fn` at now + delay (seconds, ≥ 0); returns a handle for `cancel`.
   * @throws RangeError on a negative or non-finite delay.
   */
  schedule(delay: number, fn: () => void): ScheduledEvent {
    this.check(delay);
    return this.at(this.clock + delay, fn);
  }

  /** Run `fn` at absolute time `time` (seconds, ≥ now); returns a handle for `cancel`. */
  at(time: number, fn: () => void): ScheduledEvent {
    if (time < this.clock) throw new RangeError(`Scheduler: time ${time} is in the past`);
    const ev = newEvent();
    ev.time = time;
    ev.seq = this.nextSeq++;
    ev.fn = fn;
    this.push(ev);
    return ev;
  }

  /**
   * Call handler.onEvent(kind, arg) at (time, seq), a seq taken earlier with reserveSeq():
   * the event runs where it would have run had it been scheduled when the seq was taken.
   * @throws RangeError when (time, seq) is not after the event being executed.
   */
  postAt(time: number, seq: number, handler: EventHandler, kind: number, arg: unknown): void {
    if (time < this.clock || (time === this.clock && seq < this.curSeq)) {
      pastError(time, seq);
    }
    const ev = this.free.pop() ?? newEvent();
    ev.time = time;
    ev.seq = seq;
    ev.cancelled = false;
    ev.handler = handler;
    ev.kind = kind;
    ev.arg = arg;
    ev.pooled = true;
    this.push(ev);
  }

  /**
   * An event record owned by `handler` for events of one `kind`, to be posted again and again
   * with `repost` (a link's delivery and "transmission done"): never pooled, never cancelled.
   */
  ownEvent(handler: EventHandler, kind: number): ScheduledEvent {
    const ev = newEvent();
    ev.handler = handler;
    ev.kind = kind;
    return ev;
  }

  /**
   * Put an owned event (`ownEvent`) on the heap at (time, seq), a seq taken with reserveSeq(),
   * to call handler.onEvent(kind, arg); it must not be on the heap already.
   * @throws RangeError when (time, seq) is not after the event being executed.
   */
  repost(ev: ScheduledEvent, time: number, seq: number, arg: unknown): void {
    if (time < this.clock || (time === this.clock && seq < this.curSeq)) {
      pastError(time, seq);
    }
    ev.time = time;
    ev.seq = seq;
    ev.arg = arg;
    this.push(ev);
  }

  cancel(ev: ScheduledEvent | null | undefined): void {
    if (ev) ev.cancelled = true;
  }

  private push(ev: ScheduledEvent): void {
    const h = this.heap;
    let i = h.length;
    h.push(ev);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent]!;
      if (!before(ev, p)) break;
      h[i] = p;
      i = parent;
    }
    h[i] = ev;
  }

  private pop(): ScheduledEvent {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    const n = h.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && before(h[r]!, h[l]!) ? r : l;
        if (!before(h[c]!, last)) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }

  /**
   * Execute events in order until none is left at or before `until` (seconds), or until more
   * than `maxExecuted` events have run in all (`executed` > maxExecuted: the caller's guard
   * against runaway runs, checked after each event).
   */
  runUntil(until: number, maxExecuted = Infinity): void {
    const heap = this.heap;
    while (heap.length > 0 && heap[0]!.time <= until) {
      const ev = this.pop();
      if (ev.cancelled) {
        if (ev.pooled) this.release(ev);
        continue;
      }
      this.clock = ev.time;
      this.curSeq = ev.seq;
      const fn = ev.fn;
      if (fn !== null) fn();
      else {
        const handler = ev.handler!;
        const kind = ev.kind;
        const arg = ev.arg;
        if (ev.pooled) this.release(ev);
        handler.onEvent(kind, arg);
      }
      if (++this.executed > maxExecuted) break;
    }
    if (this.clock < until) this.clock = until;
  }

  private release(ev: ScheduledEvent): void {
    ev.handler = null;
    ev.arg = null;
    this.free.push(ev);
  }
}

/**
 * A restartable one-shot timer (ns-2 TimerHandler: resched = cancel + schedule), re-armed
 * lazily: a resched to a later expiry only notes the new expiry and the seq ns-2's reschedule
 * would have taken; the pending heap entry, when it comes up, moves itself to that (time, seq).
 * The expiry runs exactly where an eager cancel + schedule would have run it, with one heap
 * entry per timer instead of one per resched (a TCP sender rescheds on every new ACK).
 *
 * Heap entries are pooled handler events tagged with a generation: an entry whose generation
 * is not the timer's current one was superseded and does nothing.
 */
export class Timer implements EventHandler {
  private armed = false;
  private deadline = NaN;
  private deadlineSeq = 0;
  /** Generation of the entry on the heap; -1 when none is. */
  private queuedGen = -1;
  private queuedTime = NaN;
  private gen = 0;

  constructor(
    private readonly sched: Scheduler,
    private readonly onExpire: () => void,
  ) {}

  get pending(): boolean {
    return this.armed;
  }

  /** Expiry time (seconds) if pending, else NaN. */
  get expiry(): number {
    return this.armed ? this.deadline : NaN;
  }

  /** Expire `delay` seconds from now (≥ 0), replacing any pending expiry. */
  resched(delay: number): void {
    if (!(delay >= 0) || !Number.isFinite(delay)) {
      delayError('Timer', delay);
    }
    const time = this.sched.now + delay;
    const seq = this.sched.reserveSeq();
    this.armed = true;
    this.deadline = time;
    this.deadlineSeq = seq;
    // The queued entry comes up no later than the new expiry: it will move itself there.
    if (this.queuedGen >= 0 && this.queuedTime <= time) return;
    this.queue(time, seq);
  }

  cancel(): void {
    this.armed = false;
  }

  private queue(time: number, seq: number): void {
    const g = ++this.gen;
    this.queuedGen = g;
    this.queuedTime = time;
    this.sched.postAt(time, seq, this, g, null);
  }

  onEvent(gen: number): void {
    if (gen !== this.queuedGen) return; // superseded by an earlier expiry
    this.queuedGen = -1;
    if (!this.armed) return; // cancelled while queued
    if (this.sched.now !== this.deadline || this.sched.currentSeq !== this.deadlineSeq) {
      this.queue(this.deadline, this.deadlineSeq);
      return;
    }
    this.armed = false;
    this.onExpire();
  }
}
