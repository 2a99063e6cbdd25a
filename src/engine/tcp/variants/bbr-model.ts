import { RandomStream } from '../../core/streams';
import type { AckSample } from '../ack-samples';
import { WindowedMaxFilter } from './bbr-filters';

/**
 * BBR v1's path model and state machine (draft-cardwell-iccrg-bbr-congestion-control-00; Linux
 * 4.9 net/ipv4/tcp_bbr.c; ns-3.37 TcpBbr), free of the sender shell: it reads one ACK's samples
 * (ack-samples.ts) and the packets in flight, and says the pacing rate and cwnd. bbr.ts wires it
 * to the sender and narrates it. Units: packets, packets per second (bw), seconds; rates out in
 * bit/s of payload (MSS bits, as Linux's mss_cache-based rate).
 *
 * Choices, each with its source (§ = the draft's section):
 * - Gains: STARTUP pacing and cwnd gain 2/ln 2 ≈ 2.885 (§4.3.2; Linux bbr_high_gain 2885/1000);
 *   DRAIN pacing gain 1/2.885, cwnd gain 2.885 (§4.3.3); PROBE_BW cwnd gain 2 and the pacing
 *   gain cycle 1.25, 0.75, 1 × 6 (§4.3.4); PROBE_RTT gains 1 (§4.3.5).
 * - BtlBw: windowed max of the delivery-rate samples over 10 packet-timed rounds (§4.1.1.2,
 *   Linux bbr_bw_rtts = CYCLE_LEN + 2; filter: bbr-filters.ts). A round ends when a packet
 *   sent after the round began is delivered (P.delivered ≥ the delivered count at the round's
 *   start, §4.1.1.3). An app-limited sample enters only when it is at least the estimate (§4.1.1.4).
 * - RTprop: the smallest RTT sample, refreshed by a sample ≤ it or replaced by any sample once
 *   10 s old (§4.1.2.3; Linux `<=`, so an equal sample refreshes the 10 s).
 * - Full pipe: at each round start with a non-app-limited sample, the estimate grew by < 25 %
 *   over the last three rounds (§4.3.2.2; Linux full_bw_thresh 5/4, full_bw_cnt 3).
 * - DRAIN ends when the packets in flight (after the ACK) ≤ 1 × BDP (§4.3.3).
 * - PROBE_BW: the cycle starts at a random phase, never 0.75 (§4.3.4.2; as Linux:
 *   idx = 7 − ⌊U·7⌋, then one advance — U from the flow's seeded stream 'tcp.bbr', so the same
 *   seed gives the same phase everywhere). A phase lasts at least one min_rtt; 1.25 also until
 *   the packets in flight before the ACK reach 1.25 × BDP (or a loss), 0.75 ends early once
 *   they are ≤ BDP (§4.3.4.1; Linux bbr_is_next_cycle_phase).
 * - PROBE_RTT when the min_rtt is 10 s old (§4.3.5): cwnd ≤ 4 packets; once in flight ≤ 4, at
 *   least 200 ms and one round; then min_rtt's stamp is renewed, cwnd restored to at least its
 *   value before, and PROBE_BW (pipe full) or STARTUP. Samples there are marked app-limited.
 * - Target cwnd = ⌈cwnd_gain × BDP⌉ + 3 send quanta, rounded up to even (§4.2.3.2; Linux 4.9
 *   bbr_target_cwnd); the initial cwnd before any RTT sample. Send quantum as Linux 4.9's TSO
 *   goal: ⌊pacing rate · 1 ms / MSS⌋ (rate >> 10 bytes), at least 2 packets (1 below 1.2 Mb/s).
 * - cwnd per ACK (§4.2.3.6, Linux bbr_set_cwnd): once the pipe was full, min(cwnd + delivered,
 *   target); before, cwnd + delivered while below target or until 10 packets are delivered; ≥ 4.
 * - Pacing rate = pacing_gain × BtlBw (§4.2.1); in STARTUP it only rises (ns-3.37 / Linux
 *   4.13+: until the pipe is full). Before the first RTT sample: 2.885 × initial cwnd / 1 ms,
 *   set again from the first RTT sample (Linux bbr_init_pacing_rate_from_rtt, ns-3
 *   InitPacingRate).
 * - Loss recovery (§4.2.3.4): cwnd saved on entering; the first round of recovery conserves
 *   packets — cwnd = max(cwnd, in flight + delivered) — then the usual growth; leaving recovery
 *   restores max(cwnd, saved). RTO: cwnd saved, cwnd = 1 (the shell's), the full-bw baseline
 *   reset (Linux bbr_set_state(TCP_CA_Loss)); cwnd grows back by what is delivered, and is
 *   restored when the timeout's recovery point is passed.
 * Not modelled: Linux's long-term bandwidth (policer) sampling (ns-3.37 has none either), the
 * idle restart (bulk senders are never idle), and the cwnd reduction by newly-marked losses
 * (the engine's SACK scoreboard marks no losses per ACK).
 */

