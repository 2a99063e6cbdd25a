import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Endpoint, Network } from '../net/network';
import type { Packet } from '../net/packet';
import type { TraceSink } from '../trace/sink';
import { DecisionLog } from '../trace/decision-log';
import { PacketType, TriggerKind, type Phase } from '../trace/types';
import { Association } from './association';
import { sctpDecisionSource, type SctpReportedState } from './decision-source';
import {
  DEFAULT_SSTHRESH_BYTES,
  chunkBytesOf,
  chunkLengthOf,
  initialRwndOf,
  mtuUnitOf,
  paddedChunkBytes,
} from './chunks';
import { Mark, type Chunk } from './queue';
import { sackRule } from './sack-outcome';
import { newPath, type SctpPath } from './path';
import { backoffRto, rttSample } from './rto';
import { SctpPathManager } from './path-manager';
import { SctpHeartbeats, type HeartbeatHost } from './heartbeat';
import { sendMuch } from './output';
import { processSack } from './sack';
import { onDegrade, onT3Expiry } from './path-timers';
import type { SctpReasonCode } from './reasons';
import type { SctpShell } from './shell';
import type { SackPacket } from './receiver';
import { rfc4960InitialCwnd, type SctpVariant } from './variant';
import { cmtOps, type SctpCongestionOps } from './congestion';
import { cwndUnitOf, flightOf, rfcInitialCwndIfDifferent, type SctpRules } from './rules';
import type { NoteCode } from '../trace/notes';
import type { AppSource } from '../app/source';
import { SctpAppFeed } from './app-feed';
import { PrSctp } from './pr-sctp';
import { CmtState } from './cmt';
import { cmtPathBack } from './cmt-output';

/**
 * The SCTP sender shell (RFC 2960 §6–§7 as ns-2.35's sctp.cc implements it, one TSN per packet,
 * fed by the flow's application: app-feed.ts, shutdown.ts). It owns the retransmission queue,
 * the paths — one per destination address, each with its cwnd, ssthresh, partial_bytes_acked,
 * outstanding bytes, RTO, T3-rtx timer, error counter and state (path.ts; multi-homing, failover
 * and the error counters in path-manager.ts, HEARTBEATs in heartbeat.ts) — the peer's rwnd and
 * Max.Burst, and records every decision. What goes on the wire is output.ts. The variant (variants.ts) decides which of
 * Original SCTP's and New-Reno SCTP's rules apply; FlowConfig.rules whether sctp.cc's window
 * arithmetic or RFC 4960's applies where they differ (rules.ts). Under `ns2` a decision whose
 * outcome RFC 4960 would change carries a note (trace/notes.ts `rfc.sctp-*`).
 *
 * Units: bytes for windows (cwnd, ssthresh, outstanding), TSN = packet number (1-based).
 * Decisions and samples report windows in packets (bytes / MTU) plus the byte values. The MTU
 * (the congestion-control unit) is the chunk size unless FlowConfig.pathMtuBytes says otherwise;
 * a chunk always counts its own size in outstanding data.
 */
export class SctpSender implements Endpoint, SctpReportedState, HeartbeatHost, SctpShell {
  /** Node index of the first source address (FlowConfig.srcAddrs[0], else src). */
  readonly node: number;
  /** One path per destination address; paths[0] is the primary (path-manager.ts). */
  readonly paths: SctpPath[];
  /** Path states, error counters, failover and path events. */
  readonly pm: SctpPathManager;
  /** HEARTBEATs on idle paths of a multi-homed association (RFC 4960 §8.3). */
  readonly hb: SctpHeartbeats;
  /**
   * MTU for congestion control in bytes (rules.ts cwndUnitOf): ns-2's uiMaxDataSize =
   * pathMtuBytes − 32 under `ns2`, pathMtuBytes under `rfc`; the DATA chunk size if unset.
   */
  readonly mtu: number;
  /** sctp.cc's window arithmetic or RFC 4960's where they differ (rules.ts). */
  readonly rules: SctpRules;
  /** Bytes a whole DATA chunk counts in outstanding data and in the peer's rwnd (ns-2 chunk
   * length usLength): mssBytes + dataChunkHeaderBytes (a file's last chunk may be shorter:
   * chunks.ts chunkLengthOf). */
  readonly chunkBytes: number;
  /** Missing reports that trigger a fast retransmit (FlowConfig.dupackThreshold). */
  readonly threshold: number;
  /** Max.Burst in packets (0 = off). */
  readonly maxBurst: number;
  private readonly assoc: Association;
  /** The application, its drain and the shutdown (app-feed.ts). */
  readonly feed: SctpAppFeed;
  /** PR-SCTP timed reliability (pr-sctp.ts; RFC 3758); inert without FlowConfig.prLifetimeS. */
  readonly pr: PrSctp;
  /** Concurrent Multipath Transfer state (cmt.ts; FlowConfig.cmt), else null. */
  readonly cmt: CmtState | null;
  /** The variant's congestion ops (congestion.ts), with CMT's cuts under CMT. */
  readonly cc: SctpCongestionOps;
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
  /** In New-Reno SCTP's fast recovery (sack.ts). */
  inRecovery = false;
  /** Highest TSN sent, kept across recoveries (sack.ts highestOutstandingTsn). */
  highestTsnSent = 0;
  /** The retransmission queue, lowest TSN first. */
  readonly queue: Chunk[] = [];
  /** The peer's receiver window as the sender tracks it (RFC 2960 §6.2.1). */
  peerRwnd = 0;
  /** Max.Burst applies to the next burst (ns-2 eApplyMaxBurst; output.ts). */
  applyMaxBurst = false;
  /** Packets in the current burst (ns-2 uiBurstLength; output.ts). */
  burstLength = 0;
  /** Some chunk waits for retransmission (ns-2 eMarkedChunksPending). */
  markedPending = false;
  private aborted = false;
  /** Chunks marked by a T3-rtx expiry wait (phase rto-recovery). */
  timedOut = false;

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
  sentInDecision = 0;
  private firstSentInDecision = 0;
  /** A note is attached to the current decision (the first one wins). */
  private noted = false;

