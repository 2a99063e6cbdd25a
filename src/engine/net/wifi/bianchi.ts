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
 * Solve eqs. (7) and (9) by bisection on p and evaluate eq. (13).
 * @throws RangeError for n < 1, W < 1, m < 0 or non-positive times.
 */
export function bianchi(x: BianchiInput): BianchiResult {
  if (!(x.n >= 1 && x.w >= 1 && x.m >= 0 && x.slotS > 0 && x.tsS > 0 && x.tcS > 0)) {
    throw new RangeError('bianchi: need n ≥ 1, W ≥ 1, m ≥ 0 and positive times');
  }
  const tauOf = (p: number): number =>
    bianchiTau(p, x.w, x.m, x.retryLimit ?? Infinity, x.timeoutSlots ?? 0);
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
  const slotMean = (1 - ptr) * x.slotS + ptr * ps * x.tsS + ptr * (1 - ps) * x.tcS;
  return { tau, p, throughputBps: (ps * ptr * x.payloadBits) / slotMean };
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

/**
 * Bianchi's saturation throughput of `n` stations in a cell with PHY `phy`, each sending IP
 * packets of `ipBytes` carrying `payloadBytes` of application payload (E[P]), bits per second.
 */
export function bianchiCell(
  phy: WifiPhy,
  n: number,
  ipBytes: number,
  payloadBytes: number,
  rts: boolean,
  /** Add the two extensions of BianchiInput with this cell's retry limit and response timeout. */
  extended = false,
  retryLimit = 7,
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
    ...(extended ? { retryLimit, timeoutSlots: phy.responseTimeoutNs / phy.slotNs } : {}),
  });
}

/** Sizes of the control frames, for the docs of the tables (bytes). */
export const CONTROL_FRAME_BYTES = { ack: ACK_BYTES, cts: CTS_BYTES, rts: RTS_BYTES } as const;