/** BBR modes; index 0 = no mode (the rate trace's state for other variants). */
export const BBR_MODES = ['', 'STARTUP', 'DRAIN', 'PROBE_BW', 'PROBE_RTT'] as const;
export type BbrMode = Exclude<(typeof BBR_MODES)[number], ''>;
export const BbrModeIndex: Readonly<Record<BbrMode, number>> = {
  STARTUP: 1,
  DRAIN: 2,
  PROBE_BW: 3,
  PROBE_RTT: 4,
};

/** 2/ln 2 as Linux's bbr_high_gain (BBR_UNIT · 2885 / 1000 + 1, unit 256): ≈ 2.885. */
export const BBR_HIGH_GAIN = 2.885;
export const BBR_DRAIN_GAIN = 1 / BBR_HIGH_GAIN;
export const BBR_CWND_GAIN = 2;
export const BBR_GAIN_CYCLE: readonly number[] = [1.25, 0.75, 1, 1, 1, 1, 1, 1];
/** Rounds of the bandwidth filter's window. */
export const BBR_BW_ROUNDS = 10;
export const BBR_MIN_RTT_WINDOW_S = 10;
export const BBR_PROBE_RTT_S = 0.2;
/** cwnd floor and PROBE_RTT's cwnd, packets (Linux bbr_cwnd_min_target). */
export const BBR_MIN_CWND = 4;
/** Linux TCP_INIT_CWND: STARTUP grows cwnd at least until this many packets are delivered. */
const INIT_CWND_DELIVERED = 10;

/** What changed at one ACK, for the explanation log (bbr.ts names the row by the first set). */
export interface BbrEvents {
  mode: BbrMode | null;
  /** The PROBE_BW phase advanced (not at entry). */
  cycle: boolean;
  /** The bandwidth estimate changed. */
  bw: boolean;
  /** The min_rtt estimate fell. */
  minRtt: boolean;
  /** STARTUP → DRAIN → PROBE_BW on this one ACK (in flight already ≤ BDP when the pipe filled). */
  drainedAtOnce: boolean;
}

/** What one ACK gives the model. */
export interface BbrAck {
  now: number;
  sample: AckSample;
  /** Packets in flight before and after the ACK. */
  inflightBefore: number;
  inflightAfter: number;
  cwnd: number;
  /** The sender is in fast recovery after this ACK's loss detection. */
  recovery: boolean;
}

