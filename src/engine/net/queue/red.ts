/**
 * Random Early Detection (Floyd & Jacobson, "Random Early Detection Gateways for Congestion
 * Avoidance", IEEE/ACM ToN 1(4), 1993) as ns-2.35 queue/red.cc implements it, with ns-2.35's
 * Queue/RED defaults (tcl/lib/ns-default.tcl). Per arriving packet (REDQueue::enque):
 *
 * 1. The average queue: avg ← (1 − w_q)^(m+1) · avg + w_q · q (§4, `estimator`), q the waiting
 *    packets (bytes in byte mode) before this one, m = ⌊ptc · idle time⌋ when the link was idle
 *    (§11's idle-time correction: m small packets "arrived" to an empty queue), ptc = bandwidth
 *    / (8 · mean_pktsize) packets per second.
 * 2. count + 1 (packets since the last drop or mark; count_bytes in byte mode).
 * 3. avg ≥ min_th and q > 1: forced drop when avg ≥ max_th (non-gentle) or ≥ 2 max_th (gentle)
 *    unless use_mark_p (ns-2.35's default: then every case goes to 4); the first packet after
 *    avg crossed min_th only sets count = 1 (`old`); else the probabilistic test (4).
 *    Below min_th (or q ≤ 1): no drop, count untouched, `old` cleared.
 * 4. p_b = max_p · (avg − min_th)/(max_th − min_th) (gentle above max_th: from max_p to 1 at
 *    2 max_th; non-gentle: 1), then with `wait` (§7's uniform inter-drop spacing as ns-2 has it):
 *    p = 0 if count·p_b < 1, p_b/(2 − count·p_b) if < 2, else 1; without: p_b/(1 − count·p_b);
 *    byte mode scales by size / mean_pktsize (count from count_bytes / mean_pktsize). A draw
 *    u ≤ p drops — or CE-marks when `ecn` (ns-2 setbit_) is on, the packet is ECT and (with
 *    use_mark_p) p_b ≤ mark_p — and resets count.
 * 5. The hard limit: q ≥ limit (bytes: limit · mean_pktsize) drops the arrival (ns-2's forced
 *    drop with drop_tail_, DropCause.overflow) — one more waiting packet than drop-tail allows.
 *
 * The draw u comes from the link's stream 'aqm'; for the ns-2 fixtures, `replay` gives the
 * arrivals whose test ns-2 decided as a drop or mark instead (the k-th arrival at this link
 * direction, 1-based), so everything else can be compared event for event. ns-2's trace cannot
 * tell a drop by the test from one by the hard limit, so `replay` lists both; `replayUnmarked`
 * lists the arrivals ns-2 dropped still ECT, not CE: where the engine would mark on a hit, such
 * an arrival's test was a miss (ns-2 would have marked it CE before the limit dropped it).
 *
 * State samples (QueueContext.state, Trace.aqm), one per arrival: a = avg in packets (byte mode:
 * bytes / mean_pktsize, the unit of min_th and max_th), b = the drop probability p of step 4
 * (0 when the test was not reached).
 */
