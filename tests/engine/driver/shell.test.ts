/**
 * The TCP sender shell (src/engine/tcp/sender.ts) through the driver: initial window, window
 * growth, the retransmission timer, limited transmit, maxburst. Every expected value is worked
 * out by hand from ns-2.35 tcp.cc (send_much, opencwnd, slowdown, timeout, send_one) and the
 * RFCs, not copied from the engine's output. Packet numbers are 1-based (packet n = ns-2 seqno
 * n − 1). The driver's defaults are the Fall & Floyd settings: wnd 20 (= initial ssthresh),
 * minrto 1 s, initial RTO 3 s, tick 10 ms, no maxburst, no limited transmit.
 */
import { describe, expect, it } from 'vitest';
import { tcp } from './tcp-driver';

/** Deliver packets 1..n one at a time (one ACK each), from a started driver. */
const deliverUpTo = (n: number) => (d: ReturnType<typeof tcp>) => {
  for (let k = 1; k <= n; k++) d.deliver(k);
};

describe('TCP shell: initial window (ns-2 tcp.cc send_much, window() = min(cwnd, wnd))', () => {
  it('sends one packet with windowInit_ 1 and times it against the initial RTO', () => {
    tcp('tahoe', { icwnd: 1 })
      .start()
      .expectSent([1])
      .expectReasons(['tcp.start'])
      // ssthresh_ starts at the window (20); no RTT sample yet, so the RTO is the initial 3 s.
      .expect({ cwnd: 1, ssthresh: 20, highestAck: 0, nextSeq: 2, flightsize: 1, rto: 3 });
  });

  it('sends the whole initial window at once (RFC 3390: IW 4)', () => {
    tcp('reno', { icwnd: 4 })
      .start()
      .expectSent([1, 2, 3, 4])
      .expect({ cwnd: 4, nextSeq: 5, flightsize: 4, phase: 'slow-start' });
  });

  it('caps the initial window by the receiver window (window() = min(cwnd, wnd))', () => {
    tcp('newreno', { icwnd: 4, window: 3 })
      .start()
      .expectSent([1, 2, 3])
      .expect({ cwnd: 4, nextSeq: 4 });
  });

  it('runs the driver example of the header (Reno, first window)', () => {
    tcp('reno', { icwnd: 1, window: 20 })
      .start()
      .expectSent([1])
      .deliver(1)
      .expectSent([2, 3])
      .deliver(2, 3)
      .expectSent([4, 5, 6, 7])
      .lose(4)
      .dupacks(3)
      // ⌊4/2⌋ = 2; the inflated window 2 + 3 = 5 from highest ACK 3 lets packet 8 out.
      .expectSent([4, 8])
      .expect({
        cwnd: 2,
        ssthresh: 2,
        dupacks: 3,
        recover: 7,
        inflation: 3,
        phase: 'fast-recovery',
      })
      .expectReasons([
        'tcp.start',
        'tcp.slow-start',
        'tcp.slow-start',
        'tcp.slow-start',
        'tcp.dupack',
        'tcp.dupack',
        'reno.fast-retransmit',
      ]);
  });
});

