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
}

export interface BianchiResult {
  /** Probability that a station transmits in a slot (eq. 7). */
  tau: number;
  /** Conditional collision probability (eq. 9). */
  p: number;
  /** Saturation throughput, payload bits per second (eq. 13). */
  throughputBps: number;
}

/** τ of eq. (7) for a given p. */
export function bianchiTau(p: number, w: number, m: number): number {
  let sum = 0;
  for (let k = 0; k < m; k++) sum += pow(2 * p, k);
  return 2 / (w + 1 + p * w * sum);
}

/**
 * Solve eqs. (7) and (9) by bisection on p and evaluate eq. (13).
 * @throws RangeError for n < 1, W < 1, m < 0 or non-positive times.
 */
export function bianchi(x: BianchiInput): BianchiResult {
  if (!(x.n >= 1 && x.w >= 1 && x.m >= 0 && x.slotS > 0 && x.tsS > 0 && x.tcS > 0)) {
    throw new RangeError('bianchi: need n ≥ 1, W ≥ 1, m ≥ 0 and positive times');
  }
  let p = 0;
  if (x.n > 1) {
    // g(p) = p − (1 − (1 − τ(p))^(n−1)) rises from g(0) < 0 to g(1) > 0.
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      const g = mid - (1 - pow(1 - bianchiTau(mid, x.w, x.m), x.n - 1));
      if (g < 0) lo = mid;
      else hi = mid;
    }
    p = (lo + hi) / 2;
  }
  const tau = bianchiTau(p, x.w, x.m);
  const ptr = 1 - pow(1 - tau, x.n);
  const ps = (x.n * tau * pow(1 - tau, x.n - 1)) / ptr;
  const slotMean = (1 - ptr) * x.slotS + ptr * ps * x.tsS + ptr * (1 - ps) * x.tcS;
  return { tau, p, throughputBps: (ps * ptr * x.payloadBits) / slotMean };
}

/**
 * T_s and T_c of this engine's cell (cell.ts) for data frames carrying `ipBytes` IP packets,
 * seconds, with δ = 0 (no propagation delay):
 * - basic access: T_s = DATA + SIFS + ACK + DIFS (eq. 14); T_c = DATA + EIFS, EIFS = SIFS +
 *   ACK at the lowest rate + DIFS — the paper's T_c = DATA + DIFS (eq. 15) predates the EIFS
 *   rule that 802.11 stations (and ns-3) apply after a damaged frame;
 * - RTS/CTS: T_s = RTS + SIFS + CTS + SIFS + DATA + SIFS + ACK + DIFS (eq. 16); T_c = RTS + EIFS
 *   (eq. 17 with EIFS for DIFS, as above).
 * The PHY preamble and MAC header are inside DATA (the paper's H).
 */
export function dcfTimes(
  phy: WifiPhy,
  ipBytes: number,
  rts: boolean,
): { tsS: number; tcS: number } {
  const data = phy.dataNs(ipBytes + DATA_MAC_OVERHEAD_BYTES);
  const eifs = phy.eifsNoDifsNs + phy.difsNs;
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
        tc: phy.rtsNs + eifs,
      }
    : { ts: data + phy.sifsNs + phy.ackNs + phy.difsNs, tc: data + eifs };
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
  });
}

/** Sizes of the control frames, for the docs of the tables (bytes). */
export const CONTROL_FRAME_BYTES = { ack: ACK_BYTES, cts: CTS_BYTES, rts: RTS_BYTES } as const;
