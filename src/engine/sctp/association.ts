import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Network } from '../net/network';
import { NO_BLOCKS, type Packet } from '../net/packet';
import { TriggerKind } from '../trace/types';
import { PacketType } from '../trace/types';
import { controlPacketBytes, MAX_INIT_RETRANSMITS, type ControlLabel } from './chunks';
import type { SackPacket } from './receiver';
import type { SctpSender } from './sender';

/**
 * Association setup on the sender side (RFC 2960 §5.1): INIT → INIT-ACK → COOKIE-ECHO →
 * COOKIE-ACK, with the T1-init and T1-cookie timers (§5.1 A, C; retransmit with a doubled RTO,
 * give up after Max.Init.Retransmits). Then, as ns-2.35 does (RFC 4960 §5.4 path verification),
 * one HEARTBEAT confirms the path and gives the first RTT sample before data flows; set
 * FlowConfig.confirmPath false to skip it. Without a handshake the sender starts at once.
 */
export class Association {
  private state: 'closed' | 'cookie-wait' | 'cookie-echoed' | 'confirming' | 'established' =
    'closed';
  private readonly t1: Timer;
  private readonly hbTimer: Timer;
  private tries = 0;
  private peerRwnd = 0;

  constructor(
    private readonly s: SctpSender,
    private readonly cfg: FlowConfig,
    private readonly sched: Scheduler,
    private readonly net: Network,
  ) {
    this.t1 = new Timer(sched, () => this.onT1());
    this.hbTimer = new Timer(sched, () => this.onHeartbeatTimeout());
    if (!cfg.handshake) this.state = 'established';
  }

  get established(): boolean {
    return this.state === 'established';
  }

  /** Send INIT (RFC 2960 §5.1 A). */
  open(): void {
    this.state = 'cookie-wait';
    this.send('INIT');
    this.t1.resched(this.s.path.rto);
  }

  close(): void {
    this.t1.cancel();
    this.hbTimer.cancel();
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
      this.t1.resched(this.s.path.rto);
    } else if (this.state === 'cookie-echoed' && p.label === 'COOKIE-ACK') {
      this.t1.cancel();
      if (this.cfg.confirmPath === false) {
        this.state = 'established';
        this.s.beginData(this.peerRwnd);
        return;
      }
      this.s.rule('sctp.established');
      this.state = 'confirming';
      this.sendHeartbeat();
    } else if (this.state === 'confirming' && p.label === 'HEARTBEAT-ACK') {
      this.hbTimer.cancel();
      this.s.rttUpdate(p.tsEcho); // RFC 2960 §8.3: the HEARTBEAT-ACK gives an RTT sample
      this.state = 'established';
      this.s.beginData(this.peerRwnd);
    }
  }

  private sendHeartbeat(): void {
    this.send('HEARTBEAT');
    this.hbTimer.resched(this.s.path.rto);
  }

  private onT1(): void {
    if (++this.tries > MAX_INIT_RETRANSMITS) {
      this.s.begin();
      this.s.abort();
      this.s.end('sctp.abort', TriggerKind.rto);
      return;
    }
    this.s.backoffRto();
    this.send(this.state === 'cookie-wait' ? 'INIT' : 'COOKIE-ECHO');
    this.t1.resched(this.s.path.rto);
  }

  private onHeartbeatTimeout(): void {
    this.s.backoffRto();
    this.sendHeartbeat();
  }

  private send(label: ControlLabel): void {
    const pkt: Packet = {
      uid: this.net.newUid(),
      flow: this.cfg.id,
      type: PacketType.control,
      src: this.s.node,
      dst: this.s.path.node,
      size: controlPacketBytes(label),
      seq: 0,
      retx: false,
      sentAt: this.sched.now,
      cumAck: 0,
      blocks: NO_BLOCKS,
      forSeq: 0,
      tsEcho: 0,
      label,
    };
    this.s.sendControl(pkt);
  }
}