export class BbrModel {
  mode: BbrMode = 'STARTUP';
  pacingGain = BBR_HIGH_GAIN;
  cwndGain = BBR_HIGH_GAIN;
  /** PROBE_BW phase, 0…7 (−1 outside PROBE_BW). */
  cycleIdx = -1;
  private cycleStamp = 0;
  readonly bw = new WindowedMaxFilter();
  /** Packet-timed round count and the delivered count that ends the current round. */
  rounds = 0;
  private nextRoundDelivered = 0;
  private roundStart = false;
  minRttS = Infinity;
  private minRttStamp = 0;
  private probeRttDone = 0;
  private probeRttRoundDone = false;
  fullBw = 0;
  private fullBwCount = 0;
  fullBwReached = false;
  /** Pacing rate, bit/s. */
  pacingRateBps: number;
  private hasSeenRtt = false;
  /** cwnd saved on entering recovery, an RTO or PROBE_RTT (bbr_save_cwnd). */
  priorCwnd = 0;
  private conservation = false;
  private wasRecovery = false;
  /** After an RTO, until `lossRecover` is cumulatively acked. */
  private inLoss = false;
  private lossRecover = 0;
  readonly events: BbrEvents = {
    mode: null,
    cycle: false,
    bw: false,
    minRtt: false,
    drainedAtOnce: false,
  };
  private readonly rng: RandomStream;

  constructor(
    private readonly mssBytes: number,
    initialCwnd: number,
    seed: number,
    flow: number,
  ) {
    this.rng = new RandomStream(seed, 'tcp.bbr', flow);
    this.pacingRateBps = this.rateFromRtt(initialCwnd, 0.001);
  }

  /** The bandwidth estimate, packets/s. */
  get bwPps(): number {
    return this.bw.best;
  }

  /** Bit/s of `pps` packets per second. */
  bits(pps: number): number {
    return pps * this.mssBytes * 8;
  }

  /** BDP × gain + 3 send quanta, rounded up to even, packets (§4.2.3.2). */
  targetCwnd(gain: number, initialCwnd: number): number {
    if (this.minRttS === Infinity) return initialCwnd;
    const bdp = this.bwPps * this.minRttS;
    let cwnd = Math.ceil(bdp * gain) + 3 * this.sendQuantum();
    if (cwnd % 2 !== 0) cwnd++;
    return cwnd;
  }

  /** Linux 4.9's TSO segment goal: ~1 ms of data at the pacing rate, ≥ 2 (1 below 1.2 Mb/s). */
  sendQuantum(): number {
    const min = this.pacingRateBps < 1.2e6 ? 1 : 2;
    const bytes = Math.min(this.pacingRateBps / 8 / 1024, 65536 - 1 - 320);
    return Math.min(Math.max(Math.floor(bytes / this.mssBytes), min), 127);
  }

  private rateFromRtt(cwnd: number, rttS: number): number {
    return (BBR_HIGH_GAIN * cwnd * this.mssBytes * 8) / rttS;
  }

  private enter(mode: BbrMode, pacingGain: number, cwndGain: number): void {
    this.mode = mode;
    this.pacingGain = pacingGain;
    this.cwndGain = cwndGain;
    if (this.events.mode === 'DRAIN' && mode === 'PROBE_BW') this.events.drainedAtOnce = true;
    this.events.mode = mode;
    if (mode !== 'PROBE_BW') this.cycleIdx = -1;
  }

  private enterProbeBw(now: number): void {
    this.enter('PROBE_BW', 1, BBR_CWND_GAIN);
    this.cycleIdx = BBR_GAIN_CYCLE.length - 1 - Math.floor(this.rng.uniform() * 7);
    this.advanceCycle(now);
  }

  private advanceCycle(now: number): void {
    this.cycleIdx = (this.cycleIdx + 1) % BBR_GAIN_CYCLE.length;
    this.cycleStamp = now;
    this.pacingGain = BBR_GAIN_CYCLE[this.cycleIdx]!;
  }

  /** Save cwnd before a reduction (Linux bbr_save_cwnd). */
  saveCwnd(cwnd: number): void {
    this.priorCwnd =
      this.wasRecovery || this.inLoss || this.mode === 'PROBE_RTT'
        ? Math.max(this.priorCwnd, cwnd)
        : cwnd;
  }

