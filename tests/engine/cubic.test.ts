/**
 * CUBIC's congestion ops (src/engine/tcp/variants/cubic.ts) against RFC 9438, on hand-built
 * sender states. Every expected value is worked out by hand from the RFC's equations (the
 * arithmetic is in the comments), never by calling the engine's helpers:
 *
 *   eq. 1  W_cubic(t) = C·(t − K)³ + W_max            C = 0.4 segments/s³ (§5)
 *   eq. 2  K = ∛((W_max − cwnd_epoch)/C)
 *   eq. 4  W_est += α_cubic · segments_acked / cwnd   α_cubic = 3(1 − β)/(1 + β), β = 0.7
 *   §4.2   target = W_cubic(t + RTT) clamped to [cwnd, 1.5·cwnd]
 *   §4.4/5 cwnd += (target − cwnd)/cwnd per new ACK (concave if cwnd < W_max, else convex)
 *   §4.6   ssthresh = max(flight_size·β, 2); cwnd = ssthresh
 *   §4.7   W_max = cwnd·(1 + β)/2 if cwnd < W_max, else cwnd
 *   §4.8   after an RTO: cwnd 1; next stage K = 0, W_max = cwnd_epoch
 *
 * One segment is acknowledged per ACK here (segments_acked = 1), as the engine does.
 */
import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../src/engine/config';
import type { TcpState } from '../../src/engine/tcp/state';
import {
  CUBIC_ALPHA,
  CUBIC_BETA,
  CUBIC_C,
  cubicK,
  cubicOps,
  wCubic,
  type CubicState,
} from '../../src/engine/tcp/variants/cubic';
import { AckSampler } from '../../src/engine/tcp/ack-samples';

/** α_cubic = 3·(1 − 0.7)/(1 + 0.7) = 0.9/1.7 = 9/17 = 0.529411764705882… */
const ALPHA = 9 / 17;

/**
 * A sender state with only what the ops read: time, cwnd, ssthresh, smoothed RTT and the
 * FlightSize (maxseq − highestAck). The rest is inert; the ops must not need it.
 */
function state(o: {
  now?: number;
  cwnd: number;
  ssthresh?: number;
  srtt?: number;
  flight?: number;
}): TcpState {
  const flight = o.flight ?? Math.floor(o.cwnd);
  const highestAck = 99;
  return {
    cfg: {} as FlowConfig,
    now: o.now ?? 0,
    cwnd: o.cwnd,
    ssthresh: o.ssthresh ?? 2,
    wnd: 10_000,
    dupwnd: 0,
    dupacks: 0,
    maxseq: highestAck + flight,
    highestAck,
    tSeqno: highestAck + flight + 1,
    recover: 0,
    srttS: o.srtt ?? 1,
    rtoBackoff: 1,
    ackSample: new AckSampler().sample,
    sentAtS: () => NaN,
    window: () => Math.floor(o.cwnd),
    windowd: () => o.cwnd,
  };
}

/** CUBIC's record in the middle of a stage: W_max 120, cwnd_epoch 70 ⇒ K = ∛(50/0.4) = ∛125 = 5 s. */
function midEpoch(o: Partial<CubicState> = {}): CubicState {
  return { wMax: 120, k: 5, epochStart: 0, cwndEpoch: 70, wEst: 70.5, cwndPrior: 120, ...o };
}

describe('RFC 9438 constants (§5, §4.3)', () => {
  it('C = 0.4, β_cubic = 0.7, α_cubic = 3·0.3/1.7 = 0.5294', () => {
    expect(CUBIC_C).toBe(0.4);
    expect(CUBIC_BETA).toBe(0.7);
    expect(CUBIC_ALPHA).toBeCloseTo(0.5294117647, 10);
    expect(CUBIC_ALPHA).toBeCloseTo(ALPHA, 15);
  });
});

