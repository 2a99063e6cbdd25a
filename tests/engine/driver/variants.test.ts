/**
 * Loss recovery of each TCP variant through the driver, values worked out by hand from ns-2.35
 * (tcp.cc, tcp-reno.cc, tcp-newreno.cc, tcp-sack1.cc, tcp-fack.cc) and RFC 2581/2582/6582.
 *
 * Common start (`grown`): slow start from 1 with one ACK per packet for packets 1..7 leaves
 * cwnd 8, highest ACK 7, packets 8..15 in flight (ns-2 send_much: t_seqno ≤ highest_ack +
 * window). ns-2 keeps 0-based seqnos; here packet n = seqno n − 1, so ns-2's recover_ = maxseq_
 * = seqno 14 reads as packet 15.
 */
import { describe, it } from 'vitest';
import type { TcpSenderId } from '../../../src/engine/tcp/variants';
import { tcp, type DriverOptions, type TcpDriver } from './tcp-driver';

function grown(variant: TcpSenderId, opts: DriverOptions = {}): TcpDriver {
  const d = tcp(variant, opts).start();
  for (let k = 1; k <= 7; k++) d.deliver(k);
  d.expect({ cwnd: 8, highestAck: 7, nextSeq: 16 }).expectInFlight([8, 9, 10, 11, 12, 13, 14, 15]);
  d.takeSent();
  d.takeReasons();
  return d;
}

describe('Tahoe (ns-2 tcp.cc dupack_action → tahoe_action; RFC 2001 §3)', () => {
  it('3rd dupack: ssthresh ⌊8/2⌋ = 4, cwnd 1, go back to 8; later dupacks send nothing', () => {
    grown('tahoe')
      .lose(8)
      .dupacks(2)
      .expectReasons(['tcp.dupack', 'tcp.dupack'])
      .expectSent([])
      .dupacks(1)
      .expectReasons(['tahoe.fast-retransmit'])
      .expectSent([8])
      // reset_rtx_timer(0, 0): t_seqno = highest_ack + 1, so next new is 9 again (go-back-N).
      .expect({
        cwnd: 1,
        ssthresh: 4,
        dupacks: 3,
        recover: 15,
        nextSeq: 9,
        phase: 'slow-start',
        fastRetransmits: 1,
      })
      .dupacks(1) // 12
      .expectReasons(['tcp.dupack-after-retransmit'])
      .expectSent([]);
  });

  it('the ACK of the retransmission jumps to 12 and slow start resends 13, 14 (go-back-N)', () => {
    grown('tahoe')
      .lose(8)
      .dupacks(4) // 9..12
      .do((d) => void d.takeSent())
      .do((d) => void d.takeReasons())
      .deliver(8) // the retransmission: the receiver holds 8..12
      .expectLastAck(12)
      // newack: t_seqno = max(t_seqno, last_ack + 1) = 13; cwnd 1 → 2; window from 12: 13, 14,
      // though the originals of 13 and 14 are still on their way.
      .expect({ cwnd: 2, dupacks: 0, highestAck: 12, nextSeq: 15 })
      .expectSent([13, 14])
      .expectReasons(['tcp.slow-start']);
  });
});

