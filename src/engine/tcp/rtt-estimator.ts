/**
 * ns-2.35's TCP round-trip estimator and retransmission timeout (tcp.cc `rtt_update`,
 * `rtt_backoff`, `rtt_timeout`): Jacobson/Karels in clock ticks, srtt scaled by 8 and rttvar by 4
 * (RFC 2988 §2), the timeout max(minrto, srtt + 4·rttvar) · backoff, at most 60 s and at least
 * two ticks, doubled on each expiry (RFC 2988 §5.5). Inside: ticks as ns-2 keeps them; at the
 * interface: seconds.
 */
export class NsRttEstimator {
  /** The last sample, ticks (ns-2 t_rtt_). */
  private rtt = 0;
  /** Smoothed RTT, ticks × 8 (ns-2 t_srtt_); 0 before the first sample. */
  private srtt = 0;
  /** RTT variation, ticks × 4 (ns-2 t_rttvar_). */
  private rttvar: number;
  /** srtt + 4·rttvar, s (ns-2 t_rtxcur_); the initial RTO before the first sample. */
  private rtxcur: number;
  /** The timeout's backoff factor (ns-2 t_backoff_): 1, doubled per expiry, reset by a sample. */
  backoff = 1;

  /**
   * @param tickS ns-2's tcpTick_, s.
   * @param minRtoS ns-2's minrto_, s.
   * @param initialRtoS the RTO before the first sample, s (ns-2 rtxcur_init_).
   * @param tickPhaseS where this agent's clock ticks fall, s (ns-2's per-agent phase; 0: on
   *   multiples of the tick).
   */
  constructor(
    private readonly tickS: number,
    private readonly minRtoS: number,
    initialRtoS: number,
    private readonly tickPhaseS = 0,
  ) {
    this.rttvar = Math.trunc(12 / tickS) << 2; // ns-2 rttvar_init_ 12 s, scaled by 4
    this.rtxcur = initialRtoS;
  }

  /** Smoothed RTT, s (0 before the first sample). */
  get srttS(): number {
    return (this.srtt / 8) * this.tickS;
  }

  /** The retransmission timeout, s (ns-2 rtt_timeout). */
  rtoSeconds(): number {
    const minrto = this.minRtoS;
    let timeout = this.rtxcur < minrto ? minrto * this.backoff : this.rtxcur * this.backoff;
    if (timeout > 60) timeout = 60;
    if (timeout < 2 * this.tickS) timeout = 2 * this.tickS;
    return timeout;
  }

  /** A sample of `tao` s ending at `now` (ns-2 rtt_update; RFC 2988 §2). */
  update(tao: number, now: number): void {
    const tick = this.tickS;
    const sendtime = now - tao + this.tickPhaseS;
    const tickoff = sendtime % tick;
    this.rtt = Math.trunc((tao + tickoff) / tick);
    if (this.rtt < 1) this.rtt = 1;
    if (this.srtt !== 0) {
      let delta = this.rtt - (this.srtt >> 3);
      if ((this.srtt += delta) <= 0) this.srtt = 1;
      if (delta < 0) delta = -delta;
      delta -= this.rttvar >> 2;
      if ((this.rttvar += delta) <= 0) this.rttvar = 1;
    } else {
      this.srtt = this.rtt << 3;
      this.rttvar = this.rtt << 1;
    }
    // rto = srtt + 4·rttvar: rttvar (scaled by 4) shifted by rttvar_exp 2 + (3 − 2) bits.
    this.rtxcur = (((this.rttvar << 3) + this.srtt) >> 3) * tick;
  }

  /** An expiry doubles the timeout (ns-2 rtt_backoff); past 8× the estimate restarts. */
  backOff(): void {
    if (this.backoff < 64 || this.rtoSeconds() < 60) this.backoff <<= 1;
    if (this.backoff > 8) {
      this.rttvar += this.srtt >> 3;
      this.srtt = 0;
    }
  }
}
