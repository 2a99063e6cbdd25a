/**
 * Bianchi's saturation throughput of an 802.11 DCF cell: G. Bianchi, "Performance Analysis of
 * the IEEE 802.11 Distributed Coordination Function", IEEE JSAC 18(3), March 2000. n stations
 * always have a frame to send; every station's backoff is a Markov chain with m backoff stages
 * (W, 2W, …, 2^m W) and no retry limit; each transmission collides with the constant,
 * independent probability p.
 *
 * - eq. (7): τ = 2(1 − 2p) / ((1 − 2p)(W + 1) + pW(1 − (2p)^m)), written here as
 *   τ = 2 / (W + 1 + pW Σ_{k<m} (2p)^k), the same value without the 0/0 at p = ½;
 * - eq. (9): p = 1 − (1 − τ)^(n−1); (7) and (9) are solved together (one root in (0, 1));
 * - eq. (10), (11): P_tr = 1 − (1 − τ)^n, P_s = nτ(1 − τ)^(n−1) / P_tr;
 * - eq. (13): S = P_s P_tr E[P] / ((1 − P_tr) σ + P_tr P_s T_s + P_tr (1 − P_s) T_c).
 *
 * T_s and T_c (eqs. 14, 15 for basic access; 16, 17 for RTS/CTS) are what a successful and a
 * collided transmission occupy the medium for; `dcfTimes` gives them for this engine's cell
 * (wifi-phy.ts), with the two differences from the paper stated there.
 *
 * The paper's chain decrements every backoff counter at the start of every slot, busy ones
 * included; 802.11 (§10.3.4.3), ns-3.37 and this engine freeze a counter through a busy period
 * and decrement it only at the end of an idle slot. Tinnirello, Bianchi & Xiao ("Refinements on
 * IEEE 802.11 distributed coordination function modeling approaches", IEEE Trans. Veh. Technol.
 * 59(3), 2010) draw the consequence: the slot right after a success is open only to the station
 * that sent it (when it drew a backoff of 0), the slot right after a collision to no one (its
 * senders still wait for their response timeout). The option `freezeRule` adds that to the
 * model (`bianchiFreezeTau`, `bianchi`): without it the model overestimates an 802.11g cell
 * (CWmin 15, frames a dozen slots long) by 3–7 %, with it the engine and ns-3.37 are within 2 %
 * (tests/tables/wifi-bianchi.test.ts).
 *
 * Units: seconds, bits. Returns S as a fraction of the time (multiply by nothing: S is payload
 * bits per second when `payloadBits` is given as E[P] in bits and times in seconds).
 */
import { pow } from '../../core/libm';
import { ACK_BYTES, CTS_BYTES, DATA_MAC_OVERHEAD_BYTES, RTS_BYTES, type WifiPhy } from './wifi-phy';

export interface BianchiInput {
  /** Saturated stations, ≥ 1. */
  n: number;
  /** W = CWmin + 1, slots. */
  w: number;
  /** Backoff stages: CWmax + 1 = 2^m W. */
  m: number;
  /** Slot time σ, seconds. */
  slotS: number;
  /** T_s and T_c, seconds. */
  tsS: number;
  tcS: number;
  /** E[P], payload bits per frame. */
  payloadBits: number;
  /**
   * Extension: attempts per frame before it is dropped (dot11ShortRetryLimit; the chain of
   * Wu, Peng, Long & Cheng, INFOCOM 2002, stages 0 … R − 1). Absent: no limit (the paper's).
   */
  retryLimit?: number;
  /**
   * Extension: idle slots a sender loses after each collision, waiting for its response timeout
   * while the others count down (wifi-phy.ts responseTimeoutNs / σ). Absent: 0 (the paper's).
   */
  timeoutSlots?: number;
  /**
   * Extension: the standard's backoff freeze (Tinnirello, Bianchi & Xiao 2010; see the file's
   * head and `bianchiFreezeTau`). Absent: false (the paper's chain). Needs W ≥ 2.
   */
  freezeRule?: boolean;
}

export interface BianchiResult {
  /** Probability that a station transmits in a slot (eq. 7). */
  tau: number;
  /** Conditional collision probability (eq. 9). */
  p: number;
  /** Saturation throughput, payload bits per second (eq. 13). */
  throughputBps: number;
}