  constructor(
    readonly cfg: FlowConfig,
    readonly variant: SctpVariant,
    readonly sched: Scheduler,
    private readonly net: Network,
    private readonly rec: TraceSink,
    app?: AppSource,
    /** SimConfig.seed, for the HEARTBEAT jitter stream. */
    seed = 0,
    /** Source node of each path (flow.ts); default: the first source address for every path. */
    pathSources?: number[],
  ) {
    this.node = net.nodeIndex(cfg.srcAddrs?.[0] ?? cfg.src);
    this.chunkBytes = chunkBytesOf(cfg);
    this.rules = cfg.rules ?? 'ns2';
    this.mtu = cwndUnitOf(cfg, this.rules);
    if (mtuUnitOf(cfg) < this.chunkBytes) {
      // ns-2.35 refuses this too ("DATA chunk size too big!").
      throw new Error(
        `flow ${cfg.id}: a ${this.chunkBytes}-byte chunk does not fit in path MTU ${cfg.pathMtuBytes}`,
      );
    }
    this.threshold = cfg.dupackThreshold;
    this.maxBurst = cfg.maxburst;
    const dsts = cfg.dstAddrs && cfg.dstAddrs.length > 0 ? cfg.dstAddrs : [cfg.dst];
    this.paths = dsts.map((d, i) => {
      const path: SctpPath = newPath(
        i,
        net.nodeIndex(d),
        pathSources?.[i] ?? this.node,
        cfg.initialCwndBytes ?? Math.round(cfg.initialCwndPkts * this.mtu),
        cfg.initialSsthreshBytes ?? DEFAULT_SSTHRESH_BYTES,
        cfg.initialRtoS,
        new Timer(sched, () => onT3Expiry(this, path)),
        new Timer(sched, () => onDegrade(this, path)),
      );
      return path;
    });
    this.cmt = cfg.cmt ? new CmtState(this.paths) : null;
    this.cc = cfg.cmt ? cmtOps(variant.congestion) : variant.congestion;
    this.pm = new SctpPathManager(this.paths, cfg, this.rules, rec, () => sched.now);
    this.hb = new SctpHeartbeats(this.pm, this, sched, cfg, this.rules, seed);
    this.assoc = new Association(this, cfg, sched, net);
    this.feed = new SctpAppFeed(this, app);
    this.pr = new PrSctp(cfg, this);
    this.log = new DecisionLog<SctpReasonCode>(
      rec,
      sctpDecisionSource(this, cfg.id, () => sched.now),
    );
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
  noteRfc(code: NoteCode, value: number): void {
    if (this.rules !== 'ns2' || this.noted) return;
    this.noted = true;
    this.log.note(code, value);
  }

  /**
   * The path decisions and samples report (cwnd, ssthresh, partial_bytes_acked, RTO, flight):
   * the one new data goes to (the primary unless it failed over).
   */
  get path(): SctpPath {
    return this.pm.txPath;
  }

  /** Bytes in flight on the reported path as the rule set counts them (rules.ts flightOf). */
  get flight(): number {
    return flightOf(this.pm.txPath, this.rules);
  }

  /** Bytes in flight on path `p` as the rule set counts them (rules.ts flightOf). */
  flightOf(p: SctpPath): number {
    return flightOf(p, this.rules);
  }

  /** Bytes in flight on all paths (ns-2 TotalOutstanding; RFC 4960 §6.1 A, §6.2.1 D ii). */
  totalFlight(): number {
    let t = 0;
    for (const p of this.paths) t += flightOf(p, this.rules);
    return t;
  }

  end(fallback: SctpReasonCode, kind: TriggerKind, cumAck = 0, dupacks = 0, event = -1): void {
    this.inDecision = false;
    this.log.end(fallback, kind, cumAck, dupacks, event);
    this.pm.flushChanges();
  }

  /** HeartbeatHost: record path changes made outside a decision. */
  flushChanges(): void {
    this.pm.flushChanges();
  }

  get phase(): Phase {
    if (this.timedOut) return 'rto-recovery';
    if (this.inRecovery) return 'fast-recovery';
    const p = this.pm.txPath;
    return this.cc.inSlowStart(p) ? 'slow-start' : 'congestion-avoidance';
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
      if (p.label === 'HEARTBEAT-ACK' && this.assoc.established) {
        this.onHeartbeatAck(p, eventIndex);
        return;
      }
      this.begin();
      this.assoc.onControl(p as SackPacket);
      this.end('sctp.sack', TriggerKind.ack, this.cumAckPoint, 0, eventIndex);
      return;
    }
    if (p.type !== PacketType.ack || !this.assoc.established || this.feed.closing) return;
    this.begin();
    const sentBefore = this.packetsSent;
    const out = processSack(this, p as SackPacket);
    // ns-2 recv(): new data only when no chunk still waits for retransmission (RFC 2960 §6.1 C).
    if (!this.markedPending || this.cmt) sendMuch(this); // ns-2 CMT sends new data regardless
    this.feed.afterSack(sentBefore);
    if (!this.decisionRule) {
      const code = sackRule(out, (p as SackPacket).blocks.length > 0, this.variant.fastRecovery);
      if (code) this.rule(code);
    }
    // ns-2 SetSource: the SACK left from the address routing chose (a note of its own only when
    // the decision has none).
    if (p.arrivalSrc !== undefined) this.noteRfc('rfc.sctp-reply-source', p.arrivalSrc);
    // The count that triggered a fast retransmit is the retransmitted TSN's, not the first hole's.
    const frTsn =
      out.fastRetransmit !== 'none' && this.sentInDecision > 0
        ? this.firstSentInDecision
        : undefined;
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
    this.hb.start();
    // An initial cwnd above both RFCs' limits is the scenario's own: its row says so.
    const above = this.path.cwnd > Math.max(2 * this.mtu, rfc4960InitialCwnd(this.mtu));
    this.rule(above ? 'sctp.start-window' : 'sctp.start');
    const rfcCwnd = rfcInitialCwndIfDifferent(this.cfg, this.path.cwnd);
    if (rfcCwnd !== null) this.noteRfc('rfc.sctp-initial-cwnd', rfcCwnd);
    sendMuch(this);
  }

