import type { FlowConfig } from '../config';
import { NsRttEstimator } from './rtt-estimator';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Network, Endpoint } from '../net/network';
import type { Packet } from '../net/packet';
import { controlPacket } from './control';
import type { TraceSink } from '../trace/sink';
import { DecisionLog } from '../trace/decision-log';
import type { PrrRow } from '../trace/prr-rows';
import type { TcpRuleCode } from '../trace/reasons';
import { PacketType, TriggerKind, type Phase } from '../trace/types';
import { V } from '../trace/vars';
import type { CongestionOps, TcpRules } from './congestion';
import type { RecoveryEntry } from './recovery';
import type { TcpShell } from './shell';
import type { TcpVariant } from './variant';
import type { AppSource } from '../app/source';
import { TcpAppFeed } from './app-feed';
import { TCP_APP_REASONS } from './app-reasons';
import { AckReader, type AckInfo } from './ack-in';
import { AckSampler, type AckSample } from './ack-samples';
import { TcpPacer } from './pacing';
import { TcpRateProbe } from './rate-probe';
import { tcpWireSize } from './wire-size';
import { EcnSender } from './ecn';

export type { AckInfo };

/** ns-2 last_cwnd_action_ values. */
export const CwndAction = { none: 0, dupack: 1, timeout: 2, ecn: 3, exited: 4 } as const;

/**
 * The TCP sender shell: owns the window variables, the RTT estimator, the retransmission timer
 * and packet output, and records every decision. Variants (tahoe, reno, …) implement the ACK and
 * timeout rules on top of it (src/engine/tcp/variants/).
 *
 * Units: packets. Internally ns-2's 0-based seqnos are kept (packet number = seqno + 1), so the
 * rules can be read side by side with ns-2.35's tcp/*.cc; everything recorded is 1-based.
 * Defaults follow the Fall & Floyd setup of REFERENCE.md (windowOption 1, integer cuts,
 * bugFix_ on, no limited transmit, tcpTick 0.01 s, minrto 1 s); the FlowConfig stack options
 * (synSegment, delayGrowth, limitedTransmit, precisionReduce, newreno*) switch on ns-2.35's
 * own defaults one by one.
 */
export class TcpSender implements Endpoint, TcpShell {
  // --- ns-2 TcpAgent state (0-based seqnos) ---
  /** Next seqno to send (t_seqno_). */
  tSeqno = 0;
  /** Highest seqno sent (maxseq_). */
  maxseq = -1;
  highestAck = -1;
  lastAck = -1;
  cwnd: number;
  ssthresh: number;
  dupacks = 0;
  recover = 0;
  lastCwndAction: number = CwndAction.none;
  /** Receiver window / maximum window (wnd_), packets. */
  readonly wnd: number;
  /** Initial window (wnd_init_), packets; 1 after a timeout before anything was acked. */
  wndInit: number;
  /** Reno-family window inflation (dupwnd_). */
  dupwnd = 0;
  /** SACK pipe_ / -1 when unused. */
  pipe = -1;
  fastrecov = false;
  /** Counters. */
  packetsSent = 0;
  retransmissions = 0;
  timeouts = 0;
  fastRetransmits = 0;

  /** ns-2's RTT estimator and RTO (rtt-estimator.ts); its backoff is reset by the variants. */
  readonly rttEst: NsRttEstimator;
  rttActive = false;
  rttSeq = -1;
  private rttTs = 0;

  readonly rtxTimer: Timer;
  private synTimer: Timer | null = null;
  /** RTT of the SYN / SYN-ACK exchange, s; NaN without a handshake or after a retried SYN. */
  synRttS = NaN;
  private synSentS = NaN;
  readonly node: number;
  readonly dst: number;
  /** The application, its drain and close (FIN), and the idle rules (app-feed.ts). */
  readonly feed: TcpAppFeed;

  /** Reads each ACK into one reused AckInfo (ack-in.ts). */
  private readonly ackReader = new AckReader();
  /** Each ACK's RTT and delivery-rate samples (ack-samples.ts), for the congestion ops. */
  readonly sampler = new AckSampler();
  /** The flow's pacing (pacing.ts); null when it is not paced. */
  readonly pacer: TcpPacer | null;
  /** Writes the rate row of each ACK (rate-probe.ts); null in a metrics-only run. */
  private readonly rates: TcpRateProbe | null;
  /** ECN (ecn.ts; FlowConfig.ecn); null when off. */
  readonly ecn: EcnSender | null;

