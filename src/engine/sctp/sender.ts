import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Endpoint, Network } from '../net/network';
import type { Packet } from '../net/packet';
import type { TraceSink } from '../trace/sink';
import { DecisionLog } from '../trace/decision-log';
import { PacketType, TriggerKind, type Phase } from '../trace/types';
import { Association } from './association';
import { sctpDecisionSource, type SctpReportedState } from './decision-source';
import { ASSOCIATION_MAX_RETRANS, DEFAULT_SSTHRESH_BYTES, chunkBytesOf, dataPacket, initialRwndOf, mtuUnitOf } from './chunks';
import { Mark, NOT_TIMED, type Chunk } from './queue';
import { sackRule, type SackOutcome } from './sack-outcome';
import { processGapBlocks } from './gap-blocks';
import { adjustCwnd } from './cwnd';
import { newPath, type SctpPath } from './path';
import { backoffRto, rttSample } from './rto';
import type { SctpReasonCode } from './reasons';
import type { SackPacket } from './receiver';
import { halvedSsthresh, inSlowStart, rfc4960InitialCwnd, type SctpVariant } from './variant';
import { cwndUnitOf, flightOf, pbaCountsCumAck, rfcInitialCwndIfDifferent, t3Cut, type SctpRules } from './rules';
import type { NoteCode } from '../trace/notes';
import type { AppSource } from '../app/source';
import { SctpAppFeed } from './app-feed';
import { PrSctp } from './pr-sctp';

/**
 * The SCTP sender shell (RFC 2960 §6–§7 as ns-2.35's sctp.cc implements it, single-homed,
 * one TSN per packet, fed by the flow's application: app-feed.ts, shutdown.ts). It owns the retransmission queue, the path
 * (cwnd, ssthresh, partial_bytes_acked, outstanding bytes, RTO and T3-rtx timer), the peer's
 * rwnd and Max.Burst, and records every decision. The variant (variants.ts) decides which of
 * Original SCTP's and New-Reno SCTP's rules apply; FlowConfig.rules whether sctp.cc's window
 * arithmetic or RFC 4960's applies where they differ (rules.ts). Under `ns2` a decision whose
 * outcome RFC 4960 would change carries a note (trace/notes.ts `rfc.sctp-*`).
 *
 * Units: bytes for windows (cwnd, ssthresh, outstanding), TSN = packet number (1-based).
 * Decisions and samples report windows in packets (bytes / MTU) plus the byte values. The MTU
 * (the congestion-control unit) is the chunk size unless FlowConfig.pathMtuBytes says otherwise;
 * a chunk always counts its own size in outstanding data.
 */
export class SctpSender implements Endpoint, SctpReportedState {
  readonly node: number;
  readonly path: SctpPath;
  /**
   * MTU for congestion control in bytes (rules.ts cwndUnitOf): ns-2's uiMaxDataSize =
   * pathMtuBytes − 32 under `ns2`, pathMtuBytes under `rfc`; the DATA chunk size if unset.
   */
  readonly mtu: number;
  /** sctp.cc's window arithmetic or RFC 4960's where they differ (rules.ts). */
  readonly rules: SctpRules;
  /** Bytes one DATA chunk counts in outstanding data and in the peer's rwnd (ns-2 chunk length
   * usLength): mssBytes + dataChunkHeaderBytes. */
  readonly chunkBytes: number;
  /** Missing reports that trigger a fast retransmit (FlowConfig.dupackThreshold). */
  readonly threshold: number;
  private readonly maxBurst: number;
  private readonly assoc: Association;
  /** The application, its drain and the shutdown (app-feed.ts). */
  readonly feed: SctpAppFeed;
  /** PR-SCTP timed reliability (pr-sctp.ts; RFC 3758); inert without FlowConfig.prLifetimeS. */
  readonly pr: PrSctp;
  /** Between begin() and end(). */
  inDecision = false;

