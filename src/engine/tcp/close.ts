import { Timer } from '../core/scheduler';
import { TriggerKind } from '../trace/types';
import { TCP_APP_REASONS as R } from './app-reasons';
import { controlPacket } from './control';
import type { TcpShell } from './shell';

/** Longest FIN retransmission interval, seconds (RFC 6298 §2.5's upper bound, as the data RTO). */
const MAX_RTO_S = 60;

/**
 * The end of a finite transfer (RFC 793 §3.5): once the application is finished and every
 * offered packet is acknowledged, the sender stops its retransmission timer and sends a FIN (a
 * 40-byte control packet labelled 'FIN'); the receiver answers 'FIN-ACK'. A FIN without its ACK
 * within the RTO is sent again and the interval doubled (RFC 6298 §5.5), up to 60 s. After the
 * FIN-ACK nothing is sent and no timer runs.
 *
 * ns-2's one-way TCP has no FIN: its agent calls `finish()` (closed_ = 1) and keeps its
 * retransmission timer (which, with nothing outstanding, only restarts slow start). The engine
 * matches ns-2's data and ACK events and models the FIN after them.
 */
export class TcpClose {
  /** The FIN has been sent (data is all acknowledged; data ACKs are ignored from now on). */
  sent = false;
  /** The FIN is acknowledged: the connection is closed. */
  done = false;
  private timer: Timer | null = null;
  private rtoS = 0;

  constructor(private readonly s: TcpShell) {}

  /** Inside the decision of the ACK that acknowledged everything: send the FIN. */
  begin(): void {
    const s = this.s;
    this.sent = true;
    s.rtxTimer.cancel();
    s.rule(R['tcp.close']);
    this.rtoS = s.rtoSeconds();
    this.timer = new Timer(s.sched, () => this.onTimeout());
    this.sendFin();
  }

  private sendFin(): void {
    const s = this.s;
    const fin = controlPacket(s.net.newUid(), s.cfg.id, s.node, s.dst, 'FIN', s.sched.now);
    fin.seq = s.maxseq + 2; // the FIN's sequence number: one past the last data packet
    s.net.send(fin);
    this.timer!.resched(this.rtoS);
  }

  private onTimeout(): void {
    const s = this.s;
    s.begin();
    s.rule(R['tcp.fin-rto']);
    this.rtoS = Math.min(2 * this.rtoS, MAX_RTO_S);
    this.sendFin();
    s.end(R['tcp.fin-rto'], TriggerKind.rto);
  }

  /** The receiver's FIN-ACK: closed. A duplicate FIN-ACK changes nothing. */
  onFinAck(event: number): void {
    if (!this.sent || this.done) return;
    const s = this.s;
    this.done = true;
    this.timer?.cancel();
    s.begin();
    s.rule(R['tcp.closed']);
    s.end(R['tcp.closed'], TriggerKind.ack, s.highestAck + 1, 0, event);
  }

  /** The RTO the FIN is waiting on, seconds (0 before the FIN). */
  get finRtoS(): number {
    return this.rtoS;
  }
}
