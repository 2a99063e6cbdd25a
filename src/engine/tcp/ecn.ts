/**
 * Explicit Congestion Notification in TCP (RFC 3168 §6.1) as ns-2.35's Agent/TCP with `ecn_ 1`
 * and its TCPSink do it (tcp.cc output / ecn / recv_newack_helper / dupack_action, tcp-reno.cc,
 * tcp-newreno.cc, tcp-sack1.cc, tcp-sink.cc TcpSink::ack). FlowConfig.ecn switches it on.
 *
 * Sender (EcnSender):
 * - data packets carry ECT(0); ns-2's first segment (seqno 0, packet 1) stands for the SYN and
 *   carries ECE without ECT (the ECN-setup, RFC 3168 §6.1.1), and its ACK's ECE makes the peer
 *   ECN-capable (ns-2 ect_), unless that ACK also has CWR. With FlowConfig.handshake the SYN
 *   exchange is taken as the setup: every data packet is ECT(0) from the start.
 * - an ACK with ECE whose cumulative ACK is past `recover` (or after a timeout) halves the window
 *   as a fast retransmit's cut does (ssthresh = max(⌊window/2⌋, 2), cwnd = ⌊window/2⌋ ≥ 1;
 *   under `rfc` rules RFC 5681's FlightSize/2), sets recover = the highest packet sent and
 *   retransmits nothing: at most one reduction per window of data (§6.1.2). With cwnd already
 *   at 1, a second ECE backs the retransmission timer off instead (ns-2's ecn_backoff_).
 * - while the peer is ECN-capable, an ACK with ECE does not open cwnd.
 * - any window reduction (ECN, fast retransmit, timeout) sets CWR on the next packet sent
 *   (ns-2 cong_action_, SetCWRonRetransmit_ true: retransmissions too).
 * - three duplicate ACKs within the window an ECN cut already reduced retransmit the missing
 *   packet without a second cut (ns-2 dupack_action's `last_cwnd_action_ == ECN` branch).
 *
 * Receiver (EcnEcho): a CE-marked ECT packet sets the echo; a packet with CWR clears it (before
 * a CE on the same ACK sets it again); every ACK of ECT data carries ECE while it is set; the
 * ACK of a non-ECT packet with ECE (the setup) carries ECE. With delayed ACKs both packets an
 * ACK covers count (ns-2's save_).
 */
import type { Packet } from '../net/packet';
import { EcnFlag } from '../net/packet';
import { EcnCodepoint } from '../net/queue/queue-disc';
import { variantReasons } from '../trace/reasons';
import type { TcpRuleCode } from '../trace/reasons';
import type { Phase } from '../trace/types';
import type { AckInfo } from './ack-in';
import type { RecoveryEntry } from './recovery';

/**
 * What ECN uses of the sender shell (TcpSender implements it; this module does not import the
 * class, so the two do not import each other). ns-2's 0-based seqnos, packets.
 */
export interface EcnShell {
  lastAck: number;
  recover: number;
  lastCwndAction: number;
  readonly maxseq: number;
  cwnd: number;
  phase: Phase;
  pipe: number;
  fastrecov: boolean;
  dupwnd: number;
  readonly rttEst: { backOff(): void };
  cutOnLoss(cwndTo: 'half' | 'one'): void;
  rule(code: TcpRuleCode): void;
  resetRtxTimer(mild: boolean, backoff: boolean): void;
  output(seqno: number): void;
}

/** ns-2 CWND_ACTION_ECN (last_cwnd_action_ after an ECN cut). */
export const CWND_ACTION_ECN = 3;

export const ECN_REASONS = variantReasons({
  'tcp.ecn-cut': {
    label: 'ECN window cut',
    template:
      'ECE on the ACK for {ack} — {ecn.mark} — so the sender halves its window once for this round: ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → {new.cwnd}, no retransmission, CWR on the next packet; sends {packets}.',
    source:
      'RFC 3168 §6.1.2 (the sender halves cwnd and ssthresh once per window on ECE, without retransmitting); ns-2 tcp.cc TcpAgent::ecn',
    significant: true,
  },
  'tcp.ecn-hold': {
    label: 'ECE: no growth',
    template:
      'ACK for {ack} with ECE, its window already reduced for this round: cwnd stays {cwnd}; sends {packets}.',
    source:
      'RFC 3168 §6.1.2 (one reduction per window; the echo repeats until CWR arrives); ns-2 tcp.cc recv_newack_helper (no opencwnd on ECE)',
    significant: false,
  },
  'tcp.ecn-dupack': {
    label: 'fast retransmit after ECN',
    template:
      '{nth} duplicate ACK for {ack} within the window an ECN cut already reduced: retransmit {packets} without a second cut (cwnd {cwnd}).',
    source:
      'RFC 3168 §6.1.2 (one reduction per window of data); ns-2 tcp-reno.cc / tcp-newreno.cc / tcp-sack1.cc dupack_action (last_cwnd_action_ == CWND_ACTION_ECN)',
    significant: true,
  },
});

/** The sender's ECN state (ns-2 TcpAgent ect_, cong_action_, ecn_backoff_). */
export class EcnSender {
  /** The peer is ECN-capable (ns-2 ect_). */
  private ect: boolean;
  /** A window reduction waits to be signalled: CWR on the next packet (ns-2 cong_action_). */
  cwr = false;
  /** cwnd was 1 at the last ECN response (ns-2 ecn_backoff_). */
  private backoff = false;
  /** The ACK being processed carries ECE. */
  private ece = false;
  /** cwnd holds still on this ACK (ECE from an ECN-capable peer). */
  holdGrowth = false;
  private ackWasNew = false;
  /** This ACK's ECE cut the window (its rule names the decision). */
  private cutNow = false;

