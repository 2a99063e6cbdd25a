/**
 * CoDel's control loop for one FIFO (RFC 8289 §5, "Controlled Delay Active Queue Management"),
 * shared by the CoDel discipline (codel.ts) and every flow queue of FQ-CoDel (fq-codel.ts).
 *
 * At each dequeue the head packet's sojourn time (now − when it entered) is compared with
 * `target`; once it has stayed at or above target for `interval` (and at least `MIN_BYTES`
 * remain queued), CoDel enters the dropping state: it drops the head (or marks it CE when it is
 * ECN-capable) and schedules the next drop at interval / √count after it (the control law,
 * §5.5), count rising by one per drop, until a sojourn time falls below target or the queue
 * empties. Re-entering soon after leaving (within 16 intervals of the last drop_next) starts
 * from count − lastcount rather than 1 (§5.6, the pseudocode's count carry-over).
 *
 * Arithmetic as ns-3.37's CoDelQueueDisc (itself Linux's codel.h) where it differs from the
 * RFC's pseudocode, so runs compare with ns-3 (tests/fixtures/ns3-aqm):
 * - time is integer "CoDel time", nanoseconds >> 10 (units of 1.024 µs), for now, sojourn,
 *   target, interval, first_above_time and drop_next;
 * - 1/√count is not computed exactly but kept as a 16-bit fixed-point reciprocal square root
 *   updated by one Newton step per change of count (ns-3 NewtonStep): 1 → 0.5 → 0.5625 → …,
 *   so the second drop follows the first after interval / 2, not interval / √2;
 * - the control law is ns-3's ReciprocalDivide(interval, rec_inv_sqrt << 16);
 * - a packet is not dropped while fewer than MIN_BYTES (1500, ns-3's MinBytes) remain queued
 *   after it (the RFC: "queue_.byte_length() <= MAXPACKET");
 * - a marked packet ends the dequeue (RFC §5.5 marks and sends it too).
 *
 * Units: seconds at the interface, CoDel time inside.
 */
import type { Packet } from '../packet';
import { EcnCodepoint } from './queue-disc';
import type { TimedFifo } from './timed-fifo';

/** Bytes that must remain queued for CoDel to drop (ns-3.37 CoDelQueueDisc MinBytes). */
export const CODEL_MIN_BYTES = 1500;

/** CoDel's parameters: target and interval in seconds (RFC 8289 §4.2–4.3: 5 ms and 100 ms). */
export interface CoDelParams {
  targetS: number;
  intervalS: number;
  /** Mark ECN-capable packets CE instead of dropping them (ns-3 UseEcn). */
  ecn: boolean;
}

/** What the control loop does to a packet it will not send. */
export interface CoDelActions {
  /** `p` is dropped at the head; `sojournS` its sojourn time, s. */
  drop(p: Packet, sojournS: number): void;
  /** `p` is marked CE and sent; `sojournS` its sojourn time, s. */
  mark(p: Packet, sojournS: number): void;
}

const MASK64 = (1n << 64n) - 1n;
/** rec_inv_sqrt for count = 1 (ns-3: ~0U >> REC_INV_SQRT_SHIFT). */
const REC_ONE = 0xffff;

/** Seconds → CoDel time (ns >> 10). */
export function codelTime(s: number): number {
  return Math.floor(Math.round(s * 1e9) / 1024);
}

/** CoDel time → seconds. */
export function codelSeconds(u: number): number {
  return (u * 1024) / 1e9;
}

/**
 * One Newton step of 1/√count in 16-bit fixed point, as ns-3.37 / Linux (with their 64-bit
 * wrap-around): y' = y · (3 − count · y²) / 2.
 */
export function newtonStep(rec: number, count: number): number {
  const inv = BigInt(rec) << 16n;
  const inv2 = (inv * inv) >> 32n;
  let val = ((3n << 32n) - BigInt(count) * inv2) & MASK64;
  val >>= 2n;
  val = ((val * inv) & MASK64) >> 31n;
  return Number((val >> 16n) & 0xffffn);
}

/** The control law: t + interval · rec / 2^16 (ns-3 ReciprocalDivide), CoDel time. */
export function controlLaw(t: number, interval: number, rec: number): number {
  return t + Math.floor((interval * rec * 65536) / 4294967296);
}