  // --- association state (ns-2 names in brackets) ---
  /** Last TSN assigned [uiNextTsn]. */
  private nextTsn = 0;
  /** Cumulative TSN Ack point [uiCumAckPoint]. */
  cumAckPoint = 0;
  /** Highest TSN newly acked; kept across SACKs as ns-2 does [uiHighestTsnNewlyAcked]. */
  htna = 0;
  /** Fast recovery exit point: highest outstanding TSN at the cut [uiRecover]. */
  recover = 0;
  private inRecovery = false;
  private highestTsnSent = 0;
  /** The retransmission queue, lowest TSN first. */
  readonly queue: Chunk[] = [];
  /** The peer's receiver window as the sender tracks it (RFC 2960 §6.2.1). */
  peerRwnd = 0;
  private applyMaxBurst = false;
  private burstLength = 0;
  private markedPending = false;
  /** Consecutive T3-rtx expiries with no SACK clearing them (RFC 2960 §8.1). */
  assocErrors = 0;
  private aborted = false;
  private timedOut = false;

  // --- counters ---
  packetsSent = 0;
  retransmissions = 0;
  timeouts = 0;
  /** Fast-retransmit episodes: cwnd cuts by missing reports (not each chunk retransmitted). */
  fastRetransmits = 0;

  // --- decision recording ---
  private readonly log: DecisionLog<SctpReasonCode>;
  /** The rule named in the current decision (null: none yet), kept by the sender itself. */
  private decisionRule: SctpReasonCode | null = null;
  /** Chunks sent in the current decision, and the TSN of the first of them. */
  private sentInDecision = 0;
  private firstSentInDecision = 0;
  /** A note is attached to the current decision (the first one wins). */
  private noted = false;

  constructor(
    readonly cfg: FlowConfig,
    readonly variant: SctpVariant,
    readonly sched: Scheduler,
    private readonly net: Network,
    rec: TraceSink,
    app?: AppSource,
  ) {
    this.node = net.nodeIndex(cfg.src);
    this.chunkBytes = chunkBytesOf(cfg);
    this.rules = cfg.rules ?? 'ns2';
    this.mtu = cwndUnitOf(cfg, this.rules);
    if (mtuUnitOf(cfg) < this.chunkBytes) {
      // ns-2.35 refuses this too ("DATA chunk size too big!").
      throw new Error(`flow ${cfg.id}: a ${this.chunkBytes}-byte chunk does not fit in path MTU ${cfg.pathMtuBytes}`);
    }
    this.threshold = cfg.dupackThreshold;
    this.maxBurst = cfg.maxburst;
    const t3 = new Timer(sched, () => this.onT3Expiry());
    const degrade = new Timer(sched, () => this.onDegrade());
    this.path = newPath(
      net.nodeIndex(cfg.dst),
      cfg.initialCwndBytes ?? Math.round(cfg.initialCwndPkts * this.mtu),
      cfg.initialSsthreshBytes ?? DEFAULT_SSTHRESH_BYTES,
      cfg.initialRtoS,
      t3,
      degrade,
    );
    this.assoc = new Association(this, cfg, sched, net);
    this.feed = new SctpAppFeed(this, app);
    this.pr = new PrSctp(cfg);
    this.log = new DecisionLog<SctpReasonCode>(rec, sctpDecisionSource(this, cfg.id, () => sched.now));
  }

  /** Open the association (or start sending at once without a handshake) at cfg.startS. */
  start(): void {
    this.sched.at(this.cfg.startS, () => {
      this.feed.start();
      this.begin();
      if (this.cfg.handshake) {
        this.rule('sctp.init');
        this.assoc.open();
      } else {
        this.beginData(initialRwndOf(this.cfg));
      }
      this.end('sctp.start', TriggerKind.start);
    });
  }

  // ------------------------------------------------------------------ decisions
  begin(): void {
    this.inDecision = true;
    this.decisionRule = null;
    this.sentInDecision = 0;
    this.noted = false;
    this.log.begin();
  }

