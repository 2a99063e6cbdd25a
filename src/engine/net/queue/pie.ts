/**
 * PIE, Proportional Integral controller Enhanced (RFC 8033): every `tupdate` the drop
 * probability p moves by α·(qdelay − target) + β·(qdelay − qdelay_old) (§4.2), scaled down while
 * p is small (÷2048 below 10⁻⁶ … ÷2 below 0.1) and capped at +0.02 per update once p ≥ 0.1
 * (§5.5), decayed by 0.98 when the queue stays empty; each arriving packet is dropped with
 * probability p (§4.1) — or marked CE if it is ECN-capable and p < 10 % (§5.1) — unless the
 * burst allowance (150 ms after the queue starts, §4.4) is left, or the queueing delay was below
 * target / 2 with p < 0.2, or at most 2 packets wait (§4.1's work-conserving safeguards).
 *
 * As ns-3.37's PieQueueDisc with its defaults, where the RFC leaves a choice:
 * - qdelay is the sojourn time of the last packet dequeued (0 once the queue empties), not the
 *   departure-rate estimate of §5.3 (ns-3 UseDequeueRateEstimator false, as Linux's default);
 * - no de-randomisation (§5.4 is optional; ns-3 UseDerandomization false): one uniform draw
 *   from the link's stream per packet that passes the safeguards;
 * - the first update is at time 0, then every tupdate (ns-3 Supdate 0); an update that falls
 *   between two packet events runs when the next one arrives or leaves, with the qdelay of the
 *   last dequeue before it (nothing else happened in between);
 * - the burst state machine and its reset after 1.5 s of a quiet queue (ns-3 BURST_RESET_TIMEOUT).
 * The hard limit is the link's queueLimit as for drop-tail (DropCause.overflow); ns-3's own
 * default limit is 25 packets, RFC 8033 leaves it to the implementation.
 *
 * State samples (QueueContext.state, after each update that changed them): a = the drop
 * probability p; b = qdelay, s.
 *
 * Units: seconds, bytes, packets.
 */
import { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import { isEct } from './codel-law';
import type { QueueContext, QueueDisc } from './queue-disc';
import { TimedFifo } from './timed-fifo';

/** LinkConfig.queue of a PIE link. */
export interface PieConfig {
  kind: 'pie';
  /** QDELAY_REF, the target queueing delay, s (RFC 8033 §4.2: 15 ms). */
  targetS: number;
  /** T_UPDATE, the drop probability's update period, s (15 ms). */
  tupdateS: number;
  /** α, 1/s (0.125) and β, 1/s (1.25) of the controller (§4.2). */
  alpha: number;
  beta: number;
  /** MAX_BURST, s (150 ms, §4.4). */
  maxBurstS: number;
  /** Mark ECN-capable packets CE while p < 0.1 instead of dropping them (§5.1; ns-3 UseEcn). */
  ecn: boolean;
}

/** RFC 8033's (and ns-3.37's) defaults. */
export const PIE_DEFAULTS: Readonly<Omit<PieConfig, 'kind'>> = {
  targetS: 0.015,
  tupdateS: 0.015,
  alpha: 0.125,
  beta: 1.25,
  maxBurstS: 0.15,
  ecn: true,
};

/** Above this p an ECN-capable packet is dropped, not marked (§5.1; ns-3 MarkEcnThreshold). */
const MARK_ECN_TH = 0.1;
/** A quiet queue for this long resets the burst state (ns-3.37 BURST_RESET_TIMEOUT), s. */
const BURST_RESET_TIMEOUT_S = 1.5;
const NO_BURST = 0;
const IN_BURST_PROTECTING = 1;
const IN_BURST = 2;

/** Names of the state samples' `a` and `b` (AQM_STATE_NAMES). */
export const PIE_STATE_NAMES = ['p', 'qdelay_s'] as const;

export class Pie implements QueueDisc {
  readonly kind = 'pie';
  private readonly fifo = new TimedFifo();
  /** The drop probability p. */
  dropProb = 0;
  /** The current and the previous update's queueing delay, s. */
  qDelay = 0;
  private qDelayOld = 0;
  private burstAllowance = 0;
  private burstState = NO_BURST;
  private burstReset = 0;
  /** Updates run so far: the next is at updates · tupdate. */
  private updates = 0;
  private readonly burstResetLimit: number;
  private lastA = 0;
  private lastB = 0;

  /**
   * @param cfg target, tupdate (s), α, β, max burst, ECN
   * @param limit LinkConfig.queueLimit, packets (≥ 1)
   * @param ctx the link: drops, marks, state samples and the draws' stream
   */
  constructor(
    private readonly cfg: PieConfig,
    private readonly limit: number,
    private readonly ctx: QueueContext,
  ) {
    this.burstResetLimit = Math.floor(BURST_RESET_TIMEOUT_S / cfg.tupdateS);
  }

  get length(): number {
    return this.fifo.size;
  }

  get bytes(): number {
    return this.fifo.bytes;
  }

  enqueue(p: Packet): void {
    const now = this.ctx.now();
    this.catchUp(now);
    if (this.fifo.size + 1 >= this.limit) {
      this.ctx.drop(p, DropCause.overflow);
      return;
    }
    if (this.dropEarly()) {
      if (!this.cfg.ecn || this.dropProb >= MARK_ECN_TH || !isEct(p)) {
        this.ctx.drop(p, DropCause.aqm);
        return;
      }
      this.ctx.mark(p);
    }
    this.fifo.push(p, now);
  }

  /** target and tupdate (s), α, β, max burst (s) (LinkInfo.aqmParams). */
  params(): Record<string, number> {
    const c = this.cfg;
    return {
      targetS: c.targetS,
      tupdateS: c.tupdateS,
      alpha: c.alpha,
      beta: c.beta,
      maxBurstS: c.maxBurstS,
    };
  }

  dequeue(): Packet | null {
    const now = this.ctx.now();
    this.catchUp(now);
    if (this.fifo.size === 0) return null;
    const enteredAt = this.fifo.headTime();
    const p = this.fifo.shift();
    this.qDelay = this.fifo.bytes === 0 ? 0 : now - enteredAt;
    return p;
  }

  drain(out: (p: Packet) => void): void {
    while (this.fifo.size > 0) out(this.fifo.shift());
  }

  /** §4.1 drop_early: whether the arriving packet is dropped (or marked). */
  private dropEarly(): boolean {
    if (this.burstAllowance > 0) return false;
    if (this.burstState === NO_BURST) {
      this.burstState = IN_BURST_PROTECTING;
      this.burstAllowance = this.cfg.maxBurstS;
    }
    const p = this.dropProb;
    if (this.qDelayOld < 0.5 * this.cfg.targetS && p < 0.2) return false;
    if (this.fifo.size <= 2) return false;
    return !(this.ctx.random.uniform() > p);
  }

  /** Run every update due at or before `now` (s). */
  private catchUp(now: number): void {
    const t = this.cfg.tupdateS;
    while (this.updates * t <= now) {
      this.updates++;
      this.calculateP();
    }
  }

  /** §4.2 calculate_drop_prob and §4.4's burst allowance, once per tupdate. */
  private calculateP(): void {
    const c = this.cfg;
    const qDelay = this.qDelay;
    let p = 0;
    if (this.burstAllowance > 0) this.dropProb = 0;
    else {
      p = c.alpha * (qDelay - c.targetS) + c.beta * (qDelay - this.qDelayOld);
      const d = this.dropProb;
      if (d < 0.000001) p /= 2048;
      else if (d < 0.00001) p /= 512;
      else if (d < 0.0001) p /= 128;
      else if (d < 0.001) p /= 32;
      else if (d < 0.01) p /= 8;
      else if (d < 0.1) p /= 2;
      if (d >= 0.1 && p > 0.02) p = 0.02;
    }
    p += this.dropProb;
    if (qDelay === 0 && this.qDelayOld === 0) p *= 0.98;
    this.dropProb = p < 0 ? 0 : p > 1 ? 1 : p;
    this.burstAllowance = this.burstAllowance < c.tupdateS ? 0 : this.burstAllowance - c.tupdateS;
    const quiet = qDelay < 0.5 * c.targetS && this.qDelayOld < 0.5 * c.targetS;
    if (quiet && this.dropProb === 0 && this.burstAllowance === 0) {
      if (this.burstState === IN_BURST_PROTECTING) {
        this.burstState = IN_BURST;
        this.burstReset = 0;
      } else if (this.burstState === IN_BURST) {
        this.burstReset++;
        if (this.burstReset > this.burstResetLimit) {
          this.burstReset = 0;
          this.burstState = NO_BURST;
        }
      }
    } else if (this.burstState === IN_BURST) this.burstReset = 0;
    this.qDelayOld = qDelay;
    if (this.dropProb !== this.lastA || qDelay !== this.lastB) {
      this.lastA = this.dropProb;
      this.lastB = qDelay;
      this.ctx.state(this.dropProb, qDelay);
    }
  }
}
