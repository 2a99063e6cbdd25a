import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Network } from '../net/network';
import { NO_BLOCKS, type Packet } from '../net/packet';
import { TriggerKind } from '../trace/types';
import { PacketType } from '../trace/types';
import { controlPacketBytes, MAX_INIT_RETRANSMITS, type ControlLabel } from './chunks';
import type { SctpPath } from './path';
import type { SackPacket } from './receiver';
import type { SctpShell } from './shell';

/**
 * Association setup on the sender side (RFC 2960 §5.1): INIT → INIT-ACK → COOKIE-ECHO →
 * COOKIE-ACK, with the T1-init and T1-cookie timers (§5.1 A, C; retransmit with a doubled RTO,
 * give up after Max.Init.Retransmits). Then, as ns-2.35 does (RFC 4960 §5.4 path verification),
 * one HEARTBEAT per destination address confirms each path and gives its first RTT sample;
 * data flows once every path is confirmed (ns-2 ProcessChunk, "more conservative than the RFC");
 * an unanswered confirmation HEARTBEAT is resent after the path's RTO, doubled. Set
 * FlowConfig.confirmPath false to skip it. Without a handshake the sender starts at once.
 * INIT and COOKIE-ECHO go to the primary path and time out on its RTO (ns-2 spPrimaryDest).
 */
export class Association {
  private state: 'closed' | 'cookie-wait' | 'cookie-echoed' | 'confirming' | 'established' =
    'closed';
  private readonly t1: Timer;
  /** One confirmation HEARTBEAT timer per path. */
  private readonly hbTimers: Timer[];
  /** Paths whose confirmation HEARTBEAT is answered. */
  private readonly confirmed: boolean[];
  private tries = 0;
  private peerRwnd = 0;

  constructor(
    private readonly s: SctpShell,
    private readonly cfg: FlowConfig,
    private readonly sched: Scheduler,
    private readonly net: Network,
  ) {
    this.t1 = new Timer(sched, () => this.onT1());
    this.hbTimers = s.paths.map((p) => new Timer(sched, () => this.onHeartbeatTimeout(p)));
    this.confirmed = s.paths.map(() => false);
    if (!cfg.handshake) this.state = 'established';
  }

  get established(): boolean {
    return this.state === 'established';
  }

  /** Send INIT (RFC 2960 §5.1 A). */
  open(): void {
    this.state = 'cookie-wait';
    this.send('INIT');
    this.t1.resched(this.s.pm.primary.rto);
  }

  close(): void {
    this.t1.cancel();
    for (const t of this.hbTimers) t.cancel();
    this.state = 'closed';
  }

  onControl(p: SackPacket): void {
    if (this.state === 'cookie-wait' && p.label === 'INIT-ACK') {
      this.t1.cancel();
      this.peerRwnd = p.rwnd; // a_rwnd of the INIT-ACK
      this.s.peerRwnd = p.rwnd;
      this.s.rule('sctp.cookie-echo');
      this.state = 'cookie-echoed';
      this.send('COOKIE-ECHO');
      this.t1.resched(this.s.pm.primary.rto);
    } else if (this.state === 'cookie-echoed' && p.label === 'COOKIE-ACK') {
      this.t1.cancel();
      if (this.cfg.confirmPath === false) {
        this.state = 'established';
        this.s.beginData(this.peerRwnd);
        return;
      }
      this.s.rule('sctp.established');
      this.state = 'confirming';
      for (const path of this.s.paths) this.sendHeartbeat(path);
    } else if (this.state === 'confirming' && p.label === 'HEARTBEAT-ACK') {
      const path = this.s.pm.pathOfNode(p.hbDst ?? p.src); // the address HEARTBEATed
      if (!path || this.confirmed[path.index]) return;
      this.hbTimers[path.index]!.cancel();
      this.confirmed[path.index] = true;
      this.s.rttUpdate(p.tsEcho, path); // RFC 2960 §8.3: the HEARTBEAT-ACK gives an RTT sample
      if (this.confirmed.every(Boolean)) {
        this.state = 'established';
        this.s.beginData(this.peerRwnd);
      }
    }
  }

  private sendHeartbeat(path: SctpPath): void {
    path.lastSentAt = this.sched.now;
    this.sendTo(path, 'HEARTBEAT');
    this.hbTimers[path.index]!.resched(path.rto);
  }

  private onT1(): void {
    if (++this.tries > MAX_INIT_RETRANSMITS) {
      this.s.begin();
      this.s.abort();
      this.s.end('sctp.abort', TriggerKind.rto);
      return;
    }
    this.s.backoffRto(this.s.pm.primary);
    this.send(this.state === 'cookie-wait' ? 'INIT' : 'COOKIE-ECHO');
    this.t1.resched(this.s.pm.primary.rto);
  }

  private onHeartbeatTimeout(path: SctpPath): void {
    this.s.backoffRto(path);
    this.sendHeartbeat(path);
  }

  /** A setup chunk to the primary path. */
  private send(label: ControlLabel): void {
    this.sendTo(this.s.pm.primary, label);
  }

  /** A control chunk to path `path`, from its source address (time-stamped for HEARTBEAT). */
  sendTo(path: SctpPath, label: ControlLabel): void {
    const pkt: Packet = {
      uid: this.net.newUid(),
      flow: this.cfg.id,
      type: PacketType.control,
      src: path.src,
      dst: path.node,
      size: controlPacketBytes(label),
      seq: 0,
      retx: false,
      sentAt: this.sched.now,
      cumAck: 0,
      blocks: NO_BLOCKS,
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
      label,
    };
    this.s.sendControl(pkt);
  }
}