  rule(code: SctpReasonCode): void {
    this.decisionRule = code;
    this.log.rule(code);
  }

  /** Under `ns2` rules, note what RFC 4960 would set here (`value`); the first note stays. */
  private noteRfc(code: NoteCode, value: number): void {
    if (this.rules !== 'ns2' || this.noted) return;
    this.noted = true;
    this.log.note(code, value);
  }

  /** Bytes in flight as the rule set counts them (rules.ts flightOf). */
  get flight(): number {
    return flightOf(this.path, this.rules);
  }

  end(fallback: SctpReasonCode, kind: TriggerKind, cumAck = 0, dupacks = 0, event = -1): void {
    this.inDecision = false;
    this.log.end(fallback, kind, cumAck, dupacks, event);
  }

  get phase(): Phase {
    if (this.timedOut) return 'rto-recovery';
    if (this.inRecovery) return 'fast-recovery';
    return inSlowStart(this.variant, this.path.cwnd, this.path.ssthresh) ? 'slow-start' : 'congestion-avoidance';
  }

  /** Recovery point as decisions report it (0 when the variant has no fast recovery). */
  get reportedRecover(): number {
    return this.variant.fastRecovery ? this.recover : 0;
  }

  /** Next new TSN to send. */
  get nextNewTsn(): number {
    return this.nextTsn + 1;
  }

  /** Missing reports of a TSN still in the retransmission queue (0 if gone). */
  private reportsOf(tsn: number): number {
    return this.queue.find((c) => c.tsn === tsn)?.missingReports ?? 0;
  }

  /** Missing reports of the first missing TSN (cumulative ack + 1). */
  firstHoleReports(): number {
    const c = this.queue[0];
    return c && c.tsn === this.cumAckPoint + 1 && !c.gapAcked ? c.missingReports : 0;
  }

  // ------------------------------------------------------------------ receive
  receive(p: Packet, eventIndex: number): void {
    if (this.aborted) return;
    if (p.type === PacketType.control) {
      if (this.feed.shutdown.onControl(p, eventIndex)) return;
      this.begin();
      this.assoc.onControl(p as SackPacket);
      this.end('sctp.sack', TriggerKind.ack, this.cumAckPoint, 0, eventIndex);
      return;
    }
    if (p.type !== PacketType.ack || !this.assoc.established || this.feed.closing) return;
    this.begin();
    const sentBefore = this.packetsSent;
    const out = this.processSack(p as SackPacket);
    // ns-2 recv(): new data only when no chunk still waits for retransmission (RFC 2960 §6.1 C).
    if (!this.markedPending) this.sendMuch();
    this.feed.afterSack(sentBefore);
    if (!this.decisionRule) {
      const code = sackRule(out, (p as SackPacket).blocks.length > 0, this.variant.fastRecovery);
      if (code) this.rule(code);
    }
    // The count that triggered a fast retransmit is the retransmitted TSN's, not the first hole's.
    const frTsn =
      out.fastRetransmit !== 'none' && this.sentInDecision > 0 ? this.firstSentInDecision : undefined;
    this.end(
      'sctp.sack',
      TriggerKind.ack,
      p.cumAck,
      frTsn !== undefined ? this.reportsOf(frTsn) : this.firstHoleReports(),
      eventIndex,
    );
  }

  /** Called by the association once data may flow (after setup and path confirmation). */
  beginData(rwnd: number): void {
    this.feed.dataStarted = true;
    this.peerRwnd = rwnd;
    // An initial cwnd above both RFCs' limits is the scenario's own: its row says so.
    const above = this.path.cwnd > Math.max(2 * this.mtu, rfc4960InitialCwnd(this.mtu));
    this.rule(above ? 'sctp.start-window' : 'sctp.start');
    const rfcCwnd = rfcInitialCwndIfDifferent(this.cfg, this.path.cwnd);
    if (rfcCwnd !== null) this.noteRfc('rfc.sctp-initial-cwnd', rfcCwnd);
    this.sendMuch();
  }