  // --- decision recording ---
  private readonly log: DecisionLog<TcpRuleCode>;
  phase: Phase = 'slow-start';
  /** Between begin() and end(). */
  inDecision = false;

  /** Where ns-2.35 and the RFC text differ, which one this sender follows. */
  readonly rules: TcpRules;
  /** The variant's congestion ops under `rules`, and their own per-sender record. */
  private readonly cc: CongestionOps;
  /** Under `ns2` rules, the RFC's ops, to note where the RFC text would decide otherwise. */
  private readonly rfcCc: CongestionOps | null;
  private readonly ccState: unknown;
  /** The variant's own per-sender record (its scoreboard …), handed to its rules. */
  private readonly x: unknown;

  constructor(
    readonly cfg: FlowConfig,
    readonly variant: TcpVariant,
    readonly sched: Scheduler,
    readonly net: Network,
    rec: TraceSink,
    /** The application feeding this sender (app/); default an infinite bulk source. */
    app?: AppSource,
    /** SimConfig.seed: the run's seed for the sender's named streams (BBR's 'tcp.bbr'). */
    readonly seed = 0,
  ) {
    this.rules = cfg.rules ?? 'ns2';
    this.cc = variant.congestion[this.rules];
    this.rfcCc =
      this.rules === 'ns2' && variant.congestion.rfc !== this.cc ? variant.congestion.rfc : null;
    this.wndInit = cfg.initialCwndPkts;
    // ns-2 set_initial_window: with a SYN and delayed growth the SYN goes out alone.
    this.cwnd = cfg.synSegment && cfg.delayGrowth ? 1 : this.wndInit;
    this.wnd = cfg.windowPkts;
    this.ssthresh = Math.trunc(cfg.windowPkts);
    this.rttEst = new NsRttEstimator(cfg.tickS, cfg.minRtoS, cfg.initialRtoS, cfg.tickPhaseS);
    this.node = net.nodeIndex(cfg.src);
    this.dst = net.nodeIndex(cfg.dst);
    this.rtxTimer = new Timer(sched, () => this.onRtxTimeout());
    this.feed = new TcpAppFeed(this, app);
    this.log = new DecisionLog<TcpRuleCode>(rec, {
      flow: cfg.id,
      now: () => sched.now,
      writeVars: (out) => this.writeVars(out),
      writeKeyVars: (out) => {
        out[V.cwnd] = this.cwnd;
        out[V.ssthresh] = this.ssthresh;
      },
      phase: () => this.phase,
      cwndBytes: () => this.cwnd * cfg.mssBytes,
      ssthreshBytes: () => this.ssthresh * cfg.mssBytes,
      sampleOn: [V.cwnd, V.ssthresh],
      // and the phase, as SCTP's: the ACK that ends fast recovery under `rfc` leaves cwnd =
      // ssthresh unchanged (RFC 6582 §3.2 step 3) and still needs its row (the cwnd rows and
      // the panel's phase shading would otherwise show the next ACK's increase as the exit).
      sampleOnPhase: true,
    });
    // RFC 6582 §3.2 step 1: recover starts at the initial send sequence number, one below
    // packet 1, so a loss of the first window can be fast-retransmitted; ns-2 starts it at 0.
    if (this.rules === 'rfc') this.recover = -1;
    this.ccState = this.cc.init(this);
    this.pacer = TcpPacer.forFlow(this, variant.ownPacing === true);
    this.rates = rec.recordsDecisions ? new TcpRateProbe(rec, cfg) : null;
    this.ecn = cfg.ecn ? new EcnSender(cfg.handshake) : null;
    this.x = variant.init(this, this.ccState);
  }

  /** TcpState: simulated time, s. */
  get now(): number {
    return this.sched.now;
  }

  /** TcpState: smoothed RTT, s (0 before the first sample). */
  get srttS(): number {
    return this.rttEst.srttS;
  }

  /** TcpState: RTO backoff factor. */
  get rtoBackoff(): number {
    return this.rttEst.backoff;
  }

  /** TcpState: the last ACK's RTT and delivery-rate samples. */
  get ackSample(): AckSample {
    return this.sampler.sample;
  }

  /** TcpState: when seqno was last sent (outstanding seqnos only), s. */
  sentAtS(seqno: number): number {
    return this.sampler.sentAtS(seqno, this.highestAck, this.maxseq);
  }