describe('TCP shell: window growth (ns-2 opencwnd, windowOption_ 1; RFC 5681 §3.1)', () => {
  it('slow start: +1 per ACK, two packets out per ACK', () => {
    tcp('reno')
      .start()
      .expectSent([1])
      .deliver(1)
      .expectSent([2, 3])
      .expect({ cwnd: 2 })
      .deliver(2)
      .expectSent([4, 5])
      .expect({ cwnd: 3 })
      .deliver(3)
      .expectSent([6, 7])
      .expect({
        cwnd: 4,
        ssthresh: 20,
        highestAck: 3,
        nextSeq: 8,
        flightsize: 4,
        phase: 'slow-start',
      })
      .expectReasons(['tcp.start', 'tcp.slow-start', 'tcp.slow-start', 'tcp.slow-start']);
  });

  it('slow start counts ACKs, not packets acked: one ACK for 2 and 3 opens cwnd by 1', () => {
    // ns-2 opencwnd runs once per new ACK whatever it covers (RFC 5681 §3.1 allows at most SMSS).
    tcp('tahoe')
      .start()
      .expectSent([1])
      .ack(1)
      .expectSent([2, 3])
      .ack(3)
      .expect({ cwnd: 3, highestAck: 3 })
      // send_much: t_seqno ≤ highest_ack + window → seqnos 3..5 = packets 4, 5, 6.
      .expectSent([4, 5, 6]);
  });

  it('congestion avoidance: cwnd += 1/cwnd per ACK once cwnd ≥ ssthresh', () => {
    // icwnd 4 = wnd 4 = initial ssthresh: the first ACK already finds cwnd ≥ ssthresh.
    const d = tcp('reno', { icwnd: 4, window: 4 }).start().expectSent([1, 2, 3, 4]);
    let c = 4;
    for (let k = 1; k <= 4; k++) {
      c += 1 / c;
      // window() = min(⌊cwnd⌋, wnd 4): one packet out per ACK.
      d.deliver(k)
        .expectSent([k + 4])
        .expect({ cwnd: c, ssthresh: 4, phase: 'congestion-avoidance' });
    }
    expect(c).toBeCloseTo(4.9206, 4); // 4 → 4.25 → 4.4853 → 4.7082 → 4.9206
    d.expectReasons(['tcp.start', ...Array<string>(4).fill('tcp.congestion-avoidance')]);
  });

  it('after an RTO: slow start up to ssthresh, then +1/cwnd', () => {
    const d = tcp('tahoe').start().do(deliverUpTo(7)); // cwnd 8, packets 8..15 in flight
    d.takeSent();
    d.lose(8, 9, 10, 11, 12, 13, 14, 15)
      .advanceTo(1)
      .expectSent([8])
      .expect({ cwnd: 1, ssthresh: 4 });
    // From highest ACK 8, window 2: 9, 10; then 2 per ACK up to cwnd = ssthresh = 4.
    d.deliver(8).expect({ cwnd: 2, highestAck: 8, phase: 'slow-start' }).expectSent([9, 10]);
    d.deliver(9).expect({ cwnd: 3 }).expectSent([11, 12]);
    d.deliver(10).expect({ cwnd: 4 }).expectSent([13, 14]);
    // cwnd 4 = ssthresh 4: congestion avoidance from here, one packet per ACK.
    d.deliver(11).expect({ cwnd: 4.25, phase: 'congestion-avoidance' }).expectSent([15]);
    d.deliver(12)
      .expect({ cwnd: 4.25 + 1 / 4.25 })
      .expectSent([16]);
    d.expectReasons([
      ...Array<string>(8)
        .fill('tcp.slow-start')
        .map((c, i) => (i === 0 ? 'tcp.start' : c)),
      'tcp.rto',
      'tcp.slow-start',
      'tcp.slow-start',
      'tcp.slow-start',
      'tcp.congestion-avoidance',
      'tcp.congestion-avoidance',
    ]);
  });
});