  // ------------------------------------------------------------------ SACK processing
  /** ns-2 ProcessSackChunk (RFC 2960 §6.2.1, §7.2.1–§7.2.4). */
  private processSack(sack: SackPacket): SackOutcome {
    const path = this.path;
    const out: SackOutcome = { newCumAck: false, fastRetransmit: 'none', cwndRule: null, exitedRecovery: false };
    path.newlyAckedBytes = 0;
    if (sack.cumAck < this.cumAckPoint) return out; // an old SACK arriving late: ignored
    // RFC 4960 §7.2.1–2: "before the arrival of the SACK, flightsize was greater than or equal
    // to cwnd" — without marked chunks; ns-2 AdjustCwnd reads iOutstandingBytes, with them.
    const rfcFlight = path.outstanding - path.markedBytes;
    if (sack.cumAck > this.cumAckPoint) {
      out.newCumAck = true;
      this.dequeueUpTo(sack.cumAck);
      this.cumAckPoint = sack.cumAck;
    }
    let fastRtx: 'none' | 'normal' | 'htna' = 'none';
    if (sack.blocks.length > 0) fastRtx = processGapBlocks(this, sack.blocks, out.newCumAck);

    // RFC 2960 §7.2.1–2 (cwnd before outstanding is reduced); New-Reno SCTP: not below recover.
    const mayGrow = !this.variant.fastRecovery || sack.cumAck >= this.recover;
    if (out.newCumAck && path.newlyAckedBytes > 0) {
      if (mayGrow) {
        const cwnd = path.cwnd;
        const flight = this.rules === 'rfc' ? rfcFlight : path.outstanding;
        out.cwndRule = adjustCwnd(path, this.variant, this.mtu, flight);
        // ns-2 grew only because marked chunks filled the window: RFC 4960 keeps cwnd.
        if (path.cwnd > cwnd && rfcFlight < cwnd) this.noteRfc('rfc.sctp-cwnd-marked', cwnd);
      } else out.cwndRule = 'sctp.recovery-ack';
    }
    if (this.inRecovery && sack.cumAck >= this.recover) {
      this.inRecovery = false;
      out.exitedRecovery = true;
    }
    if (this.timedOut && !this.queue.some((c) => c.marked === Mark.timeout)) this.timedOut = false;

    path.outstanding = path.newlyAckedBytes <= path.outstanding ? path.outstanding - path.newlyAckedBytes : 0;
    if (path.outstanding === 0) {
      path.partialBytesAcked = 0; // §7.2.2
      this.stopT3(); // §6.3.2 R2
    }
    if (path.outstanding > 0 && !path.t3Running) this.startT3(); // §6.3.2 R3

    if (fastRtx !== 'none') {
      out.fastRetransmit = this.fastRetransmit(fastRtx === 'htna');
    } else if ((this.markedPending = this.anyMarked())) {
      // §6.1 C: chunks marked for retransmission go before new data, as cwnd allows.
      const n = this.sentInDecision;
      this.retransmitMarked('cwnd');
      if (this.sentInDecision > n) out.cwndRule = 'sctp.retransmit-marked';
    }
    // §6.2.1 D ii: peer rwnd = a_rwnd − outstanding (after any retransmission; rules.ts 1).
    const total = this.flight;
    this.peerRwnd = total <= sack.rwnd ? sack.rwnd - total : 0;
    this.pr.afterSack(); // RFC 3758 §3.5 C1–C4: Advanced.Peer.Ack.Point, FORWARD-TSN
    return out;
  }