  /** Start the application and the transfer at cfg.startS. */
  start(): void {
    this.sched.at(this.cfg.startS, () => {
      this.feed.start();
      if (this.cfg.handshake) this.sendSyn();
      else this.startData();
    });
  }

  /**
   * ns-2 curseq_: packets numbered below this (0-based seqnos) may be sent — the application's
   * offered() plus ns-2's SYN segment once anything is offered; Infinity for bulk.
   */
  get sendLimit(): number {
    return this.feed.limit();
  }

  private startData(): void {
    this.feed.dataStarted = true;
    this.begin();
    this.variant.onStart?.(this, this.x);
    this.variant.sendMuch(this, false, this.cfg.maxburst, this.x);
    if (this.cfg.synSegment) this.rule('tcp.syn');
    this.end('tcp.start', TriggerKind.start);
  }

  /** Connection setup (RFC 793 §3.4): SYN, answered by SYN-ACK; retried after the RTO. */
  private sendSyn(): void {
    this.synSentS = this.synTimer ? NaN : this.sched.now; // Karn: a retried SYN gives none
    this.synTimer ??= new Timer(this.sched, () => this.sendSyn());
    this.net.send(
      controlPacket(this.net.newUid(), this.cfg.id, this.node, this.dst, 'SYN', this.sched.now),
    );
    this.synTimer.resched(this.cfg.initialRtoS);
  }

  // ------------------------------------------------------------------ decisions
  /** Snapshot the variables before a decision. */
  begin(): void {
    this.inDecision = true;
    this.log.begin();
  }

  /** The variant's send_much with the flow's maxburst (an application offered more data). */
  sendMore(): void {
    this.variant.sendMuch(this, false, this.cfg.maxburst, this.x);
  }

  /** Name the rule being applied (the last call wins). */
  rule(code: TcpRuleCode): void {
    this.log.rule(code);
  }

  /** PRR's variables behind this decision, for the log (tcp/prr.ts; full trace only). */
  prrRow(row: PrrRow): void {
    this.log.prr(row);
  }

  /** Close the decision: record what changed, and a state sample if cwnd/ssthresh moved. */
  end(fallback: TcpRuleCode, kind: TriggerKind, cumAck = 0, dupacks = 0, event = -1): void {
    this.inDecision = false;
    this.log.end(fallback, kind, cumAck, dupacks, event);
  }

  /** The variables decisions report (vars.ts order): 1-based packet numbers, packets, seconds. */
  writeVars(out: Float64Array): void {
    out[V.cwnd] = this.cwnd;
    out[V.ssthresh] = this.ssthresh;
    out[V.dupacks] = this.dupacks;
    out[V.recover] = this.recover > 0 ? this.recover + 1 : 0;
    out[V.pipe] = this.pipe;
    out[V.flightsize] = this.maxseq - this.highestAck;
    out[V.highestAck] = this.highestAck + 1;
    out[V.nextSeq] = this.tSeqno + 1;
    out[V.partialBytesAcked] = 0;
    out[V.rto] = this.feed.closing ? this.feed.close.finRtoS : this.rtoSeconds();
    out[V.inflation] = this.dupwnd;
    out[V.fack] = this.variant.fack ? this.variant.fack(this, this.x) : NaN;
  }

  // ------------------------------------------------------------------ receive
  receive(p: Packet, eventIndex: number): void {
    if (p.type === PacketType.control) {
      if (p.label === 'SYN-ACK' && this.synTimer?.pending) {
        this.synTimer.cancel();
        this.synRttS = this.sched.now - this.synSentS;
        this.startData();
      } else if (p.label === 'FIN-ACK') {
        this.feed.onFinAck(eventIndex);
      }
      return;
    }
    if (this.feed.closing) return; // all data acknowledged and the FIN sent (close.ts)
    const ack = this.ackReader.read(p, eventIndex);
    const sample = this.sampler.onAck(ack.seqno, this.highestAck, this.now, ack.sack, this.maxseq);
    this.pacer?.rttSample(sample.rttS);
    this.cc.onAckSample?.(this, sample, this.ccState);
    this.begin();
    const sent = this.packetsSent;
    this.ecn?.onAck(this, ack, p.ecnFlags);
    this.variant.onAck(this, ack, this.x);
    this.ecn?.afterAck();
    this.feed.afterAck(sent);
    if (this.tSeqno >= this.sendLimit) this.sampler.appLimited(this.maxseq - this.highestAck, this);
    this.end('tcp.ack-in-recovery', TriggerKind.ack, ack.seqno + 1, this.dupacks, eventIndex);
    const info = this.variant.rateInfo?.(this.x) ?? null;
    this.rates?.record(this.now, this.log.lastRow, this.pacer, sample, info);
  }