export class CoDelLaw {
  /** In the dropping state. */
  dropping = false;
  /** Drops (and marks) since entering the dropping state (with the carry-over). */
  count = 0;
  /** count when the dropping state was last entered. */
  lastCount = 0;
  /** When the next drop is due, CoDel time. */
  dropNext = 0;
  /** When the sojourn time will have been above target for an interval, CoDel time; 0 = below. */
  private firstAboveTime = 0;
  private recInvSqrt = REC_ONE;
  private readonly target: number;
  private readonly interval: number;

  constructor(private readonly params: CoDelParams) {
    this.target = codelTime(params.targetS);
    this.interval = codelTime(params.intervalS);
  }

  /** drop_next in seconds. */
  get dropNextS(): number {
    return codelSeconds(this.dropNext);
  }

  /** A queue that empties leaves the dropping state (ns-3: a dequeue finding nothing). */
  onEmpty(): void {
    this.dropping = false;
  }

  /**
   * The packet to send from `q` at time `nowS` (s), or null: takes the head, and drops or marks
   * as the control loop says (RFC 8289 §5.4–5.6).
   */
  dequeue(q: TimedFifo, nowS: number, act: CoDelActions): Packet | null {
    if (q.size === 0) {
      this.dropping = false;
      return null;
    }
    const now = codelTime(nowS);
    let sojournS = nowS - q.headTime();
    let p: Packet | null = q.shift();
    let ok = this.okToDrop(sojournS, q, now);
    if (this.dropping) {
      if (!ok) this.dropping = false;
      else if (now >= this.dropNext) {
        while (this.dropping && now >= this.dropNext) {
          this.count++;
          this.recInvSqrt = newtonStep(this.recInvSqrt, this.count);
          if (this.params.ecn && isEct(p!)) {
            act.mark(p!, sojournS);
            this.dropNext = controlLaw(now, this.interval, this.recInvSqrt);
            return p;
          }
          act.drop(p!, sojournS);
          if (q.size === 0) {
            p = null;
            this.firstAboveTime = 0;
            ok = false;
          } else {
            sojournS = nowS - q.headTime();
            p = q.shift();
            ok = this.okToDrop(sojournS, q, now);
          }
          if (!ok) this.dropping = false;
          else this.dropNext = controlLaw(this.dropNext, this.interval, this.recInvSqrt);
        }
      }
    } else if (ok) {
      if (this.params.ecn && isEct(p)) act.mark(p, sojournS);
      else {
        act.drop(p, sojournS);
        if (q.size === 0) {
          p = null;
          this.firstAboveTime = 0;
        } else {
          sojournS = nowS - q.headTime();
          p = q.shift();
          this.okToDrop(sojournS, q, now);
        }
      }
      this.dropping = true;
      const delta = this.count - this.lastCount;
      if (delta > 1 && now - this.dropNext < 16 * this.interval) {
        this.count = delta;
        this.recInvSqrt = newtonStep(this.recInvSqrt, this.count);
      } else {
        this.count = 1;
        this.recInvSqrt = REC_ONE;
      }
      this.lastCount = this.count;
      this.dropNext = controlLaw(now, this.interval, this.recInvSqrt);
    }
    return p;
  }

  /**
   * RFC 8289 §5.3 dodequeue's ok_to_drop for a head packet whose sojourn time is `sojournS`
   * with `q` holding what remains after it.
   */
  private okToDrop(sojournS: number, q: TimedFifo, now: number): boolean {
    if (codelTime(sojournS) < this.target || q.bytes < CODEL_MIN_BYTES) {
      this.firstAboveTime = 0;
      return false;
    }
    if (this.firstAboveTime === 0) {
      this.firstAboveTime = now + this.interval;
      return false;
    }
    return now > this.firstAboveTime;
  }
}

/** The packet carries ECT(0) or ECT(1) (RFC 3168 §5): an AQM may mark it instead of dropping. */
export function isEct(p: Packet): boolean {
  return p.ecn === EcnCodepoint.ect0 || p.ecn === EcnCodepoint.ect1;
}