describe('TCP shell: retransmission timeout (ns-2 tcp.cc timeout / slowdown; RFC 2988 §5)', () => {
  it('ssthresh = ⌊window/2⌋, cwnd = 1, go back to highest_ack + 1, RTO doubled', () => {
    // One RTT sample of 0 s → 1 tick: srtt 8, rttvar 2 (scaled), rto = 3 ticks < minrto 1 s.
    const d = tcp('tahoe').start().do(deliverUpTo(7));
    d.expect({ cwnd: 8, highestAck: 7, nextSeq: 16, flightsize: 8, rto: 1 }).takeSent();
    d.takeReasons();
    // The timer was restarted by the last new ACK at t = 0: it expires at t = 1.
    d.advanceTo(0.999).expectSent([]).expectReasons([]);
    d.advanceTo(1).expectReasons(['tcp.rto']).expectSent([8]).expect({
      cwnd: 1,
      ssthresh: 4,
      recover: 15,
      highestAck: 7,
      nextSeq: 9,
      phase: 'rto-recovery',
      rto: 2,
      timeouts: 1,
      retransmissions: 1,
    });
    // Second expiry 2 s later (backoff 2): ssthresh = max(⌊1/2⌋, 2) = 2, backoff 4.
    d.advanceTo(2.999).expectSent([]);
    d.advanceTo(3).expectSent([8]).expect({ cwnd: 1, ssthresh: 2, rto: 4, timeouts: 2 });
    // Third expiry 4 s later.
    d.advanceTo(6.999).expectSent([]);
    d.advanceTo(7).expectSent([8]).expect({ ssthresh: 2, rto: 8, timeouts: 3 });
  });

  it('halves the odd window down (⌊7/2⌋ = 3)', () => {
    tcp('reno')
      .start()
      .do(deliverUpTo(6))
      .expect({ cwnd: 7, nextSeq: 14 })
      .advanceTo(1)
      .expect({ cwnd: 1, ssthresh: 3, recover: 13 });
  });

  it('halves min(cwnd, wnd), not cwnd: icwnd 8 over wnd 6 gives ssthresh 3 at the initial RTO', () => {
    tcp('tahoe', { icwnd: 8, window: 6 })
      .start()
      .expectSent([1, 2, 3, 4, 5, 6])
      .advanceTo(2.999)
      .expectSent([])
      .advanceTo(3) // initial RTO 3 s, nothing acked
      .expectSent([1])
      .expect({ cwnd: 1, ssthresh: 3, rto: 6, highestAck: 0, nextSeq: 2 });
  });

  it("keeps the backoff until a packet sent after the timeout is acked (Karn's algorithm)", () => {
    const d = tcp('tahoe').start().do(deliverUpTo(7)).advanceTo(1).advanceTo(3);
    d.expect({ rto: 4 }).takeSent();
    // The receiver gets one copy of 8 (the others are dropped): ACK 8, not timed.
    d.lose(8, 8).deliver(8).expect({ highestAck: 8, cwnd: 2, rto: 4 });
  });
});

describe('TCP shell: limited transmit (RFC 3042 §2; ns-2 send_one, singledup_)', () => {
  it('sends one new packet on each of the first two duplicate ACKs', () => {
    tcp('reno', { limitedTransmit: true })
      .start()
      .do(deliverUpTo(3)) // cwnd 4, 4..7 in flight
      .do((d) => void d.takeSent())
      .lose(4)
      .deliver(5)
      // t_seqno 8 ≤ highest_ack 3 + cwnd 4 + dupacks 1 = 8
      .expectSent([8])
      .deliver(6)
      .expectSent([9]) // 9 ≤ 3 + 4 + 2
      .deliver(7)
      // 3rd dupack: retransmit 4; recover is 9 now. cwnd 2 + 3 = 5 from ACK 3 reaches 8: no more.
      .expectSent([4])
      .expect({ cwnd: 2, ssthresh: 2, dupacks: 3, recover: 9 })
      .expectReasons([
        'tcp.start',
        'tcp.slow-start',
        'tcp.slow-start',
        'tcp.slow-start',
        'tcp.limited-transmit',
        'tcp.limited-transmit',
        'reno.fast-retransmit',
      ]);
  });

  it('sends nothing on the first two duplicate ACKs when off', () => {
    tcp('reno')
      .start()
      .do(deliverUpTo(3))
      .do((d) => void d.takeSent())
      .lose(4)
      .deliver(5, 6)
      .expectSent([])
      .deliver(7)
      .expectSent([4, 8])
      .expect({ recover: 7 });
  });
});

describe('TCP shell: maxburst (ns-2 send_much maxburst_)', () => {
  it('sends at most maxburst packets per send_much call', () => {
    tcp('newreno', { icwnd: 4, maxburst: 2 })
      .start()
      .expectSent([1, 2]) // the initial window of 4 is cut to a burst of 2
      .deliver(1)
      .expect({ cwnd: 5 })
      .expectSent([3, 4]) // window allows 2..6, burst 2
      .deliver(2)
      .expect({ cwnd: 6 })
      .expectSent([5, 6]);
  });

  it('without maxburst the same ACK sends everything the window allows', () => {
    tcp('newreno', { icwnd: 4 }).start().expectSent([1, 2, 3, 4]).deliver(1).expectSent([5, 6]);
  });
});
