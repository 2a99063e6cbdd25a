/**
 * CoDel (RFC 8289), one FIFO whose head packets are dropped — or marked CE when ECN-capable —
 * once their sojourn time has stayed above `target` (5 ms) for `interval` (100 ms), at the
 * rate of the control law (codel-law.ts: the loop, and where it follows ns-3.37 rather than
 * the RFC's pseudocode). The hard limit is the link's `queueLimit` as for drop-tail: an arriving
 * packet is dropped (DropCause.overflow) when (waiting + 1) ≥ limit (RFC 8289 §4.1 leaves the
 * limit to the implementation; ns-3's MaxSize).
 *
 * State samples (QueueContext.state, on every change): a = count while dropping, 0 when not;
 * b = drop_next, s (the time of the next drop while dropping).
 *
 * Units: seconds, bytes, packets.
 */
import { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import { CoDelLaw, type CoDelActions, type CoDelParams } from './codel-law';
import type { QueueContext, QueueDisc } from './queue-disc';
import { TimedFifo } from './timed-fifo';

/** LinkConfig.queue of a CoDel link: RFC 8289 §4.2–4.3's target and interval, s. */
export interface CoDelConfig extends CoDelParams {
  kind: 'codel';
}

/** RFC 8289's defaults (ns-3.37's too): target 5 ms, interval 100 ms; ECN marking on. */
export const CODEL_DEFAULTS: Readonly<Omit<CoDelConfig, 'kind'>> = {
  targetS: 0.005,
  intervalS: 0.1,
  ecn: true,
};

/** Names of the state samples' `a` and `b` (AQM_STATE_NAMES). */
export const CODEL_STATE_NAMES = ['count', 'drop_next_s'] as const;

export class CoDel implements QueueDisc {
  readonly kind = 'codel';
  private readonly fifo = new TimedFifo();
  private readonly law: CoDelLaw;
  private readonly act: CoDelActions;
  private lastA = 0;
  private lastB = 0;

  /**
   * @param cfg target and interval (s), ECN marking
   * @param limit LinkConfig.queueLimit, packets (≥ 1)
   * @param ctx the link: drops, marks, state samples
   */
  constructor(
    private readonly cfg: CoDelConfig,
    private readonly limit: number,
    private readonly ctx: QueueContext,
  ) {
    this.law = new CoDelLaw(cfg);
    this.act = {
      drop: (p) => ctx.drop(p, DropCause.aqm),
      mark: (p) => ctx.mark(p),
    };
  }

  get length(): number {
    return this.fifo.size;
  }

  get bytes(): number {
    return this.fifo.bytes;
  }

  enqueue(p: Packet): void {
    if (this.fifo.size + 1 >= this.limit) {
      this.ctx.drop(p, DropCause.overflow);
      return;
    }
    this.fifo.push(p, this.ctx.now());
  }

  /** target and interval, s (LinkInfo.aqmParams). */
  params(): Record<string, number> {
    return { targetS: this.cfg.targetS, intervalS: this.cfg.intervalS };
  }

  dequeue(): Packet | null {
    const p = this.law.dequeue(this.fifo, this.ctx.now(), this.act);
    this.report();
    return p;
  }

  drain(out: (p: Packet) => void): void {
    while (this.fifo.size > 0) out(this.fifo.shift());
    this.law.onEmpty();
    this.report();
  }

  /** One state sample when dropping, count or drop_next changed. */
  private report(): void {
    const law = this.law;
    const a = law.dropping ? law.count : 0;
    const b = law.dropNextS;
    if (a === this.lastA && b === this.lastB) return;
    this.lastA = a;
    this.lastB = b;
    this.ctx.state(a, b);
  }
}