  private onRtxTimeout(): void {
    this.begin();
    const idle = this.feed.idleAtTimeout();
    const tail = this.feed.tailAtTimeout();
    if (!idle) this.timeouts++; // ns-2's idle restart is no loss (nrexmit_ unchanged)
    this.variant.onTimeout(this, this.x);
    if (idle) this.feed.ns2IdleRestart();
    else if (tail) this.rule(TCP_APP_REASONS['tcp.rto-tail']);
    this.end('tcp.rto', TriggerKind.rto);
  }

  // ------------------------------------------------------------------ ns-2 primitives
  /** ns-2 window(): min(cwnd, wnd) as an integer, plus the variant's adjustments. */
  window(): number {
    return this.variant.window(this);
  }

  /** ns-2 windowd(): the window as a double, for precisionReduce_ cuts. */
  windowd(): number {
    return this.variant.windowd
      ? this.variant.windowd(this)
      : this.cwnd < this.wnd
        ? this.cwnd
        : this.wnd;
  }

  /** ns-2 TcpAgent::output: send seqno (0-based), restart the timer if none is pending. */
  output(seqno: number): void {
    const cfg = this.cfg;
    const isRetx = seqno <= this.maxseq;
    const size = tcpWireSize(cfg, this.rules, this.variant.ns2Headerless === true, seqno);
    // a delivered data packet refilled (net/packet-pool.ts), or a new one
    const p = this.net.pool.dataPacket(this.net.newUid(), cfg.id, this.node, this.dst, size);
    p.seq = seqno + 1;
    p.retx = isRetx;
    p.sentAt = this.sched.now;
    // ns-2's SYN segment carries no data: scripted drops may name it, random loss spares it.
    if (seqno === 0 && cfg.synSegment) p.label = 'SYN';
    if (this.ecn) this.ecn.stamp(p, seqno);
    const forceTimer = this.highestAck === this.maxseq;
    this.packetsSent++;
    if (isRetx) this.retransmissions++;
    this.log.sent(seqno + 1);
    this.sampler.sent(seqno, this.sched.now, isRetx, this.highestAck, this.maxseq);
    this.feed.lastSendS = this.sched.now;
    this.pacer?.sent();
    this.net.send(p);
    if (seqno > this.maxseq) {
      this.maxseq = seqno;
      if (!this.rttActive) {
        this.rttActive = true;
        if (seqno > this.rttSeq) {
          this.rttSeq = seqno;
          this.rttTs = this.sched.now;
        }
      }
    }
    if (!this.rtxTimer.pending || forceTimer) this.setRtxTimer();
  }

  /** ns-2 TcpAgent::send_much: send while t_seqno ≤ highest_ack + window() (and pacing allows). */
  sendMuchBasic(maxburst: number): void {
    let win = this.window();
    let n = 0;
    while (this.tSeqno <= this.highestAck + win && this.tSeqno < this.sendLimit) {
      if (this.pacer?.holding) break;
      this.output(this.tSeqno);
      n++;
      this.tSeqno++;
      win = this.window();
      if (maxburst && n === maxburst) break;
    }
  }

  /**
   * Limited transmit (RFC 3042 §2) as ns-2 TcpAgent::send_one: on the 1st/2nd duplicate ACK send
   * the next new packet if it lies within the receiver window and within cwnd + dupacks of the
   * cumulative ACK (cwnd unrounded). Returns whether a packet went out.
   */
  sendOne(): boolean {
    const next = this.tSeqno;
    if (
      next <= this.highestAck + this.wnd &&
      next <= this.highestAck + this.cwnd + this.dupacks &&
      next < this.sendLimit
    ) {
      this.output(next);
      this.tSeqno++;
      return true;
    }
    return false;
  }

  /** A duplicate ACK below the threshold: limited transmit if enabled, else nothing. */
  smallDupack(): void {
    if (this.cfg.limitedTransmit && this.sendOne()) this.rule('tcp.limited-transmit');
    else this.rule('tcp.dupack');
  }