describe('Reno (ns-2 tcp-reno.cc; RFC 2581 §3.2)', () => {
  it('fast retransmit at the 3rd dupack, +1 inflation per further dupack, exit on a new ACK', () => {
    grown('reno')
      .lose(8)
      .dupacks(3) // 9, 10, 11
      .expectSent([8])
      // ssthresh = cwnd = ⌊8/2⌋; dupwnd_ = numdupacks_ = 3; recover_ = maxseq_ = 15.
      .expect({
        cwnd: 4,
        ssthresh: 4,
        dupacks: 3,
        recover: 15,
        inflation: 3,
        phase: 'fast-recovery',
      })
      .expectReasons(['tcp.dupack', 'tcp.dupack', 'reno.fast-retransmit'])
      // window() = ⌊cwnd⌋ + dupwnd: 4 + 4 = 8 from ACK 7 reaches 15, already sent.
      .dupacks(1)
      .expect({ inflation: 4, dupacks: 4 })
      .expectSent([])
      // 4 + 5 = 9 → 16; 4 + 6 → 17; 4 + 7 → 18.
      .dupacks(1)
      .expectSent([16])
      .dupacks(1)
      .expectSent([17])
      .dupacks(1)
      .expectSent([18])
      .expect({ inflation: 7, dupacks: 7 })
      .expectReasons(['reno.inflate', 'reno.inflate', 'reno.inflate', 'reno.inflate'])
      // The retransmission arrives: ACK 15. dupwnd_ = 0, then opencwnd once (cwnd ≥ ssthresh:
      // 4 + 1/4); window 4 from 15: packet 19.
      .deliver(8)
      .expectLastAck(15)
      .expect({
        cwnd: 4.25,
        ssthresh: 4,
        inflation: 0,
        dupacks: 0,
        highestAck: 15,
        phase: 'congestion-avoidance',
      })
      .expectReasons(['reno.exit-recovery'])
      .expectSent([19]);
  });

  it('a partial ACK ends recovery too; the bugfix rule then holds the next 3rd dupack back', () => {
    const d = grown('reno')
      .lose(8, 10)
      .deliver(9, 11, 12) // three dupacks of 7
      .expectSent([8])
      .deliver(13, 14, 15) // dupwnd 4, 5, 6 → 16, 17
      .expectSent([16, 17])
      .deliver(8) // ACK 9 < recover 15: Reno leaves recovery anyway
      .expectLastAck(9)
      .expect({ cwnd: 4.25, inflation: 0, dupacks: 0, highestAck: 9, recover: 15 })
      .expectReasons([
        'tcp.dupack',
        'tcp.dupack',
        'reno.fast-retransmit',
        'reno.inflate',
        'reno.inflate',
        'reno.inflate',
        'reno.exit-recovery',
      ])
      .expectSent([]) // window 4 from 9 ends at 13, all sent
      .deliver(16, 17) // dupacks 1, 2 of 9
      .ack(9) // 3rd dupack of 9
      // RenoTcpAgent::dupack_action: highest_ack 9 ≤ recover 15, bugFix_ on, and
      // last_cwnd_action_ is EXITED (not DUPACK): no fast retransmit.
      .expectReasons(['tcp.dupack', 'tcp.dupack', 'tcp.dupack-ignored'])
      .expectSent([]);
    d.expect({ dupacks: 3, cwnd: 4.25, ssthresh: 4, recover: 15 });
  });

  it('without bugFix_ the same 3rd dupack fast-retransmits 10 at once', () => {
    grown('reno', { bugfix: false })
      .lose(8, 10)
      .deliver(9, 11, 12, 13, 14, 15, 8, 16, 17)
      .do((d) => void d.takeSent())
      .do((d) => void d.takeReasons())
      .ack(9)
      .expectReasons(['reno.fast-retransmit'])
      // ⌊window()/2⌋ = ⌊4/2⌋ = 2 (window = ⌊4.25⌋ + 0); recover = maxseq = 17.
      .expectSent([10])
      .expect({ cwnd: 2, ssthresh: 2, recover: 17, inflation: 3 });
  });
});