/**
 * τ of eq. (7) for a given p. With the extensions: τ = E[attempts] / E[slots] per frame over the
 * renewal cycle of one frame — A = Σ_{i<R} p^i attempts and B = Σ_{i<R} p^i ((W_i − 1)/2 +
 * k·[i > 0]) backoff slots, W_i = 2^min(i, m) W: τ = A / (A + B), which is eq. (7) when R = ∞
 * and k = 0.
 */
export function bianchiTau(p: number, w: number, m: number, retryLimit = Infinity, k = 0): number {
  if (retryLimit === Infinity && k === 0) {
    let sum = 0;
    for (let i = 0; i < m; i++) sum += pow(2 * p, i);
    return 2 / (w + 1 + p * w * sum);
  }
  const stages = retryLimit === Infinity ? 4000 : retryLimit;
  let attempts = 0;
  let backoff = 0;
  let pi = 1;
  for (let i = 0; i < stages && pi > 1e-300; i++) {
    const wi = w * pow(2, Math.min(i, m));
    attempts += pi;
    backoff += pi * ((wi - 1) / 2 + (i > 0 ? k : 0));
    pi *= p;
  }
  return attempts / (attempts + backoff);
}

/**
 * τ with the standard's backoff freeze: the attempt probability per *contended* slot — every
 * slot except the one right after a busy period. (This file's own derivation of the two rules
 * of Tinnirello, Bianchi & Xiao 2010, not their equations.) A station that did not send in a
 * busy period decrements its frozen counter at the end of the idle slot that follows it, so on
 * the clock of contended slots its counter falls once per slot, busy or idle, as in the paper's
 * chain. The sender of a success that draws 0 (probability 1/W) sends alone in the slot after
 * it — a success no contended slot carries; one that draws c ≥ 1 sends after c − 1 contended
 * slots. So the renewal cycle of a frame is the one of `bianchiTau` with stage 0's mean backoff
 * (W − 2)/2 after a success and (W − 1)/2 + k after a retry-limit drop (probability p^R).
 */
export function bianchiFreezeTau(
  p: number,
  w: number,
  m: number,
  retryLimit = Infinity,
  k = 0,
): number {
  const stages = retryLimit === Infinity ? 4000 : retryLimit;
  let attempts = 0;
  let backoff = 0;
  let pi = 1;
  for (let i = 0; i < stages && pi > 1e-300; i++) {
    attempts += pi;
    if (i > 0) backoff += pi * ((w * pow(2, Math.min(i, m)) - 1) / 2 + k);
    pi *= p;
  }
  const dropped = retryLimit === Infinity ? 0 : pow(p, retryLimit);
  backoff += (1 - dropped) * ((w - 2) / 2) + dropped * ((w - 1) / 2 + k);
  return attempts / (attempts + backoff);
}

/**
 * Solve eqs. (7) and (9) by bisection on p and evaluate eq. (13). With `freezeRule` τ is
 * `bianchiFreezeTau`'s and eq. (13) counts, per contended slot, the slot after each busy
 * period: an idle σ after a collision; after a success, g = q/(1 − q) further successes of
 * its sender on average (q = 1/W: it draws 0 again), then an idle σ —
 * S = E[P] P_tr P_s (1 + g) / ((1 − P_tr) σ + P_tr P_s (T_s + g T_s + σ) + P_tr (1 − P_s)(T_c + σ)).
 * @throws RangeError for n < 1, W < 1 (W < 2 with `freezeRule`), m < 0 or non-positive times.
 */