describe('eq. 1 W_cubic(t) and eq. 2 K', () => {
  it('W_max 100, cwnd_epoch 70: K = ∛((100 − 70)/0.4) = ∛75 = 4.2172 s', () => {
    // 4.2172³ = 75.002; 4.21716³ = 74.999 — K = 4.217163…
    expect(cubicK(100, 70)).toBeCloseTo(4.217163, 6);
    expect(cubicK(100, 70) ** 3).toBeCloseTo(75, 10);
  });

  it('W_cubic(0) = cwnd_epoch = 70, W_cubic(K) = W_max = 100, symmetric about K', () => {
    const c = { wMax: 100, k: cubicK(100, 70) };
    // 0.4·(0 − K)³ + 100 = −0.4·75 + 100 = 70
    expect(wCubic(c, 0)).toBeCloseTo(70, 10);
    expect(wCubic(c, c.k)).toBe(100);
    // K ± 1: 100 ± 0.4·1³; K ± 2: 100 ± 0.4·8 = 100 ± 3.2
    expect(wCubic(c, c.k + 1)).toBeCloseTo(100.4, 10);
    expect(wCubic(c, c.k - 1)).toBeCloseTo(99.6, 10);
    expect(wCubic(c, c.k + 2)).toBeCloseTo(103.2, 10);
    expect(wCubic(c, c.k - 2)).toBeCloseTo(96.8, 10);
  });

  it('W_max 120, cwnd_epoch 70: K = ∛125 = 5 exactly; W_cubic(1) = 0.4·(−4)³ + 120 = 94.4', () => {
    expect(cubicK(120, 70)).toBeCloseTo(5, 12);
    expect(wCubic({ wMax: 120, k: 5 }, 1)).toBeCloseTo(94.4, 12);
    expect(wCubic({ wMax: 120, k: 5 }, 9)).toBeCloseTo(145.6, 12); // 0.4·4³ + 120
  });
});

describe('slow start below ssthresh (§4.10, RFC 5681)', () => {
  it('cwnd 10 < ssthresh 20: +1 per ACK, and no CUBIC stage starts', () => {
    const c = cubicOps.init(state({ cwnd: 10 }));
    const g = cubicOps.grow(state({ now: 3, cwnd: 10, ssthresh: 20 }), c);
    expect(g).toEqual({ cwnd: 11, rule: 'tcp.slow-start', phase: 'slow-start' });
    expect(c.epochStart).toBe(-1);
  });

  it('cwnd 19.5 < ssthresh 20 is still slow start: 20.5', () => {
    const c = cubicOps.init(state({ cwnd: 19.5 }));
    expect(cubicOps.grow(state({ cwnd: 19.5, ssthresh: 20 }), c).cwnd).toBe(20.5);
  });

  it('cwnd = ssthresh 20 is slow start too ("no more than ssthresh", §4.10): 21, no stage yet', () => {
    const c = cubicOps.init(state({ cwnd: 20 }));
    expect(cubicOps.grow(state({ cwnd: 20, ssthresh: 20 }), c)).toEqual({
      cwnd: 21,
      rule: 'tcp.slow-start',
      phase: 'slow-start',
    });
    expect(c.epochStart).toBe(-1);
  });
});

describe('start of a congestion-avoidance stage (§4.2, §4.3)', () => {
  it('after a loss (W_max 100 > cwnd 70): t_epoch = now, cwnd_epoch = 70, K = ∛75, W_est from 70', () => {
    const c = midEpoch({ wMax: 100, epochStart: -1, cwndEpoch: 0, wEst: 0, cwndPrior: 100 });
    // cwnd 70 above ssthresh 69: congestion avoidance (at cwnd = ssthresh it would slow-start).
    const g = cubicOps.grow(state({ now: 10, cwnd: 70, ssthresh: 69 }), c);
    expect(c.epochStart).toBe(10);
    expect(c.cwndEpoch).toBe(70);
    expect(c.wMax).toBe(100);
    expect(c.k).toBeCloseTo(4.217163, 6);
    // t = 0: W_est = 70 + α/70 = 70 + 9/1190 = 70.0075630…; W_cubic(0) = 70 < W_est, so the
    // first ACK of every stage is in the Reno-friendly region: cwnd = W_est.
    expect(c.wEst).toBeCloseTo(70.00756302521, 10);
    expect(g.cwnd).toBeCloseTo(70.00756302521, 10);
    expect(g.rule).toBe('cubic.reno-friendly');
    expect(g.phase).toBe('congestion-avoidance');
  });

  it('no loss yet (W_max 0): K = 0 and W_max = cwnd_epoch', () => {
    const c = cubicOps.init(state({ cwnd: 30 }));
    cubicOps.grow(state({ now: 2, cwnd: 30, ssthresh: 29 }), c);
    expect(c).toMatchObject({ wMax: 30, k: 0, epochStart: 2, cwndEpoch: 30 });
    // cwnd_prior 0 ⇒ W_est ≥ cwnd_prior at once ⇒ α = 1: W_est = 30 + 1/30
    expect(c.wEst).toBeCloseTo(30 + 1 / 30, 12);
  });

  it('cwnd above W_max at the stage start (W_max 20, cwnd 30): K = 0, W_max = 30', () => {
    const c = midEpoch({ wMax: 20, epochStart: -1, cwndPrior: 20 });
    cubicOps.grow(state({ now: 4, cwnd: 30, ssthresh: 25 }), c);
    expect(c).toMatchObject({ wMax: 30, k: 0, epochStart: 4, cwndEpoch: 30 });
  });
});

