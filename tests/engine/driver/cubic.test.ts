/**
 * One CUBIC loss episode through the driver: the real sender shell, SACK recovery (ns-2 Sack1,
 * tcp-sack1.cc) and CUBIC's window (RFC 9438), values worked out by hand.
 *
 * Clock: tick 1/8 s and every round trip exactly 0.25 s, so all times are exact binary
 * fractions and every RTT sample is 2 ticks: srtt = 0.25 s from the first sample on (ns-2
 * rtt_update: srtt_ = 2 << 3, then delta 0). The RTO stays max(minrto 1 s, 6 ticks) = 1 s, longer
 * than any gap below.
 */
import { describe, expect, it } from 'vitest';
import { tcp } from './tcp-driver';

const ALPHA = 9 / 17; // α_cubic = 3·(1 − 0.7)/(1 + 0.7) = 0.9/1.7

describe('CUBIC: fast retransmit with the β = 0.7 cut, SACK recovery, then the cubic stage', () => {
  it('cuts 8 → 5.6, repairs 8 under pipe < 5, one slow-start step at cwnd = ssthresh, then a stage with K = ∛3.5 growing concave', () => {
    const d = tcp('cubic', { icwnd: 1, window: 20, tick: 0.125 });
    const cwnd = () => d.state().cwnd;

    // Slow start, one round trip of 0.25 s each: cwnd 1 → 2 → 4 → 8.
    d.start()
      .expectSent([1])
      .advanceTo(0.25)
      .deliver(1)
      .expectSent([2, 3])
      .advanceTo(0.5)
      .deliver(2, 3)
      .expectSent([4, 5, 6, 7])
      .advanceTo(0.75)
      .deliver(4, 5, 6, 7)
      .expectSent([8, 9, 10, 11, 12, 13, 14, 15])
      .expect({ cwnd: 8, ssthresh: 20, phase: 'slow-start', highestAck: 7 })
      .takeReasons();

    // t = 1.0: 8 is lost; 9, 10, 11 bring SACK blocks: the 3rd duplicate ACK retransmits 8.
    // RFC 9438 §4.6: ssthresh = cwnd = 0.7 · FlightSize (15 − 7 = 8) = 5.6; §4.7: first loss,
    // W_max = cwnd = 8. Sack1: pipe = maxseq − highest ACK − 3 = 15 − 7 − 3 = 5.
    d.advanceTo(1.0)
      .lose(8)
      .dupacks(3)
      .expectLastAck(7, [[9, 11]])
      .expectSent([8])
      .expectReasons(['tcp.dupack', 'tcp.dupack', 'cubic.fast-retransmit'])
      .expect({ pipe: 5, recover: 15, phase: 'fast-recovery', fastRetransmits: 1 });
    expect(cwnd()).toBeCloseTo(5.6, 12);
    expect(d.state().ssthresh).toBeCloseTo(5.6, 12);

    // 12..15: each duplicate ACK takes pipe to 4, and pipe < ⌊5.6⌋ = 5 lets one new packet out.
    d.dupacks(4)
      .expectSent([16, 17, 18, 19])
      .expect({ pipe: 5 })
      .expectReasons(Array(4).fill('sack.recovery-ack'));
    expect(cwnd()).toBeCloseTo(5.6, 12); // no growth in recovery

    // t = 1.25: the retransmission arrives, ACK 15 = recover ends recovery with cwnd = 5.6;
    // ⌊5.6⌋ = 5 beyond 15 lets 20 out (16..19 are in flight).
    d.advanceTo(1.25)
      .deliver(8)
      .expectLastAck(15)
      .expectSent([20])
      .expectReasons(['sack.exit-recovery'])
      .expect({ pipe: -1, phase: 'congestion-avoidance', highestAck: 15 });
    expect(cwnd()).toBeCloseTo(5.6, 12);

    // ACK 16 at 1.25: cwnd = ssthresh = 5.6 is still slow start (RFC 9438 §4.10: "no more
    // than ssthresh"): cwnd 6.6, no stage yet; ⌊6.6⌋ = 6 beyond 16 lets 21 and 22 out.
    d.deliver(16).expectSent([21, 22]).expectReasons(['tcp.slow-start']);
    expect(cwnd()).toBeCloseTo(6.6, 12);

    // ACK 17 at 1.5: the first congestion-avoidance ACK starts the stage (§4.2): t_epoch = 1.5,
    // cwnd_epoch = W_est = 6.6, K = ∛((8 − 6.6)/0.4) = ∛3.5 = 1.5182945 s. W_est = 6.6 + α/6.6
    // = 6.6 + 0.0802139 = 6.6802139 (α_cubic: W_est < cwnd_prior 8) > W_cubic(0) = 6.6
    // ⇒ Reno-friendly: cwnd = 6.6802139. ⌊cwnd⌋ = 6 from 17: 23.
    d.advanceTo(1.5).deliver(17).expectSent([23]).expectReasons(['cubic.reno-friendly']);
    expect(cwnd()).toBeCloseTo(6.6 + ALPHA / 6.6, 12);
    expect(cwnd()).toBeCloseTo(6.68021390374, 10);

    // ACK 18 at 2.0, t = 0.5: W_est = 6.6802139 + α/6.6802139 = 6.7594646;
    // W_cubic(0.5) = 0.4·(0.5 − 1.5182945)³ + 8 = 0.4·(−1.0559) + 8 = 7.5776425 > W_est
    // ⇒ concave (cwnd < W_max 8). target = W_cubic(0.5 + 0.25) = 0.4·(−0.7682945)³ + 8
    // = 7.8185959, inside [cwnd, 1.5·cwnd]; cwnd = 6.6802139 + 1.1383820/6.6802139 = 6.8506252.
    // ⌊cwnd⌋ = 6 from 18: 24.
    d.advanceTo(2.0).deliver(18).expectSent([24]).expectReasons(['cubic.concave']);
    expect(cwnd()).toBeCloseTo(6.85062516094, 10);

    // ACK 19 at 2.75, t = 1.25: W_cubic(1.25) = 0.4·(−0.2682945)³ + 8 = 7.9922751; target
    // W_cubic(1.5) = 0.4·(−0.0182945)³ + 8 = 7.9999976 — the plateau just below W_max 8;
    // cwnd = 6.8506252 + 1.1493724/6.8506252 = 7.0184014. ⌊cwnd⌋ = 7 from 19: 25, 26.
    d.advanceTo(2.75).deliver(19).expectSent([25, 26]).expectReasons(['cubic.concave']);
    expect(cwnd()).toBeCloseTo(7.01840143871, 10);
    d.expect({ timeouts: 0, retransmissions: 1, highestAck: 19 });
    expect(d.state().ssthresh).toBeCloseTo(5.6, 12);
  });
});