describe('NewReno (ns-2 tcp-newreno.cc; RFC 2582 §3, RFC 6582 §3.2)', () => {
  const twoLosses = (opts: DriverOptions = {}) =>
    grown('newreno', opts)
      .lose(8, 11)
      .deliver(9, 10, 12) // three dupacks of 7
      .expectSent([8])
      .expect({ cwnd: 4, ssthresh: 4, recover: 15, inflation: 3, phase: 'fast-recovery' })
      .deliver(13) // window 4 + 4 from 7 reaches 15: nothing
      .expectSent([])
      .deliver(14, 15) // 4 + 5 → 16, 4 + 6 → 17
      .expectSent([16, 17])
      .expect({ dupacks: 6, inflation: 6 });

  it('a partial ACK retransmits the next hole, deflates and stays in recovery; ACK ≥ recover exits', () => {
    twoLosses()
      .deliver(8) // receiver now holds 8..10: ACK 10 < recover 15
      .expectLastAck(10)
      // partial_window_deflation_ 0: dupwnd_ = 0; output(last_ack_ + 1) = 11; dupacks_ kept.
      .expectReasons([
        'tcp.dupack',
        'tcp.dupack',
        'reno.fast-retransmit',
        'reno.inflate',
        'reno.inflate',
        'reno.inflate',
        'newreno.partial-ack',
      ])
      .expectSent([11])
      .expect({
        cwnd: 4,
        ssthresh: 4,
        inflation: 0,
        dupacks: 6,
        highestAck: 10,
        recover: 15,
        phase: 'fast-recovery',
      })
      .deliver(11) // ACK 15 = recover: out of recovery
      .expectLastAck(15)
      .expectReasons(['newreno.exit-recovery'])
      // recv_newack_helper: newack + opencwnd (cwnd ≥ ssthresh): 4.25; window 4 from 15: 18, 19.
      .expect({
        cwnd: 4.25,
        dupacks: 0,
        inflation: 0,
        highestAck: 15,
        phase: 'congestion-avoidance',
      })
      .expectSent([18, 19]);
  });

  it("under rules 'rfc' the full ACK sets cwnd = ssthresh instead of opening it (RFC 6582 §3.2 step 3)", () => {
    // RFC 5681 eq. 4 at the cut: FlightSize 15 − 7 = 8 → ssthresh 4, the same as ns-2's ⌊8/2⌋.
    twoLosses({ rules: 'rfc' })
      .deliver(8)
      .expectSent([11])
      .deliver(11)
      .expectReasons([
        'tcp.dupack',
        'tcp.dupack',
        'reno.fast-retransmit',
        'reno.inflate',
        'reno.inflate',
        'reno.inflate',
        'newreno.partial-ack',
        'tcp.rfc-exit-recovery',
      ])
      .expect({ cwnd: 4, ssthresh: 4, phase: 'congestion-avoidance' })
      .expectSent([18, 19]);
  });

  it('with partial window deflation: deflate by the 3 packets acked, add back one (RFC 6582 §3.2 step 5)', () => {
    twoLosses({ newrenoPartialWindowDeflation: true })
      .deliver(8)
      .expectReasons([
        'tcp.dupack',
        'tcp.dupack',
        'reno.fast-retransmit',
        'reno.inflate',
        'reno.inflate',
        'reno.inflate',
        'newreno.partial-ack-deflate',
      ])
      // dupwnd 6 − (3 − 1) = 4: window 4 + 4 from 10 reaches 18; send_much(…, 2) after the
      // retransmission of 11 sends the new 18.
      .expect({ cwnd: 4, inflation: 4, highestAck: 10 })
      .expectSent([11, 18]);
  });

  it('no second fast retransmit after an RTO until recover is passed (bugFix_, RFC 2582 §3 step 1)', () => {
    grown('newreno')
      .lose(8)
      .advanceTo(1) // RTO: recover = maxseq = 15, cwnd 1, resend 8
      .expectSent([8])
      .expect({ recover: 15, cwnd: 1, ssthresh: 4 })
      .dupacks(3) // the originals 9, 10, 11 arrive late: three dupacks of 7
      .expectReasons(['tcp.rto', 'tcp.dupack', 'tcp.dupack', 'tcp.dupack-ignored'])
      .expectSent([])
      .expect({ dupacks: 3, cwnd: 1, recover: 15 });
  });

  it('without bugFix_ those dupacks fast-retransmit 8 a second time', () => {
    grown('newreno', { bugfix: false })
      .lose(8)
      .advanceTo(1)
      .expectSent([8])
      .dupacks(3)
      .expectReasons(['tcp.rto', 'tcp.dupack', 'tcp.dupack', 'reno.fast-retransmit'])
      // ⌊window()/2⌋ = ⌊1/2⌋ = 0: ssthresh max(0, 2) = 2 but cwnd_ = halfwin = 0 (slowdown
      // clamps only ssthresh for CLOSE_CWND_HALF). dupwnd_ 3: window 0 + 3 from 7 reaches 10,
      // so send_much(0, 0, 2) goes back over 9, 10 after the retransmission of 8.
      .expectSent([8, 9, 10])
      .expect({ ssthresh: 2, cwnd: 0, inflation: 3, recover: 15 });
  });
});