  /**
   * The transfer starts at `now`: with the handshake's RTT (`synRttS`, NaN without one) as the
   * first min_rtt, stamped now, and the pacing rate 2.885 × cwnd / RTT from it (draft §4.3.1:
   * RTprop = SRTT if there is one; ns-3.37 TcpBbr::Init and InitPacingRate at connection
   * establishment; Linux bbr_init from tcp_min_rtt). Without one, the pacing rate stays
   * 2.885 × cwnd / 1 ms until the first RTT sample.
   */
  onStart(now: number, cwnd: number, synRttS: number): void {
    if (!(synRttS > 0)) return;
    this.minRttS = synRttS;
    this.minRttStamp = now;
    this.hasSeenRtt = true;
    this.pacingRateBps = this.rateFromRtt(cwnd, synRttS);
  }

  /** A retransmission timeout; `recover` = the highest seqno sent (Linux TCP_CA_Loss). */
  onRto(cwnd: number, recover: number): void {
    this.saveCwnd(cwnd);
    this.inLoss = true;
    this.lossRecover = recover;
    this.fullBw = 0;
    this.roundStart = true;
  }

  /** Entering fast recovery: save cwnd, conserve packets for one round; returns the new cwnd. */
  onRecovery(cwnd: number, inflight: number, delivered: number, totalDelivered: number): number {
    this.saveCwnd(cwnd);
    this.wasRecovery = true;
    this.conservation = true;
    this.nextRoundDelivered = totalDelivered;
    return Math.max(inflight + delivered, 1);
  }

  /**
   * One ACK: update the model and the state machine (§4.1, §4.3), then the pacing rate and
   * return the new cwnd (§4.2). `ackSeqno`: the cumulative ACK (0-based), `initialCwnd` packets.
   */
  onAck(a: BbrAck, ackSeqno: number, initialCwnd: number): number {
    const ev = this.events;
    ev.mode = null;
    ev.cycle = false;
    ev.bw = false;
    ev.minRtt = false;
    ev.drainedAtOnce = false;
    const s = a.sample;
    const r = s.rate;
    this.roundStart = false;
    const bwBefore = this.bwPps;
    if (r.delivered > 0 && r.intervalS > 0) {
      if (s.priorDelivered >= this.nextRoundDelivered) {
        this.nextRoundDelivered = s.delivered;
        this.rounds++;
        this.roundStart = true;
        this.conservation = false;
      }
      const bw = r.delivered / r.intervalS;
      if (!r.appLimited || bw >= this.bwPps) this.bw.update(BBR_BW_ROUNDS, this.rounds, bw);
    }
    ev.bw = this.bwPps !== bwBefore;
    // PROBE_BW gain cycling (§4.3.4.1).
    if (this.mode === 'PROBE_BW' && this.nextPhase(a)) {
      this.advanceCycle(a.now);
      ev.cycle = true;
    }
    // Full pipe (§4.3.2.2).
    if (!this.fullBwReached && this.roundStart && !r.appLimited) {
      if (this.bwPps >= this.fullBw * 1.25) {
        this.fullBw = this.bwPps;
        this.fullBwCount = 0;
      } else if (++this.fullBwCount >= 3) {
        this.fullBwReached = true;
      }
    }
    // DRAIN (§4.3.3).
    if (this.mode === 'STARTUP' && this.fullBwReached)
      this.enter('DRAIN', BBR_DRAIN_GAIN, BBR_HIGH_GAIN);
    if (this.mode === 'DRAIN' && a.inflightAfter <= this.targetCwnd(1, initialCwnd))
      this.enterProbeBw(a.now);
    this.updateMinRtt(a, s);
    this.setPacingRate(a.cwnd, s.rttS);
    // Leaving an RTO's recovery or fast recovery restores cwnd (§4.2.3.4).
    let cwnd = a.cwnd;
    if (this.inLoss && ackSeqno >= this.lossRecover) {
      this.inLoss = false;
      cwnd = Math.max(cwnd, this.priorCwnd);
    }
    if (this.wasRecovery && !a.recovery) {
      this.wasRecovery = false;
      this.conservation = false;
      cwnd = Math.max(cwnd, this.priorCwnd);
    }
    return this.nextCwnd(a, cwnd, initialCwnd);
  }