  /** Mark a chunk for retransmission (ns-2 MarkChunkForRtx; RFC 2960 §6.2.1 C1). */
  mark(c: Chunk, why: Mark): void {
    if (c.marked === Mark.none) c.path.markedBytes += c.bytes;
    c.marked = why;
    this.peerRwnd += c.bytes; // §6.2.1 C1
    this.markedPending = true;
  }

  /** Some chunk in the queue is marked for retransmission (ns-2 AnyMarkedChunks). */
  anyMarked(): boolean {
    return this.queue.some((c) => c.marked !== Mark.none);
  }

  /** Under `ns2` rules, after marking: the flight RFC 4960 would count without marked chunks. */
  noteMarked(): void {
    let marked = 0;
    let outstanding = 0;
    for (const p of this.paths) {
      marked += p.markedBytes;
      outstanding += p.outstanding;
    }
    if (marked > 0) this.noteRfc('rfc.sctp-marked-outstanding', outstanding - marked);
  }

  /** The application offered more: SendMuch unless marked chunks wait (RFC 2960 §6.1 C). */
  sendNew(): void {
    if (!this.markedPending) sendMuch(this);
  }

  /** The next new TSN, taken (output.ts). */
  /**
   * Bytes the next new chunk asks of the peer's rwnd (ns-2 GetNextDataChunkSize): its length
   * (chunks.ts chunkLengthOf; a file's last chunk is shorter), padded to 4 bytes.
   */
  nextChunkBytes(): number {
    return paddedChunkBytes(this.cfg, chunkLengthOf(this.cfg, this.nextTsn + 1));
  }

  takeTsn(): number {
    return ++this.nextTsn;
  }

  /** A fresh packet uid. */
  newUid(): number {
    return this.net.newUid();
  }