export function bianchi(x: BianchiInput): BianchiResult {
  if (!(x.n >= 1 && x.w >= 1 && x.m >= 0 && x.slotS > 0 && x.tsS > 0 && x.tcS > 0)) {
    throw new RangeError('bianchi: need n ≥ 1, W ≥ 1, m ≥ 0 and positive times');
  }
  const freeze = x.freezeRule === true;
  if (freeze && x.w < 2) throw new RangeError('bianchi: the freeze rule needs W ≥ 2');
  const tauOf = (p: number): number =>
    (freeze ? bianchiFreezeTau : bianchiTau)(
      p,
      x.w,
      x.m,
      x.retryLimit ?? Infinity,
      x.timeoutSlots ?? 0,
    );
  let p = 0;
  if (x.n > 1) {
    // g(p) = p − (1 − (1 − τ(p))^(n−1)) rises from g(0) < 0 to g(1) > 0.
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      const g = mid - (1 - pow(1 - tauOf(mid), x.n - 1));
      if (g < 0) lo = mid;
      else hi = mid;
    }
    p = (lo + hi) / 2;
  }
  const tau = tauOf(p);
  const ptr = 1 - pow(1 - tau, x.n);
  const ps = (x.n * tau * pow(1 - tau, x.n - 1)) / ptr;
  if (!freeze) {
    const slotMean = (1 - ptr) * x.slotS + ptr * ps * x.tsS + ptr * (1 - ps) * x.tcS;
    return { tau, p, throughputBps: (ps * ptr * x.payloadBits) / slotMean };
  }
  const g = 1 / (x.w - 1);
  const slotMean =
    (1 - ptr) * x.slotS +
    ptr * ps * ((1 + g) * x.tsS + x.slotS) +
    ptr * (1 - ps) * (x.tcS + x.slotS);
  return { tau, p, throughputBps: (ps * ptr * (1 + g) * x.payloadBits) / slotMean };
}

/**
 * T_s and T_c of this engine's cell (cell.ts) for data frames carrying `ipBytes` IP packets,
 * seconds, with δ = 0 (no propagation delay):
 * - basic access: T_s = DATA + SIFS + ACK + DIFS (eq. 14); T_c = DATA + DIFS (eq. 15);
 * - RTS/CTS: T_s = RTS + SIFS + CTS + SIFS + DATA + SIFS + ACK + DIFS (eq. 16); T_c = RTS +
 *   DIFS (eq. 17).
 * The PHY preamble and MAC header are inside DATA (the paper's H). T_c is the medium's time as
 * the members outside the collision see it; its senders resume a response timeout later
 * (wifi-phy.ts), which the model leaves out.
 */
export function dcfTimes(
  phy: WifiPhy,
  ipBytes: number,
  rts: boolean,
): { tsS: number; tcS: number } {
  const data = phy.dataNs(ipBytes + DATA_MAC_OVERHEAD_BYTES);
  const ns = rts
    ? {
        ts:
          phy.rtsNs +
          phy.sifsNs +
          phy.ctsNs +
          phy.sifsNs +
          data +
          phy.sifsNs +
          phy.ackNs +
          phy.difsNs,
        tc: phy.rtsNs + phy.difsNs,
      }
    : { ts: data + phy.sifsNs + phy.ackNs + phy.difsNs, tc: data + phy.difsNs };
  return { tsS: ns.ts * 1e-9, tcS: ns.tc * 1e-9 };
}

/** Which of BianchiInput's extensions `bianchiCell` adds. */
export interface BianchiCellOptions {
  /** The retry limit and response timeout of this cell (retryLimit, timeoutSlots). */
  limits?: boolean;
  /** The retry limit with `limits`, attempts. Default 7 (dot11ShortRetryLimit). */
  retryLimit?: number;
  /** The standard's backoff freeze (freezeRule). */
  freezeRule?: boolean;
}

/**
 * Bianchi's saturation throughput of `n` stations in a cell with PHY `phy`, each sending IP
 * packets of `ipBytes` carrying `payloadBytes` of application payload (E[P]), bits per second.
 * `opts`: the extensions of BianchiInput (none: the paper's model).
 */
export function bianchiCell(
  phy: WifiPhy,
  n: number,
  ipBytes: number,
  payloadBytes: number,
  rts: boolean,
  opts: BianchiCellOptions = {},
): BianchiResult {
  const w = phy.cwMin + 1;
  let m = 0;
  while (w * pow(2, m) < phy.cwMax + 1) m++;
  return bianchi({
    n,
    w,
    m,
    slotS: phy.slotNs * 1e-9,
    ...dcfTimes(phy, ipBytes, rts),
    payloadBits: 8 * payloadBytes,
    ...(opts.limits === true
      ? { retryLimit: opts.retryLimit ?? 7, timeoutSlots: phy.responseTimeoutNs / phy.slotNs }
      : {}),
    ...(opts.freezeRule === true ? { freezeRule: true } : {}),
  });
}

/** Sizes of the control frames, for the docs of the tables (bytes). */
export const CONTROL_FRAME_BYTES = { ack: ACK_BYTES, cts: CTS_BYTES, rts: RTS_BYTES } as const;
