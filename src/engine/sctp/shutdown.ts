import { Timer } from '../core/scheduler';
import { NO_BLOCKS, type Packet } from '../net/packet';
import { PacketType, TriggerKind } from '../trace/types';
import { controlPacketBytes, type ControlLabel } from './chunks';
import type { SctpShell } from './shell';

/**
 * The graceful close of a finite transfer (RFC 4960 §9.2), sender side: once the application is
 * finished and every TSN is acknowledged, the sender stops its T3-rtx and cwnd-degrade timers,
 * sends SHUTDOWN (carrying the Cumulative TSN Ack) and starts T2-shutdown with the path's RTO;
 * the peer answers SHUTDOWN-ACK; the sender sends SHUTDOWN-COMPLETE and is closed — no timer
 * runs and nothing is sent after it. A T2-shutdown expiry sends SHUTDOWN again and backs off the
 * RTO (§9.2, §6.3.3 E2). The peer's own T2 (resending SHUTDOWN-ACK if the COMPLETE is lost) is
 * not modelled: the sender's retransmitted SHUTDOWN recovers the loss of either of the first two.
 *
 * ns-2.35's Agent/SCTP defines the chunk types but implements no shutdown: the engine matches
 * its DATA and SACK events and models the close after them.
 */
export class SctpShutdown {
  /** SHUTDOWN sent (all data acknowledged; SACKs are ignored from now on). */
  sent = false;
  /** SHUTDOWN-COMPLETE sent: the association is closed. */
  done = false;
  private timer: Timer | null = null;

  constructor(private readonly s: SctpShell) {}

  /** Inside the decision of the SACK that acknowledged everything: send SHUTDOWN. */
  begin(): void {
    const s = this.s;
    const p = s.pm.txPath;
    this.sent = true;
    s.stopPathTimers();
    s.hb.stop();
    s.rule('sctp.shutdown');
    this.timer = new Timer(s.sched, () => this.onT2());
    this.send('SHUTDOWN');
    this.timer.resched(p.rto);
  }

  private onT2(): void {
    const s = this.s;
    s.begin();
    s.rule('sctp.shutdown-rtx');
    const p = s.pm.txPath;
    s.backoffRto(p);
    this.send('SHUTDOWN');
    this.timer!.resched(p.rto);
    s.end('sctp.shutdown-rtx', TriggerKind.rto);
  }

  /** A control packet reached the sender: SHUTDOWN-ACK completes the close. */
  onControl(p: Packet, event: number): boolean {
    if (p.label !== 'SHUTDOWN-ACK') return false;
    if (!this.sent || this.done) return true;
    const s = this.s;
    this.done = true;
    this.timer?.cancel();
    s.begin();
    s.rule('sctp.shutdown-complete');
    this.send('SHUTDOWN-COMPLETE');
    s.end('sctp.shutdown-complete', TriggerKind.ack, s.cumAckPoint, 0, event);
    return true;
  }

  private send(label: ControlLabel): void {
    const s = this.s;
    s.sendControl({
      uid: s.newUid(),
      flow: s.cfg.id,
      type: PacketType.control,
      src: s.pm.txPath.src,
      dst: s.pm.txPath.node,
      size: controlPacketBytes(label),
      seq: 0,
      retx: false,
      sentAt: s.sched.now,
      // SHUTDOWN's Cumulative TSN Ack acknowledges the DATA its sender received (RFC 4960
      // §3.3.8): none flows this way, so it is the peer's initial TSN − 1 = 0.
      cumAck: 0,
      blocks: NO_BLOCKS,
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
      label,
    });
  }
}