  /** Count a DATA transmission of `tsn` in the counters and the decision (output.ts). */
  countSent(tsn: number, retx: boolean): void {
    this.packetsSent++;
    if (retx) this.retransmissions++;
    if (this.sentInDecision++ === 0) this.firstSentInDecision = tsn;
    this.log.sent(tsn);
  }

  /** Send a packet to path `p`, recording its path when there is more than one. */
  sendOnPath(pkt: Packet, p: SctpPath): void {
    if (this.pm.multi) this.rec.packetPath(pkt.uid, p.index);
    this.net.send(pkt);
  }

  /** Send a control packet built by the association or the shutdown (to pkt.dst's path). */
  sendControl(pkt: Packet): void {
    const p = this.pm.pathOfNode(pkt.dst) ?? this.pm.primary;
    this.sendOnPath(pkt, p);
  }

  /** HeartbeatHost: a HEARTBEAT to path `p` (RFC 4960 §8.3), its send time echoed back. */
  sendHeartbeat(p: SctpPath): void {
    p.lastSentAt = this.sched.now;
    this.assoc.sendTo(p, 'HEARTBEAT');
  }

  /**
   * A HEARTBEAT-ACK on an established association (RFC 4960 §8.3): an RTT sample for its path,
   * the path's error counter cleared (an inactive path recovers, new data returns to the primary)
   * and the association's error count cleared (ns-2 ProcessHeartbeatAckChunk).
   */
  private onHeartbeatAck(pkt: Packet, eventIndex: number): void {
    const p = this.pm.pathOfNode(pkt.hbDst ?? pkt.src); // the address HEARTBEATed (§8.3)
    if (!p) return;
    this.begin();
    this.rule('sctp.heartbeat-ack');
    this.pm.assocErrors = 0;
    this.rttUpdate(pkt.tsEcho, p);
    this.hb.answered(p);
    p.errorCount = 0; // §8.3: the row carries the cleared count and the new RTO
    this.pm.event(
      p,
      'heartbeat-ack',
      pkt.arrivalSrc !== undefined
        ? { code: 'rfc.sctp-reply-source', value: pkt.arrivalSrc }
        : undefined,
    );
    const wasInactive = !p.active;
    this.pm.clear(p); // an inactive path recovers; new data returns to the primary
    // RFC 4960 §6.1: new data may flow at once on the path it returned to; ns-2's SctpAgent
    // recv() sends new data only after a SACK (eSendNewDataChunks), so under `ns2` it waits for
    // the next one — but its CMT agent sends when an inactive path is back (sctp-cmt.cc
    // ProcessChunk: cmt-output.ts cmtPathBack).
    if (this.cmt) {
      if (wasInactive && !this.feed.closing) cmtPathBack(this, this.cmt, p);
    } else if (this.rules === 'rfc' && !this.markedPending && !this.feed.closing) sendMuch(this);
    this.end('sctp.heartbeat-ack', TriggerKind.ack, this.cumAckPoint, 0, eventIndex);
  }

  // ------------------------------------------------------------------ timers and RTT
  /** (Re)start path `p`'s T3-rtx timer with its RTO (RFC 4960 §6.3.2). */
  startT3(p: SctpPath): void {
    p.t3.resched(p.rto);
    p.t3Running = true;
  }

  stopT3(p: SctpPath): void {
    p.t3.cancel();
    p.t3Running = false;
  }

  /** An RTT measurement on path `p` (default: the primary) from a chunk or HEARTBEAT sent at txTime (RFC 4960 §6.3.1). */
  rttUpdate(txTime: number, p: SctpPath = this.pm.primary): void {
    rttSample(p, this.sched.now - txTime, this.cfg.minRtoS, this.pm.maxRtoS);
  }

  /** Back off path `p`'s RTO (default: the primary), at most RTO.Max (RFC 4960 §6.3.3 E2). */
  backoffRto(p: SctpPath = this.pm.primary): void {
    backoffRto(p, this.pm.maxRtoS);
  }

  /** HeartbeatHost: unanswered HEARTBEATs exceeded Association.Max.Retrans (RFC 4960 §8.1). */
  abortByHeartbeat(): void {
    this.begin();
    this.abort();
    this.end('sctp.abort', TriggerKind.rto);
  }

  /** Stop every path's T3-rtx and cwnd-degrade timers (shutdown.ts, abort). */
  stopPathTimers(): void {
    for (const p of this.paths) {
      this.stopT3(p);
      p.degrade.cancel();
    }
  }

  /** Close the association (RFC 2960 §8.1). */
  abort(): void {
    this.aborted = true;
    this.rule('sctp.abort');
    this.stopPathTimers();
    this.hb.stop();
    this.pm.aborted();
    this.assoc.close();
  }
}