describe('SACK (ns-2 tcp-sack1.cc; Fall & Floyd 1996 §5)', () => {
  it('pipe = maxseq − highest_ack − 3, holes from the scoreboard first, exit at recover', () => {
    grown('sack')
      .lose(8, 10)
      .deliver(9, 11)
      .expectReasons(['tcp.dupack', 'tcp.dupack'])
      .deliver(12)
      .expectLastAck(7, [
        [11, 12],
        [9, 9],
      ])
      .expectReasons(['sack.fast-retransmit'])
      .expectSent([8])
      // pipe_ = 14 − 6 − 3 = 5 (seqnos); ssthresh = cwnd = ⌊8/2⌋; recover_ = maxseq_.
      .expect({ pipe: 5, cwnd: 4, ssthresh: 4, recover: 15, dupacks: 3, phase: 'fast-recovery' })
      .deliver(13) // --pipe_ = 4, not < cwnd 4: nothing
      .expect({ pipe: 4, dupacks: 4 })
      .expectSent([])
      .deliver(14) // pipe 3: the scoreboard's next hole, 10, before any new data
      .expectSent([10])
      .expect({ pipe: 4, dupacks: 5 })
      .deliver(15) // pipe 3: no hole left below the highest SACK: new data
      .expectSent([16])
      .expect({ pipe: 4 })
      .expectReasons(['sack.recovery-ack', 'sack.recovery-ack', 'sack.recovery-ack'])
      // ACK 9 < recover: a partial ACK takes pipe down by 2 (4 → 2): two new packets.
      .deliver(8)
      .expectLastAck(9, [[11, 15]])
      .expectReasons(['sack.partial-ack'])
      .expectSent([17, 18])
      .expect({ pipe: 4, highestAck: 9, recover: 15, phase: 'fast-recovery' })
      // ACK 15 ≥ recover: out of recovery, cwnd unchanged (newack, no opencwnd).
      .deliver(10)
      .expectLastAck(15)
      .expectReasons(['sack.exit-recovery'])
      .expect({
        cwnd: 4,
        ssthresh: 4,
        pipe: -1,
        recover: 0,
        dupacks: 0,
        phase: 'congestion-avoidance',
      })
      .expectSent([19]); // window 4 from 15
  });

  it('a duplicate ACK without new SACK information is not counted', () => {
    grown('sack')
      .lose(8)
      .deliver(9)
      .expect({ dupacks: 1 })
      .ack(7, [[9, 9]]) // the same block again
      .expect({ dupacks: 1 })
      .ack(7, [[9, 10]])
      .expect({ dupacks: 2 });
  });

  it('the bugfix rule holds a 3rd dupack back after an RTO until recover is passed', () => {
    grown('sack')
      .lose(8, 9)
      .advanceTo(1) // RTO: recover 15, resend 8
      .expectSent([8])
      .deliver(8) // ACK 8: cwnd 2, go-back-N sends 9, 10
      .expectSent([9, 10])
      .expect({ cwnd: 2, highestAck: 8, recover: 15 })
      .deliver(10, 11, 12) // the originals: three dupacks of 8 with new SACK information
      .expectReasons([
        'tcp.rto',
        'tcp.slow-start',
        'tcp.dupack',
        'tcp.dupack',
        'tcp.dupack-ignored',
      ])
      .expectSent([])
      .expect({ dupacks: 3, pipe: -1, phase: 'slow-start' });
  });
});