  /** ns-2 SendBufferDequeueUpTo: drop chunks ≤ tsn, counting newly acked bytes. */
  private dequeueUpTo(tsn: number): void {
    this.assocErrors = 0;
    while (this.queue.length > 0 && this.queue[0]!.tsn <= tsn) {
      const c = this.queue.shift()!;
      const p = c.path;
      if (!c.gapAcked) {
        this.htna = c.tsn;
        p.newlyAckedBytes += c.bytes;
        // §7.2.2: count toward partial_bytes_acked in congestion avoidance — ns-2 (Implementer's
        // Guide) only when a full cwnd was outstanding, RFC 4960 always (rules.ts 4).
        if (pbaCountsCumAck(p, this.variant, this.rules)) p.partialBytesAcked += c.bytes;
      }
      if (c.marked !== Mark.none) p.markedBytes -= c.bytes;
      // Proposed change to §7.2.4 (ns-2): Max.Burst applies after acking a retransmitted chunk.
      if (c.ineligibleForFastRtx) this.applyMaxBurst = true;
      if (p.rtoPending && c.txTime !== NOT_TIMED && c.transmissions === 1 && !c.gapAcked) {
        if (c.marked !== Mark.timeout) this.rttUpdate(c.txTime); // §6.3.1 C4/C5 (Karn)
        p.rtoPending = false;
      }
      if (p.t3Running) this.stopT3();
      if (p.errorCount !== 0 && c.marked !== Mark.timeout && !c.gapAcked) p.errorCount = 0;
    }
  }

  /**
   * ns-2 FastRtx (RFC 2960 §7.2.4 steps 1–3, §7.2.3): cut cwnd once for the marked chunks —
   * New-Reno SCTP only if a marked TSN lies beyond `recover` — then send one packet of marked
   * chunks at once, whatever cwnd allows.
   */
  private fastRetransmit(htnaOnly: boolean): 'cut' | 'no-cut' | 'htna' {
    const p = this.path;
    p.ccApplied = false;
    for (const c of this.queue) {
      if (c.marked === Mark.none || p.ccApplied) continue;
      if (this.variant.fastRecovery && c.tsn <= this.recover) continue;
      p.ssthresh = halvedSsthresh(this.variant, p.cwnd, this.mtu);
      p.cwnd = p.ssthresh;
      p.partialBytesAcked = 0;
      p.ccApplied = true;
      p.rtoPending = false; // no RTT sample across a loss (ns-2, after Baucke)
      if (this.variant.fastRecovery) {
        this.recover = this.highestOutstandingTsn();
        this.inRecovery = true;
      }
    }
    // One episode per cwnd cut: retransmissions within New-Reno SCTP's recovery are not new ones.
    if (p.ccApplied) this.fastRetransmits++;
    if (this.markedPending) this.retransmitMarked('one');
    this.noteMarked();
    if (p.ccApplied) return 'cut';
    return htnaOnly ? 'htna' : 'no-cut';
  }