import { exp } from '../../core/libm';
import { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import { PacketRing } from '../ring';
import { EcnCodepoint, type QueueContext, type QueueDisc } from './queue-disc';

/** LinkConfig.queue of a RED link; omitted fields take ns-2.35's Queue/RED defaults (RED_DEFAULTS). */
export interface RedConfig {
  kind: 'red';
  /** min_th, packets (ns-2 thresh_); 0 = auto: max(5, targetdelay · ptc / 2). */
  minth?: number;
  /** max_th, packets (maxthresh_); 0 = 3 · min_th. */
  maxth?: number;
  /** max_p, the drop probability at max_th (ns-2 1 / linterm_). */
  maxp?: number;
  /** w_q, the average's weight (q_weight_); 0, −1, −2: ns-2's automatic settings (see wq()). */
  wq?: number;
  /** Gentle RED: p rises from max_p to 1 between max_th and 2 max_th (gentle_). */
  gentle?: boolean;
  /** Byte mode: the queue, thresholds and limit in bytes, p scaled by size (bytes_, queue_in_bytes_). */
  bytes?: boolean;
  /** mean_pktsize_, bytes: ptc's packet size and the byte mode's unit. */
  meanPktSize?: number;
  /** wait_: uniform spacing of drops (count · p_b < 1: no drop). */
  wait?: boolean;
  /** Mark ECN-capable packets CE instead of dropping them (setbit_). */
  ecn?: boolean;
  /** use_mark_p_ / mark_p_: mark only while p_b ≤ markP, drop above; null = always mark. */
  markP?: number | null;
  /** targetdelay_, s: the automatic min_th's target. */
  targetDelayS?: number;
  /**
   * ns-2's decisions to replay instead of drawing: per direction (0 = the LinkConfig's a → b,
   * 1 = b → a), the 1-based arrivals at the queue whose probabilistic test dropped or marked.
   */
  replay?: readonly [readonly number[], readonly number[]];
  /**
   * With `replay`: per direction, the arrivals of `replay` that ns-2 dropped carrying ECT and
   * not CE — a hit there cannot have been a mark, so where the engine would mark, it replays a
   * miss (the limit's drop then follows as in ns-2).
   */
  replayUnmarked?: readonly [readonly number[], readonly number[]];
}

/** Names of RED's state sample values (a, b): the average queue in packets, the drop probability. */
export const RED_STATE_NAMES = ['avg_pkts', 'p'] as const;

/** ns-2.35's Queue/RED defaults (tcl/lib/ns-default.tcl), used where RedConfig leaves a field out. */
export const RED_DEFAULTS = {
  minth: 0,
  maxth: 0,
  maxp: 0.1,
  wq: -1,
  gentle: true,
  bytes: true,
  meanPktSize: 500,
  wait: true,
  ecn: false,
  markP: 0.1,
  targetDelayS: 0.005,
} as const;

/**
 * ns-2's automatic w_q (red.cc initialize_params): 0 → 1 − e^(−1/ptc); −1 → 1 − e^(−1/(10 · rtt
 * · ptc)) with rtt = max(0.1, 3 (delay + 1/ptc)); −2 → 1 − e^(−10/ptc); any other value as is.
 */
export function redWeight(wq: number, ptc: number, delayS: number): number {
  if (wq === 0) return 1 - exp(-1 / ptc);
  if (wq === -1) {
    let rtt = 3 * (delayS + 1 / ptc);
    if (rtt < 0.1) rtt = 0.1;
    return 1 - exp(-1 / (10 * rtt * ptc));
  }
  if (wq === -2) return 1 - exp(-10 / ptc);
  return wq;
}

export class Red implements QueueDisc {
  readonly kind = 'red';
  private readonly ring = new PacketRing();
  private nBytes = 0;
  // Parameters (red.cc edp_), thresholds in the queue's unit.
  private readonly bytesMode: boolean;
  private readonly meanPkt: number;
  private readonly wq: number;
  private readonly ptc: number;
  private readonly thMin: number;
  private readonly thMax: number;
  private readonly gentle: boolean;
  private readonly wait: boolean;
  private readonly ecn: boolean;
  private readonly markP: number | null;
  private readonly maxP: number;
  private readonly vA: number;
  private readonly vB: number;
  private readonly vC: number;
  private readonly vD: number;
  private readonly qlim: number;
  private readonly replay: ReadonlySet<number> | null;
  private readonly replayUnmarked: ReadonlySet<number>;
  // State (red.cc edv_).
  private avg = 0;
  private count = 0;
  private countBytes = 0;
  private old = false;
  private arrivals = 0;

  /**
   * @param cfg the link's RED parameters (absent fields: RED_DEFAULTS)
   * @param limit LinkConfig.queueLimit, packets: the hard limit (bytes mode: · mean_pktsize)
   * @param ctx the link
   */
  constructor(
    cfg: RedConfig,
    limit: number,
    private readonly ctx: QueueContext,
  ) {
    const c = { ...RED_DEFAULTS, ...cfg };
    this.bytesMode = c.bytes;
    this.meanPkt = c.meanPktSize;
    this.ptc = ctx.bandwidthBps / (8 * c.meanPktSize);
    this.wq = redWeight(c.wq, this.ptc, ctx.delayS);
    let minPkts = c.minth;
    if (minPkts === 0) {
      minPkts = 5;
      const target = c.targetDelayS * this.ptc;
      if (minPkts < target / 2) minPkts = target / 2;
    }
    const maxPkts = c.maxth === 0 ? 3 * minPkts : c.maxth;
    const unit = c.bytes ? c.meanPktSize : 1;
    this.thMin = minPkts * unit;
    this.thMax = maxPkts * unit;
    this.gentle = c.gentle;
    this.wait = c.wait;
    this.ecn = c.ecn;
    this.markP = c.markP;
    // ns-2 keeps 1/max_p (linterm_) and takes cur_max_p = 1 / linterm_.
    this.maxP = 1 / (1 / c.maxp);
    let diff = this.thMax - this.thMin;
    if (diff === 0) diff = 1;
    this.vA = 1 / diff;
    this.vB = -this.thMin / diff;
    this.vC = (1 - this.maxP) / this.thMax;
    this.vD = 2 * this.maxP - 1;
    this.qlim = c.bytes ? limit * c.meanPktSize : limit;
    const r = cfg.replay?.[ctx.index & 1];
    this.replay = cfg.replay ? new Set(r ?? []) : null;
    this.replayUnmarked = new Set(cfg.replayUnmarked?.[ctx.index & 1] ?? []);
  }

  get length(): number {
    return this.ring.size;
  }

  get bytes(): number {
    return this.nBytes;
  }

  /**
   * minth, maxth: the thresholds in packets (byte mode: 500-byte units, mean_pktsize); maxp;
   * wq; bytes: 1 in byte mode; limit: the hard limit in the same unit as the thresholds.
   */
  params(): Record<string, number> {
    const unit = this.bytesMode ? this.meanPkt : 1;
    return {
      minth: this.thMin / unit,
      maxth: this.thMax / unit,
      maxp: this.maxP,
      wq: this.wq,
      bytes: this.bytesMode ? 1 : 0,
      limit: this.qlim / unit,
    };
  }

  enqueue(p: Packet): void {
    const ctx = this.ctx;
    this.arrivals++;
    const q = this.bytesMode ? this.nBytes : this.ring.size;
    // 1. The average, with the idle-time correction.
    let m = 0;
    const idle = this.ring.size === 0 ? ctx.idleSince() : -1;
    if (idle >= 0) m = Math.trunc(this.ptc * (ctx.now() - idle));
    let avg = this.avg;
    for (let i = m; i >= 1; i--) avg *= 1 - this.wq;
    avg *= 1 - this.wq;
    avg += this.wq * q;
    this.avg = avg;
    // 2. count.
    this.count++;
    this.countBytes += p.size;
    // 3–4.
    let drop: 0 | 1 | 2 = 0; // none, early (aqm), forced by avg (aqm)
    let prob = 0;
    if (avg >= this.thMin && q > 1) {
      if (
        this.markP === null &&
        ((!this.gentle && avg >= this.thMax) || (this.gentle && avg >= 2 * this.thMax))
      ) {
        drop = 2;
      } else if (!this.old) {
        this.count = 1;
        this.countBytes = p.size;
        this.old = true;
      } else {
        const pb = this.probBase(avg);
        prob = this.modify(pb, p.size);
        const markable =
          this.ecn && p.ecn !== EcnCodepoint.notEct && (this.markP === null || pb <= this.markP);
        if (this.hit(prob, markable)) {
          this.count = 0;
          this.countBytes = 0;
          if (markable) ctx.mark(p);
          else drop = 1;
        }
      }
    } else {
      this.old = false;
    }
    ctx.state(this.bytesMode ? avg / this.meanPkt : avg, prob);
    // 5. The hard limit.
    if (q >= this.qlim) {
      ctx.drop(p, DropCause.overflow);
      this.count = 0;
      this.countBytes = 0;
      return;
    }
    if (drop === 1) {
      ctx.drop(p, DropCause.aqm);
      return;
    }
    if (drop === 2) {
      ctx.drop(p, DropCause.aqm);
      this.count = 0;
      this.countBytes = 0;
      return;
    }
    this.ring.push(p);
    this.nBytes += p.size;
  }

  /** p_b for average `avg` (red.cc calculate_p_new). */
  private probBase(avg: number): number {
    let p: number;
    if (this.gentle && avg >= this.thMax) p = this.vC * avg + this.vD;
    else if (!this.gentle && avg >= this.thMax) p = 1;
    else p = (this.vA * avg + this.vB) * this.maxP;
    return p > 1 ? 1 : p;
  }

  /** p from p_b, count and the packet's size (red.cc modify_p). */
  private modify(pb: number, size: number): number {
    let p = pb;
    const count = this.bytesMode ? Math.trunc(this.countBytes / this.meanPkt) : this.count;
    if (this.wait) {
      if (count * p < 1) p = 0;
      else if (count * p < 2) p /= 2 - count * p;
      else p = 1;
    } else if (count * p < 1) p /= 1 - count * p;
    else p = 1;
    if (this.bytesMode && p < 1) p = (p * size) / this.meanPkt;
    return p > 1 ? 1 : p;
  }

  /**
   * The probabilistic test: u ≤ p with u from the link's stream, or ns-2's replayed decision
   * (`markable`: a hit would mark the packet, not drop it).
   */
  private hit(prob: number, markable: boolean): boolean {
    if (this.replay !== null) {
      const k = this.arrivals;
      return this.replay.has(k) && !(markable && this.replayUnmarked.has(k));
    }
    return this.ctx.random.uniform() <= prob;
  }

  dequeue(): Packet | null {
    if (this.ring.size === 0) return null;
    const p = this.ring.shift();
    this.nBytes -= p.size;
    return p;
  }

  drain(out: (p: Packet) => void): void {
    while (this.ring.size > 0) out(this.dequeue()!);
  }
}
