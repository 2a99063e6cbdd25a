/**
 * What each ACK measures, for congestion ops that are RTT- or rate-based (Vegas, BBR): the
 * per-ACK RTT sample of ns-3's `TcpCongestionOps::PktsAcked` and the delivery-rate sample of
 * ns-3's `TcpRateOps` / quiche's `Rate` (draft-cheng-iccrg-delivery-rate-estimation-02 §3).
 * The sender shell (sender.ts) fills one reused `AckSample` before the variant's rules read the
 * ACK and hands it to `CongestionOps.onAck`; it is also `TcpState.ackSample` while the ACK is
 * processed. BBR's model reads them (variants/bbr-model.ts); no other variant's trace depends
 * on them.
 *
 * Units: packets and seconds; sequence numbers are ns-2's 0-based seqnos (as in TcpState).
 * Delivery counts, as Linux's tcp_rate.c and ns-3's TcpRateLinux do, every packet an ACK newly
 * acknowledges: cumulatively, or — when the ACK carries SACK blocks — selectively (a packet
 * counts once, when first SACKed; the cumulative ACK that later covers it adds nothing). The
 * rate sample is taken from the most recently sent of them (the largest P.delivered, draft §3.3
 * "the packet with the most recent send time"; Linux tcp_rate_skb_delivered).
 */

/** The delivery-rate sample of one ACK (draft-cheng-iccrg-delivery-rate-estimation §3.3). */
export interface RateSample {
  /**
   * Packets delivered over the sample's interval: C.delivered now − C.delivered when the most
   * recently sent packet this ACK newly acknowledges was sent. 0 when the ACK delivers nothing.
   */
  delivered: number;
  /**
   * The sample's interval, s: max(send_elapsed, ack_elapsed) of the draft (§3.3), so a burst of
   * ACKs cannot overestimate the rate. 0 when the ACK delivers nothing.
   */
  intervalS: number;
  /** delivered / intervalS, packets per second; NaN when there is no sample (interval 0). */
  deliveryRate: number;
  /**
   * The packet was sent while the application had nothing more to send and the window was
   * not full (draft §3.4, C.app_limited): the rate then says little about the path.
   */
  appLimited: boolean;
}

/** What one ACK tells the congestion ops, besides the window variables. */
export interface AckSample {
  /** Packets the cumulative ACK newly acknowledges; 0 for a duplicate ACK. */
  ackedPkts: number;
  /**
   * The RTT this ACK measures, s: now − the (last) send time of the highest packet it newly
   * acknowledges, when none of the packets it newly acknowledges was ever retransmitted
   * (Karn's rule, RFC 6298 §3, as the sender's RTO estimator applies it); NaN otherwise (a
   * duplicate ACK, an ACK covering a retransmission). Taken on every such ACK, unlike the RTO
   * estimator's one timed packet per window (ns-2 rtt_active_).
   */
  rttS: number;
  /** Its delivery-rate sample. */
  rate: RateSample;
  /** Packets this ACK newly SACKs (above the cumulative ACK); 0 without SACK blocks. */
  sackedPkts: number;
  /** C.delivered after this ACK: packets delivered since the start (cumulative + SACKed). */
  delivered: number;
  /**
   * P.delivered of the rate sample's packet: C.delivered when it was sent (draft §3.2; BBR's
   * round counting compares it with the delivered count at the round's start). −1: no sample.
   */
  priorDelivered: number;
}

const INITIAL_CAPACITY = 64;
const NO_BLOCKS: ReadonlyArray<readonly [number, number]> = [];

/**
 * Per packet sent (a ring indexed by seqno, grown when more is outstanding than it holds): its
 * last send time, whether it was retransmitted, and the connection's delivery state at its
 * send (draft §3.2: P.delivered, P.delivered_time, P.first_sent_time, P.is_app_limited).
 */