describe('Reno-friendly region and α_cubic (§4.3)', () => {
  it('W_cubic(t) < W_est: cwnd = W_est (α_cubic while W_est < cwnd_prior)', () => {
    // t = 1: W_cubic(1) = 94.4; W_est = 95 + α/90 = 95.0058824 > 94.4 ⇒ cwnd = 95.0058824
    const c = midEpoch({ wEst: 95 });
    const g = cubicOps.grow(state({ now: 1, cwnd: 90, ssthresh: 70 }), c);
    expect(c.wEst).toBeCloseTo(95.00588235294, 10);
    expect(g.cwnd).toBeCloseTo(95.00588235294, 10);
    expect(g.rule).toBe('cubic.reno-friendly');
  });

  it('α_cubic = 0.5294 just below cwnd_prior: W_est 119.99 → 119.99 + α/100 = 119.9952941', () => {
    const c = midEpoch({ wEst: 119.99 });
    const g = cubicOps.grow(state({ now: 1, cwnd: 100, ssthresh: 70 }), c);
    expect(g.cwnd).toBeCloseTo(119.99529411765, 10);
  });

  it('α_cubic = 1 once W_est ≥ cwnd_prior: W_est 120 → 120 + 1/100 = 120.01', () => {
    const c = midEpoch({ wEst: 120 });
    const g = cubicOps.grow(state({ now: 1, cwnd: 100, ssthresh: 70 }), c);
    expect(c.wEst).toBeCloseTo(120.01, 12);
    expect(g.cwnd).toBeCloseTo(120.01, 12);
    expect(g.rule).toBe('cubic.reno-friendly');
  });

  it('W_est grows on every CA ACK, also in the cubic regions: 70.5 + α/80 = 70.5066176', () => {
    const c = midEpoch();
    const g = cubicOps.grow(state({ now: 1, cwnd: 80, ssthresh: 70 }), c);
    expect(g.rule).toBe('cubic.concave');
    expect(c.wEst).toBeCloseTo(70.5 + 0.5294117647 / 80, 10);
  });

  it('engine reading: in the region with W_est < cwnd the window is held, not lowered to W_est', () => {
    // W_cubic(1) = 94.4 < W_est = 95 + α/100 = 95.0052941 < cwnd 100. RFC 9438 §4.3 says cwnd
    // "SHOULD be set to W_est" (95.005); §4.2 says CUBIC "chooses the larger of the two
    // values". The engine takes max(cwnd, W_est) and keeps 100 (Linux never lowers cwnd
    // in congestion avoidance either).
    const c = midEpoch({ wEst: 95 });
    const g = cubicOps.grow(state({ now: 1, cwnd: 100, ssthresh: 70 }), c);
    expect(c.wEst).toBeCloseTo(95.00529411765, 10);
    expect(g).toEqual({ cwnd: 100, rule: 'cubic.reno-friendly', phase: 'congestion-avoidance' });
  });
});