  private nextPhase(a: BbrAck): boolean {
    const full = a.now - this.cycleStamp > this.minRttS;
    const gain = this.pacingGain;
    if (gain === 1) return full;
    if (gain > 1) return full && a.inflightBefore >= this.targetCwnd(gain, 0);
    return full || a.inflightBefore <= this.targetCwnd(1, 0);
  }

  private updateMinRtt(a: BbrAck, s: AckSample): void {
    const expired = a.now > this.minRttStamp + BBR_MIN_RTT_WINDOW_S;
    if (s.rttS >= 0 && (s.rttS <= this.minRttS || expired)) {
      if (s.rttS < this.minRttS) this.events.minRtt = true;
      this.minRttS = s.rttS;
      this.minRttStamp = a.now;
    }
    if (expired && this.mode !== 'PROBE_RTT') {
      this.saveCwnd(a.cwnd);
      this.enter('PROBE_RTT', 1, 1);
      this.probeRttDone = 0;
    }
    if (this.mode !== 'PROBE_RTT') return;
    if (this.probeRttDone === 0 && a.inflightAfter <= BBR_MIN_CWND) {
      this.probeRttDone = a.now + BBR_PROBE_RTT_S;
      this.probeRttRoundDone = false;
      this.nextRoundDelivered = s.delivered;
    } else if (this.probeRttDone !== 0) {
      if (this.roundStart) this.probeRttRoundDone = true;
      if (this.probeRttRoundDone && a.now > this.probeRttDone) {
        this.minRttStamp = a.now;
        this.restoreAfterProbeRtt = true;
        if (this.fullBwReached) this.enterProbeBw(a.now);
        else this.enter('STARTUP', BBR_HIGH_GAIN, BBR_HIGH_GAIN);
      }
    }
  }

  /** Set at PROBE_RTT's exit: the next cwnd is at least the cwnd saved at its entry. */
  private restoreAfterProbeRtt = false;

  /** Whether PROBE_RTT is holding its samples app-limited (Linux: tp->app_limited). */
  get probingRtt(): boolean {
    return this.mode === 'PROBE_RTT';
  }

  private setPacingRate(cwnd: number, rttS: number): void {
    if (!this.hasSeenRtt && rttS > 0) {
      this.hasSeenRtt = true;
      this.pacingRateBps = this.rateFromRtt(cwnd, rttS);
    }
    const bw = this.bwPps;
    if (!(bw > 0)) return;
    const rate = this.bits(bw) * this.pacingGain;
    if (this.fullBwReached || rate > this.pacingRateBps) this.pacingRateBps = rate;
  }

  private nextCwnd(a: BbrAck, from: number, initialCwnd: number): number {
    const acked = a.sample.ackedPkts + a.sample.sackedPkts;
    if (acked === 0) return from; // Linux bbr_set_cwnd: nothing delivered, nothing changes
    let cwnd = from;
    if (this.restoreAfterProbeRtt) {
      this.restoreAfterProbeRtt = false;
      cwnd = Math.max(cwnd, this.priorCwnd);
    }
    if (this.conservation) {
      cwnd = Math.max(cwnd, a.inflightAfter + acked);
    } else {
      const target = this.targetCwnd(this.cwndGain, initialCwnd);
      if (this.fullBwReached) cwnd = Math.min(cwnd + acked, target);
      else if (cwnd < target || a.sample.delivered < INIT_CWND_DELIVERED) cwnd += acked;
      cwnd = Math.max(cwnd, BBR_MIN_CWND);
    }
    if (this.mode === 'PROBE_RTT') cwnd = Math.min(cwnd, BBR_MIN_CWND);
    return cwnd;
  }
}