export class AckSampler {
  /** The sample of the last ACK (reused: valid until the next ACK). */
  readonly sample: AckSample = {
    ackedPkts: 0,
    rttS: NaN,
    rate: { delivered: 0, intervalS: 0, deliveryRate: NaN, appLimited: false },
    sackedPkts: 0,
    delivered: 0,
    priorDelivered: -1,
  };
  private mask = INITIAL_CAPACITY - 1;
  private sentAt = new Float64Array(INITIAL_CAPACITY);
  private retx = new Uint8Array(INITIAL_CAPACITY);
  private pDelivered = new Float64Array(INITIAL_CAPACITY);
  private pDeliveredTime = new Float64Array(INITIAL_CAPACITY);
  private pFirstSent = new Float64Array(INITIAL_CAPACITY);
  private pAppLimited = new Uint8Array(INITIAL_CAPACITY);
  /** 1: the packet was SACKed (counted as delivered) since it was last sent. */
  private sacked = new Uint8Array(INITIAL_CAPACITY);
  /** C.delivered, packets; C.delivered_time, C.first_sent_time, s. */
  private delivered = 0;
  private deliveredTime = 0;
  private firstSentTime = 0;
  /** C.app_limited: the delivered count up to which samples are app-limited (0: none). */
  private appLimitedUntil = 0;

  /**
   * Packet `seqno` leaves at `now`; `highestAck` and `maxseq` are the sender's before the send
   * (the packets in flight are maxseq − highestAck).
   */
  sent(seqno: number, now: number, retransmission: boolean, highestAck: number, maxseq: number) {
    if (maxseq - highestAck === 0) {
      // Nothing in flight: the next interval starts now (draft §3.2).
      this.firstSentTime = now;
      this.deliveredTime = now;
    }
    if (seqno - highestAck > this.mask) this.grow(highestAck, Math.max(seqno, maxseq));
    const i = seqno & this.mask;
    this.sentAt[i] = now;
    this.retx[i] = retransmission ? 1 : 0;
    this.pDelivered[i] = this.delivered;
    this.pDeliveredTime[i] = this.deliveredTime;
    this.pFirstSent[i] = this.firstSentTime;
    this.pAppLimited[i] = this.appLimitedUntil !== 0 ? 1 : 0;
    this.sacked[i] = 0;
  }

  /**
   * The last send time of seqno `seqno`, s, while it is outstanding (above `highestAck`, at most
   * the highest sent); NaN otherwise.
   */
  sentAtS(seqno: number, highestAck: number, maxseq: number): number {
    if (seqno <= highestAck || seqno > maxseq || seqno < 0) return NaN;
    return this.sentAt[seqno & this.mask]!;
  }

  /**
   * The application has nothing more to send after an ACK (the caller checked): if the window
   * (`w.window()`, packets) is not full either, samples of packets sent from now until those in
   * flight are delivered are app-limited (draft §3.4).
   */
  appLimited(inFlight: number, w: { window(): number }): void {
    if (inFlight < w.window()) this.appLimitedUntil = Math.max(this.delivered + inFlight, 1);
  }

  /**
   * Samples of packets sent from now until those in flight (`inFlight`) are delivered are
   * app-limited whatever the window (BBR's PROBE_RTT, Linux bbr_update_min_rtt).
   */
  markAppLimited(inFlight: number): void {
    this.appLimitedUntil = Math.max(this.delivered + inFlight, 1);
  }

