import { Timer } from '../core/scheduler';
import { variantReasons } from '../trace/reasons';
import { TriggerKind } from '../trace/types';
import type { TcpShell } from './shell';

/**
 * Sender pacing (issue 25): a pacing rate in bit/s, and packets leave the sender no faster than
 * it — after a packet leaves at t, the next may leave at t + 8·MSS/rate (payload bits, `sent`).
 * As ns-3.37's TCP pacing (TcpSocketBase::SendPendingData / m_pacingTimer): every packet sent
 * by the send loop arms the pacing timer for its transmission time at the pacing rate; while the
 * timer runs the send loop sends nothing (`holding`); when it expires the sender runs its send
 * loop again (TcpSender.onPacingTimer). A fast retransmission goes out at once, as in ns-3
 * (EnterRecovery → DoRetransmit, outside SendPendingData); the loops of the variants ask
 * `TcpSender.pacingHolds()` before each packet. Linux paces in its fq qdisc (4.9) or in TCP
 * itself (tcp_internal_pacing, 4.13+) the same way: the next departure is the last one plus the
 * packet's length over the rate.
 *
 * The timer is the scheduler's restartable `Timer` (reserveSeq when armed), so with pacing off
 * no timer exists, no sequence number is taken and every trace is byte-identical to one before
 * pacing existed.
 *
 * Pacing rate of a non-BBR sender (`linuxPacingRate`), as Linux tcp_update_pacing_rate (3.12+,
 * sysctls tcp_pacing_ss_ratio 200 and tcp_pacing_ca_ratio 120) and ns-3.37's
 * TcpSocketBase::UpdatePacingRate: max(cwnd, packets in flight) · MSS · 8 / srtt, times 2 while
 * cwnd < ssthresh/2 (slow start: the window doubles per RTT) and 1.2 after; none (unpaced) before
 * the first RTT sample. The srtt is the pacer's own RFC 6298 smoothing (α = 1/8) of the per-ACK
 * RTT samples (ack-samples.ts), exact to the simulator's clock as Linux's is to the µs — the
 * sender's RTO estimator counts ns-2 ticks (10 ms), far too coarse for a rate.
 */

/** Linux sysctl_tcp_pacing_ss_ratio / ns-3 PacingSsRatio: 200 %. */
export const PACING_SS_RATIO = 2;
/** Linux sysctl_tcp_pacing_ca_ratio / ns-3 PacingCaRatio: 120 %. */
export const PACING_CA_RATIO = 1.2;

export const PACING_REASONS = variantReasons({
  'tcp.pacing-release': {
    label: 'pacing release',
    template:
      'The pacing timer expires: the last packet has had its time at the pacing rate (its bits / rate), so the next may leave: sends {packets}.',
    source:
      'draft-cardwell-iccrg-bbr-congestion-control-00 §4.2.1 (pacing rate) and §4.2.2 (send quantum); ns-3.37 TcpSocketBase pacing timer; Linux tcp_internal_pacing',
    significant: false,
  },
});

/**
 * One sender's pacing: the rate (bit/s; Infinity = unpaced) and the timer that holds the send
 * loop back after each packet. `ownRate`: the congestion control sets `rateBps` itself (BBR);
 * otherwise the rate is Linux's window-based one (`linuxPacingRate`), computed at each send.
 */
export class TcpPacer {
  /** The pacing rate, bit/s; Infinity = unpaced (no RTT sample yet). */
  rateBps = Infinity;
  /** Smoothed RTT of the per-ACK samples, s (RFC 6298 §2, α = 1/8); 0 before the first. */
  srttS = 0;
  private readonly timer: Timer;

  constructor(
    private readonly s: TcpShell,
    readonly ownRate: boolean,
  ) {
    this.timer = new Timer(s.sched, () => this.release());
  }

  /**
   * The flow's pacer, or null when it is not paced: FlowConfig.pacing, else on for a variant
   * that sets its own rate (BBR) and off for the others.
   */
  static forFlow(s: TcpShell, ownRate: boolean): TcpPacer | null {
    return (s.cfg.pacing ?? ownRate) ? new TcpPacer(s, ownRate) : null;
  }

  /** The send loop must wait: the last packet's pacing interval has not elapsed. */
  get holding(): boolean {
    return this.timer.pending;
  }

  /** The rate in force now, bit/s (window-based senders: computed from cwnd and srtt). */
  currentRate(): number {
    if (this.ownRate) return this.rateBps;
    const s = this.s;
    const flight = s.maxseq - s.highestAck;
    return linuxPacingRate(s.cwnd, s.ssthresh, flight, s.cfg.mssBytes, this.srttS);
  }

  /**
   * A packet left now: hold the next one for 8·MSS/rate seconds. Rates count payload bits, as
   * BBR's bandwidth estimate and Linux's rate (mss_cache) do, so a bottleneck's bandwidth
   * estimate paced at gain 1 fills it exactly, headers and all.
   */
  sent(): void {
    const rate = (this.rateBps = this.currentRate());
    if (!(rate > 0) || rate === Infinity) return;
    this.timer.resched((this.s.cfg.mssBytes * 8) / rate);
  }

  /** An RTT sample (s; NaN = none): smooth it into srttS (RFC 6298 §2.2–2.3). */
  rttSample(rttS: number): void {
    if (!(rttS > 0)) return;
    this.srttS = this.srttS === 0 ? rttS : this.srttS + (rttS - this.srttS) / 8;
  }

  /** The timer expired: run the send loop; a decision row only when something left. */
  private release(): void {
    const s = this.s;
    if (s.inDecision) return;
    const sent = s.packetsSent;
    s.begin();
    s.sendMore();
    if (s.packetsSent !== sent) s.end(PACING_REASONS['tcp.pacing-release'], TriggerKind.pacing);
    else s.inDecision = false; // nothing to send: no decision row
  }
}

/**
 * Linux's pacing rate for a window-based sender, bit/s (module comment): `cwnd` and `inFlight`
 * in packets, `mssBytes` the segment's payload, `srttS` seconds (0: no sample yet → Infinity).
 */
export function linuxPacingRate(
  cwnd: number,
  ssthresh: number,
  inFlight: number,
  mssBytes: number,
  srttS: number,
): number {
  if (!(srttS > 0)) return Infinity;
  const ratio = cwnd < ssthresh / 2 ? PACING_SS_RATIO : PACING_CA_RATIO;
  return (ratio * Math.max(cwnd, inFlight) * mssBytes * 8) / srttS;
}