describe('concave and convex regions, target clamped to [cwnd, 1.5·cwnd] (§4.2, §4.4, §4.5)', () => {
  // midEpoch: W_max 120, K = 5, W_est 70.5 (far below W_cubic: never Reno-friendly here), RTT 1 s.
  it('concave: t = 1, cwnd 80: target W_cubic(2) = 0.4·(−3)³ + 120 = 109.2; cwnd = 80 + 29.2/80 = 80.365', () => {
    const g = cubicOps.grow(state({ now: 1, cwnd: 80, ssthresh: 70 }), midEpoch());
    expect(g.cwnd).toBeCloseTo(80.365, 12);
    expect(g.rule).toBe('cubic.concave');
  });

  it('concave, upper clamp: cwnd 60, W_cubic(2) = 109.2 > 1.5·60 = 90 ⇒ cwnd = 60 + 30/60 = 60.5', () => {
    const g = cubicOps.grow(state({ now: 1, cwnd: 60, ssthresh: 50 }), midEpoch());
    expect(g.cwnd).toBe(60.5);
    expect(g.rule).toBe('cubic.concave');
  });

  it('concave, lower clamp: cwnd 115 > W_cubic(2) = 109.2 ⇒ target = cwnd, no growth', () => {
    const g = cubicOps.grow(state({ now: 1, cwnd: 115, ssthresh: 70 }), midEpoch());
    expect(g).toEqual({ cwnd: 115, rule: 'cubic.concave', phase: 'congestion-avoidance' });
  });

  it('the RTT in the target is the smoothed RTT: srtt 2 s ⇒ W_cubic(3) = 0.4·(−2)³ + 120 = 116.8; 80 + 36.8/80 = 80.46', () => {
    const g = cubicOps.grow(state({ now: 1, cwnd: 80, ssthresh: 70, srtt: 2 }), midEpoch());
    expect(g.cwnd).toBeCloseTo(80.46, 12);
  });

  it('convex: t = 8, cwnd 125 ≥ W_max: target W_cubic(9) = 0.4·4³ + 120 = 145.6; 125 + 20.6/125 = 125.1648', () => {
    const g = cubicOps.grow(state({ now: 8, cwnd: 125, ssthresh: 70 }), midEpoch());
    expect(g.cwnd).toBeCloseTo(125.1648, 12);
    expect(g.rule).toBe('cubic.convex');
  });

  it('convex at cwnd = W_max exactly (§4.5: "larger than or equal to")', () => {
    // t = 8: target 145.6 ≤ 1.5·120 = 180 ⇒ 120 + 25.6/120 = 120.21333…
    const g = cubicOps.grow(state({ now: 8, cwnd: 120, ssthresh: 70 }), midEpoch());
    expect(g.rule).toBe('cubic.convex');
    expect(g.cwnd).toBeCloseTo(120 + 25.6 / 120, 12);
  });

  it('convex, upper clamp: t = 15, W_cubic(16) = 0.4·11³ + 120 = 652.4 > 1.5·125 = 187.5 ⇒ 125 + 62.5/125 = 125.5', () => {
    const g = cubicOps.grow(state({ now: 15, cwnd: 125, ssthresh: 70 }), midEpoch());
    expect(g.cwnd).toBe(125.5);
    expect(g.rule).toBe('cubic.convex');
  });

  it('convex, lower clamp: t = 6, W_cubic(7) = 0.4·2³ + 120 = 123.2 < cwnd 125 ⇒ no growth', () => {
    const g = cubicOps.grow(state({ now: 6, cwnd: 125, ssthresh: 70 }), midEpoch());
    expect(g).toEqual({ cwnd: 125, rule: 'cubic.convex', phase: 'congestion-avoidance' });
  });

  it('t is measured from t_epoch: the same step at now = 11 with t_epoch = 10 as at now = 1 from 0', () => {
    const g = cubicOps.grow(
      state({ now: 11, cwnd: 80, ssthresh: 70 }),
      midEpoch({ epochStart: 10 }),
    );
    expect(g.cwnd).toBeCloseTo(80.365, 12);
  });
});