  /**
   * An ACK of cumulative seqno `ackSeqno` arrives at `now`; `highestAck` is the sender's
   * before it, `maxseq` the highest seqno sent; `sack` its SACK blocks ([left, right) 0-based
   * seqnos, as AckInfo), none by default. Returns the reused sample.
   */
  onAck(
    ackSeqno: number,
    highestAck: number,
    now: number,
    sack: ReadonlyArray<readonly [number, number]> = NO_BLOCKS,
    maxseq = ackSeqno,
  ): AckSample {
    const a = this.sample;
    const r = a.rate;
    const m = this.mask;
    const acked = ackSeqno > highestAck ? ackSeqno - highestAck : 0;
    a.ackedPkts = acked;
    // Newly delivered packets: SACKed above the cumulative ACK, then cumulatively acked ones
    // not SACKed before; the sample's packet is the one with the largest P.delivered.
    let newly = 0;
    let best = -1;
    for (let b = 0; b < sack.length; b++) {
      const blk = sack[b]!;
      const top = blk[1] - 1 < maxseq ? blk[1] - 1 : maxseq;
      for (let q = blk[0] > ackSeqno ? blk[0] : ackSeqno + 1; q <= top; q++) {
        const i = q & m;
        if (this.sacked[i] === 1) continue;
        this.sacked[i] = 1;
        newly++;
        if (best < 0 || this.pDelivered[i]! >= this.pDelivered[best & m]!) best = q;
      }
    }
    a.sackedPkts = newly;
    for (let q = highestAck + 1; q <= ackSeqno; q++) {
      const i = q & m;
      if (this.sacked[i] === 1) continue;
      newly++;
      if (best < 0 || this.pDelivered[i]! >= this.pDelivered[best & m]!) best = q;
    }
    if (newly === 0) {
      a.rttS = NaN;
      a.delivered = this.delivered;
      a.priorDelivered = -1;
      r.delivered = 0;
      r.intervalS = 0;
      r.deliveryRate = NaN;
      r.appLimited = false;
      return a;
    }
    let karn = acked > 0;
    for (let q = highestAck + 1; q <= ackSeqno; q++) {
      if (this.retx[q & m] === 1) {
        karn = false;
        break;
      }
    }
    a.rttS = karn ? now - this.sentAt[ackSeqno & m]! : NaN;
    // Delivery rate (draft §3.3), from the most recently sent packet newly delivered.
    const p = best & m;
    this.delivered += newly;
    this.deliveredTime = now;
    a.delivered = this.delivered;
    a.priorDelivered = this.pDelivered[p]!;
    const sendElapsed = this.sentAt[p]! - this.pFirstSent[p]!;
    const ackElapsed = now - this.pDeliveredTime[p]!;
    this.firstSentTime = this.sentAt[p]!;
    r.delivered = this.delivered - this.pDelivered[p]!;
    r.intervalS = sendElapsed > ackElapsed ? sendElapsed : ackElapsed;
    r.deliveryRate = r.intervalS > 0 ? r.delivered / r.intervalS : NaN;
    r.appLimited = this.pAppLimited[p] === 1;
    if (this.appLimitedUntil > 0 && this.delivered > this.appLimitedUntil) this.appLimitedUntil = 0;
    return a;
  }

  /** Double the ring until seqnos (highestAck, top] fit, keeping their entries. */
  private grow(highestAck: number, top: number): void {
    let cap = this.mask + 1;
    while (top - highestAck > cap - 1) cap *= 2;
    const old = {
      mask: this.mask,
      sentAt: this.sentAt,
      retx: this.retx,
      d: this.pDelivered,
      dt: this.pDeliveredTime,
      fs: this.pFirstSent,
      al: this.pAppLimited,
      sk: this.sacked,
    };
    this.mask = cap - 1;
    this.sentAt = new Float64Array(cap);
    this.retx = new Uint8Array(cap);
    this.pDelivered = new Float64Array(cap);
    this.pDeliveredTime = new Float64Array(cap);
    this.pFirstSent = new Float64Array(cap);
    this.pAppLimited = new Uint8Array(cap);
    this.sacked = new Uint8Array(cap);
    for (let q = Math.max(highestAck + 1, 0); q <= top; q++) {
      const i = q & old.mask;
      const j = q & this.mask;
      this.sentAt[j] = old.sentAt[i]!;
      this.retx[j] = old.retx[i]!;
      this.pDelivered[j] = old.d[i]!;
      this.pDeliveredTime[j] = old.dt[i]!;
      this.pFirstSent[j] = old.fs[i]!;
      this.pAppLimited[j] = old.al[i]!;
      this.sacked[j] = old.sk[i]!;
    }
  }
}