  /**
   * ns-2 delay_growth_ after a new ACK: the ACK of packet 1 sets cwnd to the initial window
   * (RFC 3390 §2: the initial window applies after the SYN exchange).
   */
  delayGrowthCheck(): void {
    if (this.lastAck === 0 && this.cfg.delayGrowth) {
      this.cwnd = this.wndInit;
      this.rule('tcp.initial-window');
    }
  }

  /**
   * The bugfix rule of ns-2 dupack_action (RFC 2582 §3 step 1): a fast retransmit is allowed when
   * the ACK passed recover, bugFix_ is off, or only packet 1 is acked (bugfix_ss_: the first data
   * packet was lost), or `allowed` (Reno during its own fast recovery).
   */
  fastRetransmitAllowed(allowed = false): boolean {
    if (this.rules === 'rfc') {
      // RFC 6582 §3.2 step 1: the ACK must cover recover (its cumulative ACK field, one past
      // highest_ack, lies beyond recover); recover starts at the ISN, so the first loss qualifies.
      return this.highestAck >= this.recover || !this.cfg.bugfix || allowed;
    }
    return this.highestAck > this.recover || !this.cfg.bugfix || allowed || this.highestAck === 0;
  }

  /**
   * Record why the bugfix rule held a 3rd duplicate ACK back: nothing acknowledged yet (the
   * first packet itself was lost; ns-2's bugfix_ss_ exception needs packet 1 acked, so only the
   * RTO recovers), or an ACK that does not pass recover after a cut in this window.
   */
  ignoreDupack(): void {
    this.rule(this.highestAck < 0 ? 'tcp.dupack-ignored-start' : 'tcp.dupack-ignored');
    if (this.rules !== 'ns2') return;
    // RFC 6582 §3.2 step 1: recover starts at the ISN (one below packet 1) and an ACK that
    // covers it lets the fast retransmit through; ns-2 needs highest_ack_ > recover_.
    const recover =
      this.lastCwndAction === CwndAction.none && this.recover === 0 ? -1 : this.recover;
    if (this.highestAck >= recover) this.log.note('rfc.fast-retransmit', this.highestAck + 2);
  }

  /** Open cwnd on a new ACK: the congestion ops' growth (ns-2 opencwnd; RFC 5681 §3.1). */
  opencwnd(): void {
    if (this.ecn?.holdGrowth) return this.ecn.hold(this);
    const g = this.cc.grow(this, this.ccState);
    this.cwnd = g.cwnd;
    this.rule(g.rule);
    this.phase = g.phase;
  }

  /**
   * Loss detected by duplicate ACKs / SACK: ssthresh from the congestion ops (ns-2: max(⌊window
   * /2⌋, 2); RFC 5681 eq. 4: max(FlightSize/2, 2)), and cwnd their reduced window ('half', the
   * Reno family) or 1 ('one': Tahoe, FACK).
   */
  cutOnLoss(cwndTo: 'half' | 'one'): void {
    const c = this.cc.cut(this, this.ccState);
    const alt = this.rfcCc?.cut(this, this.ccState);
    if (alt && alt.ssthresh !== c.ssthresh) this.log.note('rfc.cut-flightsize', alt.ssthresh);
    this.ssthresh = c.ssthresh;
    this.cwnd = cwndTo === 'half' ? c.cwnd : 1;
    if (this.ecn) this.ecn.cwr = true;
  }

  /**
   * A loss detected by duplicate ACKs or SACK: if the bugfix rule lets it through
   * (`fastRetransmitAllowed(allowed)`), apply the variant's entry — recover, pipe, the cut,
   * the timer, fast recovery, the retransmission, the inflation, in ns-2's order — and return
   * true; else say why the duplicate ACK is ignored and return false. RFC 2581 §3.2, RFC 2582
   * §3 step 1, Fall & Floyd 1996 §5, Mathis & Mahdavi 1996 §3.
   */
  fastRetransmit(e: RecoveryEntry, allowed = false): boolean {
    if (!this.fastRetransmitAllowed(allowed)) {
      if (this.ecn?.dupackAfterCut(this, e)) return true;
      this.ignoreDupack();
      return false;
    }
    this.recover = e.recover;
    if (e.pipe !== undefined) this.pipe = e.pipe;
    this.lastCwndAction = CwndAction.dupack;
    this.cutOnLoss(e.cwnd === 'cut' ? 'half' : 'one');
    this.resetRtxTimer(e.timer === 'mild', false);
    if (e.fastrecov) this.fastrecov = true;
    this.fastRetransmits++;
    this.phase = e.phase;
    this.rule(this.cc.cutRule ?? e.rule);
    if (e.retransmit !== null) this.output(e.retransmit);
    if (e.dupwnd !== undefined) this.dupwnd = e.dupwnd;
    return true;
  }