  constructor(private readonly handshake: boolean) {
    this.ect = handshake;
  }

  /** Write the ECN bits of data packet `p` (0-based `seqno`) as it is sent. */
  stamp(p: Packet, seqno: number): void {
    if (seqno === 0 && !this.handshake) {
      p.ecn = EcnCodepoint.notEct;
      p.ecnFlags = EcnFlag.ece;
    } else {
      p.ecn = EcnCodepoint.ect0;
    }
    if (this.cwr) {
      p.ecnFlags |= EcnFlag.cwr;
      this.cwr = false;
    }
  }

  /** An ACK arrives, before the variant's rules read it: ns-2 TcpAgent::ecn on ECE. */
  onAck(s: EcnShell, ack: AckInfo, ecnFlags: number): void {
    this.ece = (ecnFlags & EcnFlag.ece) !== 0;
    this.ackWasNew = ack.seqno > s.lastAck;
    this.holdGrowth = this.ect && this.ece;
    this.cutNow = false;
    if (!this.ece) return;
    if (!(ack.seqno > s.recover || s.lastCwndAction === 2 /* CwndAction.timeout */)) return;
    s.recover = s.maxseq;
    s.lastCwndAction = CWND_ACTION_ECN;
    if (s.cwnd <= 1) {
      if (this.backoff) s.rttEst.backOff();
      else this.backoff = true;
    } else this.backoff = false;
    s.cutOnLoss('half');
    if (s.cwnd < 1) s.cwnd = 1;
    s.phase = 'congestion-avoidance';
    s.rule(ECN_REASONS['tcp.ecn-cut']);
    this.cutNow = true;
  }

  /** cwnd holds on this ACK (holdGrowth): name the rule, unless the ACK's own cut names it. */
  hold(s: EcnShell): void {
    if (!this.cutNow) s.rule(ECN_REASONS['tcp.ecn-hold']);
  }

  /**
   * After the variant's rules: on a new ACK, the setup completes (ns-2 recv_newack_helper: ect_
   * on the first ECE without CWR — ACKs never carry CWR here) and an ACK without ECE ends the
   * ECN backoff.
   */
  afterAck(): void {
    if (this.ackWasNew) {
      if (this.ect && !this.ece) this.backoff = false;
      if (!this.ect && this.ece) this.ect = true;
    }
    this.holdGrowth = false;
  }

  /**
   * ns-2 newack: a new ACK ends the timer's backoff unless it carries ECE while cwnd was 1 at an
   * ECN response (ecn_backoff_). True when the backoff stays.
   */
  keepsBackoff(): boolean {
    if (!this.ect || !this.backoff || !this.ece) {
      this.backoff = false;
      return false;
    }
    return true;
  }

  /**
   * The duplicate-ACK threshold reached within the window an ECN cut reduced (the bugfix rule
   * holds a normal fast retransmit back): retransmit as entry `e` says, without a cut. Returns
   * whether it applied.
   */
  dupackAfterCut(s: EcnShell, e: RecoveryEntry): boolean {
    if (s.lastCwndAction !== CWND_ACTION_ECN) return false;
    s.lastCwndAction = 1; // CwndAction.dupack
    if (e.cwnd === 'one') {
      // Tahoe (tcp.cc dupack_action): slowdown(CLOSE_CWND_ONE), go back to highest_ack + 1.
      s.cwnd = 1;
      this.cwr = true;
      s.resetRtxTimer(false, false);
    } else {
      s.resetRtxTimer(true, false);
      if (e.pipe !== undefined) s.pipe = e.pipe;
      if (e.fastrecov) s.fastrecov = true;
      if (e.retransmit !== null) s.output(e.retransmit);
      if (e.dupwnd !== undefined) s.dupwnd = e.dupwnd;
    }
    s.phase = e.phase;
    s.rule(ECN_REASONS['tcp.ecn-dupack']);
    return true;
  }
}

/**
 * The receiver's ECN echo (ns-2 TcpSink::ack's ecn_unacked_; RFC 3168 §6.1.3): the ECE bit of
 * the ACK covering data packets with ECN bits (`ecn`, `flags`) — and (`ecn2`, `flags2`) of the
 * held packet a delayed ACK also covers, or −1.
 */
export class EcnEcho {
  private unacked = false;

  ece(ecn: number, flags: number, ecn2 = -1, flags2 = 0): boolean {
    const held = ecn2 >= 0;
    if ((flags & EcnFlag.cwr) !== 0 || (held && (flags2 & EcnFlag.cwr) !== 0)) this.unacked = false;
    if (ecn === EcnCodepoint.ce || (held && ecn2 === EcnCodepoint.ce)) this.unacked = true;
    let ece = false;
    if (ecn !== EcnCodepoint.notEct || (held && ecn2 !== EcnCodepoint.notEct)) ece = this.unacked;
    const setup =
      (ecn === EcnCodepoint.notEct && (flags & EcnFlag.ece) !== 0) ||
      (held && ecn2 === EcnCodepoint.notEct && (flags2 & EcnFlag.ece) !== 0);
    return ece || setup;
  }
}