describe('FACK (ns-2 tcp-fack.cc; Mathis & Mahdavi 1996)', () => {
  it('triggers when fack − una > 3 (two dupacks here), cwnd 1, sends while awnd < cwnd', () => {
    grown('fack')
      .lose(8, 10)
      .deliver(9) // fack 9: dupacks_ = (fack − last_ack) − 1 = 1
      .expect({ dupacks: 1, fack: 9, pipe: -1 })
      .expectReasons(['tcp.dupack'])
      .deliver(11) // fack 11: 11 − 7 − 1 = 3 ≥ numdupacks_: snd.fack − snd.una = 12 − 8 = 4 > 3
      .expectReasons(['fack.fast-retransmit'])
      .expectSent([8])
      // slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_RESTART): ssthresh 4, cwnd 1; recover_ =
      // t_seqno_ (the next new packet, 16); awnd = t_seqno − fack − 1 + retran_data = 15 − 10 − 1 + 1.
      .expect({
        cwnd: 1,
        ssthresh: 4,
        recover: 16,
        dupacks: 3,
        fack: 11,
        pipe: 5,
        phase: 'fast-recovery',
      })
      // Each ACK in recovery opens cwnd (slow start to 4); send while t_seqno ≤ fack + win − retran.
      .deliver(12)
      .expect({ cwnd: 2, fack: 12, pipe: 4 })
      .expectSent([])
      .deliver(13)
      .expect({ cwnd: 3, fack: 13, pipe: 3 })
      .expectSent([])
      // cwnd 4: 16 ≤ 14 + 4 − 1 → the scoreboard's hole 10 first, then new data 16.
      .deliver(14)
      .expect({ cwnd: 4, fack: 14 })
      .expectSent([10, 16])
      .expect({ pipe: 4 })
      .expectReasons(['fack.recovery-ack', 'fack.recovery-ack', 'fack.recovery-ack'])
      .deliver(15) // cwnd 4.25, fack 15: 17 ≤ 15 + 4 − 2
      .expect({ cwnd: 4.25, fack: 15 })
      .expectSent([17]);
  });

  it('stays in recovery until last_ack ≥ recover_ with no SACK block, then exits', () => {
    let c = 4.25;
    const d = grown('fack').lose(8, 10).deliver(9, 11, 12, 13, 14, 15).expectSent([8, 10, 16, 17]);
    d.takeReasons();
    c += 1 / c;
    // ACK 9 with SACK 11..15: the retransmission of 8 leaves retran_data (2 → 1); 18 ≤ 15 + 4 − 1.
    d.deliver(8)
      .expectLastAck(9, [[11, 15]])
      .expect({ cwnd: c, highestAck: 9 })
      .expectSent([18]);
    c += 1 / c;
    // ACK 15, no SACK block, but 15 < recover 16 (t_seqno_ at the cut): still in recovery
    // (fastrecov_, dupacks_ not reset). 19 ≤ 15 + 4 − 0 goes out; then awnd = next new 20 −
    // fack 15 − 1 + retran_data 0 = 4.
    d.deliver(10).expectLastAck(15).expect({ cwnd: c, pipe: 4, dupacks: 3 }).expectSent([19]);
    c += 1 / c;
    d.deliver(16)
      .expectLastAck(16)
      .expectReasons(['fack.recovery-ack', 'fack.recovery-ack', 'fack.exit-recovery'])
      .expect({ cwnd: c, dupacks: 0, pipe: -1, highestAck: 16 });
  });
});