  private highestOutstandingTsn(): number {
    let h = 0;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const c = this.queue[i]!;
      if (c.marked === Mark.none) {
        h = c.tsn;
        break;
      }
    }
    if (h < this.highestTsnSent) h = this.highestTsnSent;
    else this.highestTsnSent = h;
    return h;
  }

  /** Mark a chunk for retransmission (ns-2 MarkChunkForRtx; RFC 2960 §6.2.1 C1). */
  mark(c: Chunk, why: Mark): void {
    if (c.marked === Mark.none) c.path.markedBytes += c.bytes;
    c.marked = why;
    this.peerRwnd += c.bytes; // §6.2.1 C1
    this.markedPending = true;
  }

  private anyMarked(): boolean {
    return this.queue.some((c) => c.marked !== Mark.none);
  }

  // ------------------------------------------------------------------ output
  /** Under `ns2` rules, after marking: the flight RFC 4960 would count without marked chunks. */
  private noteMarked(): void {
    const p = this.path;
    if (p.markedBytes > 0) this.noteRfc('rfc.sctp-marked-outstanding', p.outstanding - p.markedBytes);
  }

  /**
   * ns-2 RtxMarkedChunks: retransmit marked chunks, one per packet — either exactly one packet
   * (fast retransmit, timeout: sent at once, outside cwnd) or as many as cwnd allows, with the
   * marked chunks not counted as outstanding meanwhile (RFC 2960 §6.1 C, §7.2.4 step 3) — ns-2
   * subtracts them here and adds the unsent ones back at the end: `inFlight` below.
   */
  private retransmitMarked(limit: 'one' | 'cwnd'): void {
    const p = this.path;
    this.burstLength = 0;
    const inFlight = () => p.outstanding - p.markedBytes;
    let firstOutstanding: Chunk | null = null;
    let i = 0;
    let sent = 0;
    const q = this.queue;
    while (i < q.length && (limit === 'one' ? sent < 1 : inFlight() < p.cwnd)) {
      let chunk: Chunk | null = null;
      for (; i < q.length; i++) {
        const c = q[i]!;
        if (!firstOutstanding && !c.gapAcked) firstOutstanding = c;
        if (c.marked === Mark.none) continue;
        if (chunk) break; // one chunk per packet
        if (this.pr.beforeRetransmit(c)) continue; // RFC 3758 §3.5: abandoned, not resent
        if (p.rtoPending && c.txTime !== NOT_TIMED) {
          c.txTime = NOT_TIMED; // Karn: a retransmitted chunk does not time the round trip
          p.rtoPending = false;
        }
        if (firstOutstanding === c && inFlight() > 0) this.startT3(); // §6.3.2 / §7.2.4.4
        c.transmissions++;
        c.marked = Mark.none;
        p.markedBytes -= c.bytes; // in flight again (it stayed in `outstanding`)
        this.peerRwnd -= c.bytes;
        chunk = c;
      }
      if (!chunk) break;
      this.transmit(chunk);
      if (!p.t3Running) this.startT3();
      sent++;
      p.degrade.resched(p.rto);
      if (this.maxBurst > 0 && this.applyMaxBurst && this.burstLength++ >= this.maxBurst) {
        this.applyMaxBurst = false;
        break;
      }
    }
    this.markedPending = this.anyMarked();
  }

  /**
   * ns-2 SendMuch: new DATA chunks while outstanding < cwnd — the sender may exceed cwnd by up
   * to MTU − 1 bytes (RFC 2960 §6.1 B, Implementer's Guide) — and while the peer's rwnd allows
   * (§6.1 A, with a one-chunk probe when nothing is outstanding). Max.Burst as ns-2 applies it.
   */
  sendMuch(): void {
    const p = this.path;
    let sentAny = false;
    const limit = this.feed.limit(); // the application's offered TSNs (ns-2 sAppLayerBuffer)
    while (this.flight < p.cwnd && this.nextTsn < limit) {
      if (this.chunkBytes <= this.peerRwnd) {
        if (this.maxBurst > 0 && this.applyMaxBurst && this.burstLength++ >= this.maxBurst) {
          this.applyMaxBurst = false;
          break;
        }
      } else if (this.flight !== 0) {
        break;
      }
      this.sendNewChunk();
      sentAny = true;
    }
    if (sentAny) p.degrade.resched(p.rto);
    this.burstLength = 0;
  }

  private sendNewChunk(): void {
    const p = this.path;
    const c: Chunk = {
      tsn: ++this.nextTsn,
      bytes: this.chunkBytes,
      gapAcked: false,
      addedToPba: false,
      missingReports: 0,
      marked: Mark.none,
      ineligibleForFastRtx: false,
      transmissions: 1,
      txTime: NOT_TIMED,
      path: p,
    };
    if (!p.rtoPending) {
      c.txTime = this.sched.now;
      p.rtoPending = true;
    }
    this.queue.push(c);
    p.outstanding += c.bytes;
    this.peerRwnd = c.bytes <= this.peerRwnd ? this.peerRwnd - c.bytes : 0;
    if (!p.t3Running) this.startT3(); // §6.3.2 R1
    this.transmit(c);
  }

  private transmit(c: Chunk): void {
    const retx = c.transmissions > 1;
    const pkt = dataPacket(this.net.newUid(), this.cfg, this.node, c.path.node, c.tsn, retx, this.sched.now);
    this.packetsSent++;
    if (retx) this.retransmissions++;
    if (this.sentInDecision++ === 0) this.firstSentInDecision = c.tsn;
    this.log.sent(c.tsn);
    this.net.send(pkt);
  }

  /** The application offered more: SendMuch unless marked chunks wait (RFC 2960 §6.1 C). */
  sendNew(): void {
    if (!this.markedPending) this.sendMuch();
  }

  /** A fresh packet uid. */
  newUid(): number {
    return this.net.newUid();
  }

  /** Send a control packet built by the association. */
  sendControl(pkt: Packet): void {
    this.net.send(pkt);
  }

  // ------------------------------------------------------------------ timers and RTT
  startT3(): void {
    this.path.t3.resched(this.path.rto);
    this.path.t3Running = true;
  }

  stopT3(): void {
    this.path.t3.cancel();
    this.path.t3Running = false;
  }

  /** An RTT measurement from a chunk (or HEARTBEAT) sent at txTime (RFC 2960 §6.3.1). */
  rttUpdate(txTime: number): void {
    rttSample(this.path, this.sched.now - txTime, this.cfg.minRtoS);
  }

  /** Back off the RTO (RFC 2960 §6.3.3 E2). */
  backoffRto(): void {
    backoffRto(this.path);
  }

  /** T3-rtx expiry (RFC 2960 §6.3.3, §7.2.3; ns-2 Timeout + TimeoutRtx; rules.ts 5). */
  private onT3Expiry(): void {
    const p = this.path;
    this.begin();
    this.rule('sctp.rto');
    p.t3Running = false;
    const cut = t3Cut(p, this.variant, this.mtu, this.rules);
    if (cut) {
      p.ssthresh = cut.ssthresh;
      p.cwnd = cut.cwnd;
      p.partialBytesAcked = 0;
    } else {
      // RFC 4960 §6.3.3 E1 cuts at cwnd ≤ 1 MTU too (a second timeout in a row).
      const alt = t3Cut(p, this.variant, this.mtu, 'rfc')!;
      if (alt.ssthresh !== p.ssthresh) this.noteRfc('rfc.sctp-rto-ssthresh', alt.ssthresh);
    }
    p.degrade.cancel();
    p.rtoPending = false;
    this.backoffRto();
    this.timeouts++;
    p.errorCount++;
    this.assocErrors++;
    if (this.assocErrors > ASSOCIATION_MAX_RETRANS) {
      this.abort();
      this.end('sctp.abort', TriggerKind.rto);
      return;
    }
    this.pr.onT3(); // RFC 3758 §3.5: abandon expired chunks before marking
    for (const c of this.queue) {
      if (c.gapAcked) continue;
      this.mark(c, Mark.timeout);
      c.missingReports = 0;
    }
    this.timedOut = this.markedPending;
    if (this.markedPending) this.retransmitMarked('one');
    this.noteMarked();
    this.end('sctp.rto', TriggerKind.rto);
  }

  /** Cwnd validation while idle (RFC 2960 §7.2.1; ns-2 CwndDegradeTimer, above 2·MTU). */
  private onDegrade(): void {
    const p = this.path;
    const cwnd = Math.max(Math.trunc(p.cwnd / 2), this.variant.ssthreshFloorMtus * this.mtu);
    // An idle application's path at the floor: no row per RTO (bulk keeps its rows).
    if (p.cwnd > 2 * this.mtu && (cwnd !== p.cwnd || !this.feed.finite)) {
      this.begin();
      this.rule('sctp.cwnd-degrade');
      p.cwnd = cwnd;
      this.end('sctp.cwnd-degrade', TriggerKind.rto);
    }
    p.degrade.resched(p.rto);
  }

  /** Close the association (RFC 2960 §8.1). */
  abort(): void {
    this.aborted = true;
    this.rule('sctp.abort');
    this.path.t3.cancel();
    this.path.t3Running = false;
    this.path.degrade.cancel();
    this.assoc.close();
  }
}