describe('multiplicative decrease (§4.6) and fast convergence (§4.7)', () => {
  it('first loss: ssthresh = cwnd = 0.7·FlightSize 100 = 70; W_max = cwnd_prior = 100; the stage ends', () => {
    const c = midEpoch({ wMax: 0, cwndPrior: 0, epochStart: 3 });
    const cut = cubicOps.cut(state({ now: 5, cwnd: 100, flight: 100, ssthresh: 64 }), c);
    expect(cut.ssthresh).toBeCloseTo(70, 12);
    expect(cut.cwnd).toBe(cut.ssthresh);
    expect(c).toMatchObject({ wMax: 100, cwndPrior: 100, epochStart: -1 });
  });

  it('the cut is from the FlightSize, not cwnd: cwnd 100, FlightSize 60 ⇒ 0.7·60 = 42', () => {
    const c = midEpoch({ wMax: 0 });
    const cut = cubicOps.cut(state({ cwnd: 100, flight: 60 }), c);
    expect(cut.ssthresh).toBeCloseTo(42, 12);
    expect(cut.cwnd).toBeCloseTo(42, 12);
  });

  it('at least 2 segments: FlightSize 2 ⇒ max(1.4, 2) = 2', () => {
    const cut = cubicOps.cut(state({ cwnd: 2, flight: 2 }), midEpoch({ wMax: 0 }));
    expect(cut).toEqual({ ssthresh: 2, cwnd: 2 });
  });

  it('fast convergence: cwnd 100 < W_max 120 ⇒ W_max = 100·(1 + 0.7)/2 = 85', () => {
    const c = midEpoch();
    cubicOps.cut(state({ cwnd: 100, flight: 100 }), c);
    expect(c.wMax).toBeCloseTo(85, 12);
    expect(c.cwndPrior).toBe(100);
  });

  it('no fast convergence at cwnd ≥ W_max: cwnd 130 ⇒ W_max 130; cwnd 120 = W_max ⇒ 120', () => {
    const c1 = midEpoch();
    cubicOps.cut(state({ cwnd: 130, flight: 130 }), c1);
    expect(c1.wMax).toBe(130);
    const c2 = midEpoch();
    cubicOps.cut(state({ cwnd: 120, flight: 120 }), c2);
    expect(c2.wMax).toBe(120);
  });

  it('the next stage after a fast-converged cut: one slow-start step at cwnd = ssthresh 70, then W_max 85, cwnd_epoch 71 ⇒ K = ∛(14/0.4) = ∛35 = 3.2711 s', () => {
    const c = midEpoch();
    const cut = cubicOps.cut(state({ cwnd: 100, flight: 100 }), c);
    // cwnd = ssthresh = 70: §4.10 slow start, +1, no stage yet
    const g0 = cubicOps.grow(state({ now: 20, cwnd: cut.cwnd, ssthresh: cut.ssthresh }), c);
    expect(g0.cwnd).toBeCloseTo(71, 12);
    expect(c.epochStart).toBe(-1);
    cubicOps.grow(state({ now: 20.1, cwnd: g0.cwnd, ssthresh: cut.ssthresh }), c);
    // 3.2711³ = 35.000
    expect(c.k).toBeCloseTo(3.271066, 5);
    expect(c.epochStart).toBe(20.1);
    expect(c.wMax).toBeCloseTo(85, 12);
  });

  it('recovery ends with cwnd = ssthresh (RFC 6675 / RFC 5681 §3.2 step 6)', () => {
    expect(cubicOps.exit(state({ cwnd: 30, ssthresh: 42 }), midEpoch())).toBe(42);
  });
});

describe('retransmission timeout (§4.8)', () => {
  it('ssthresh = 0.7·FlightSize 100 = 70, cwnd = 1; the stage ends', () => {
    const c = midEpoch();
    const r = cubicOps.rto(state({ now: 7, cwnd: 100, flight: 100 }), c);
    expect(r.ssthresh).toBeCloseTo(70, 12);
    expect(r.cwnd).toBe(1);
    expect(c.epochStart).toBe(-1);
  });

  it('the next stage has K = 0 and W_max = cwnd_epoch even below the old W_max 120', () => {
    const c = midEpoch();
    cubicOps.rto(state({ now: 7, cwnd: 100, flight: 100 }), c);
    // slow start back past ssthresh (69 here), then the first CA ACK at now = 20, cwnd 70:
    // not K = ∛(50/0.4)
    const g1 = cubicOps.grow(state({ now: 20, cwnd: 70, ssthresh: 69 }), c);
    expect(c).toMatchObject({ k: 0, wMax: 70, cwndEpoch: 70, epochStart: 20 });
    // W_est = cwnd_epoch = 70, + α/70 (70 < cwnd_prior 100) = 70.0075630; W_cubic(0) = 70 ⇒ Reno-friendly
    expect(g1.cwnd).toBeCloseTo(70.00756302521, 10);
    // now = 21, t = 1, RTT 1: W_cubic(1) = 0.4·1³ + 70 = 70.4 > W_est = 70.0075630 + α/70.0075630
    // = 70.0151252 ⇒ convex (cwnd ≥ W_max 70); target W_cubic(2) = 0.4·8 + 70 = 73.2;
    // cwnd = 70.0075630 + (73.2 − 70.0075630)/70.0075630 = 70.0075630 + 0.0456013 = 70.0531643
    const g2 = cubicOps.grow(state({ now: 21, cwnd: g1.cwnd, ssthresh: 69 }), c);
    expect(g2.rule).toBe('cubic.convex');
    expect(g2.cwnd).toBeCloseTo(70.05316434079, 10);
  });
});