  /** The retransmission timer expired with data outstanding: ssthresh from the ops, cwnd = 1. */
  cutOnRto(): void {
    const c = this.cc.rto(this, this.ccState);
    const alt = this.rfcCc?.rto(this, this.ccState);
    if (alt && alt.ssthresh !== c.ssthresh) this.log.note('rfc.rto-ssthresh', alt.ssthresh);
    this.ssthresh = c.ssthresh;
    this.cwnd = c.cwnd;
    if (this.ecn) this.ecn.cwr = true;
  }

  /**
   * A full ACK ends fast recovery (after newack): cwnd as the congestion ops leave it — ns-2
   * opens it once more as on any new ACK (the variant's `code`); RFC 6582 §3.2 step 3 / RFC 5681
   * §3.2 step 6 set cwnd = ssthresh and nothing more (`tcp.rfc-exit-recovery`).
   */
  exitRecovery(code: TcpRuleCode): void {
    const cwnd = this.cc.exit(this, this.ccState);
    if (cwnd === null) {
      this.opencwnd();
      const alt = this.rfcCc?.exit(this, this.ccState);
      if (alt != null && alt !== this.cwnd) this.log.note('rfc.exit-cwnd', alt);
      this.rule(code);
    } else {
      this.cwnd = cwnd;
      this.phase = cwnd < this.ssthresh ? 'slow-start' : 'congestion-avoidance';
      this.rule('tcp.rfc-exit-recovery');
    }
  }

  /** ns-2 newack: a new cumulative ACK (not in recovery). */
  newack(ack: AckInfo): void {
    this.dupacks = 0;
    this.lastAck = ack.seqno;
    this.highestAck = ack.seqno;
    if (this.tSeqno < this.lastAck + 1) this.tSeqno = this.lastAck + 1;
    if (this.rttActive && ack.seqno >= this.rttSeq) {
      if (!this.ecn?.keepsBackoff()) this.rttEst.backoff = 1;
      this.rttActive = false;
      this.rttEst.update(this.sched.now - this.rttTs, this.sched.now);
    }
    this.newtimer(ack.seqno);
  }

  /** ns-2 newtimer: keep the timer while data is outstanding, else cancel it. */
  newtimer(ackSeqno: number): void {
    if (this.feed.timerOffWhenIdle(ackSeqno)) this.rtxTimer.cancel();
    else if (this.tSeqno > ackSeqno || ackSeqno < this.maxseq || this.cwnd < 1) this.setRtxTimer();
    else this.rtxTimer.cancel();
  }

  /** ns-2 reset_rtx_timer(mild, backoff). */
  resetRtxTimer(mild: boolean, backoff: boolean): void {
    if (backoff) this.rttEst.backOff();
    this.setRtxTimer();
    if (!mild) this.tSeqno = this.highestAck + 1;
    this.rttActive = false;
  }

  setRtxTimer(): void {
    this.rtxTimer.resched(this.rtoSeconds());
  }

  /** The retransmission timeout, s (ns-2 rtt_timeout: rtt-estimator.ts). */
  rtoSeconds(): number {
    return this.rttEst.rtoSeconds();
  }

  /**
   * ns-2 TcpAgent::timeout for a retransmission timeout: ssthresh = ⌊window/2⌋, cwnd = 1,
   * back off the timer, go back to highest_ack + 1 (RFC 2988 §5, RFC 2581 §3.1).
   */
  baseTimeout(): void {
    this.rule('tcp.rto');
    this.phase = 'rto-recovery';
    if (this.cwnd < 1) this.cwnd = 1;
    const idle = this.highestAck === this.maxseq;
    this.recover = this.maxseq;
    // ns-2 bugfix_ss_: nothing acked yet (the first packet was lost), so no larger initial window.
    if (this.highestAck === -1 && this.wndInit > 1) this.wndInit = 1;
    if (idle) {
      this.cwnd = 1;
      if (this.ecn) this.ecn.cwr = true;
    } else {
      this.lastCwndAction = CwndAction.timeout;
      this.cutOnRto();
    }
    this.resetRtxTimer(false, !idle);
    this.lastCwndAction = CwndAction.timeout;
    this.variant.sendMuch(this, false, this.cfg.maxburst, this.x);
  }
}
