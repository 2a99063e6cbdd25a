import type { AppSource } from '../app/source';
import { BULK_SOURCE } from '../app/bulk';
import { TriggerKind } from '../trace/types';
import { TCP_APP_REASONS as R } from './app-reasons';
import { TcpClose } from './close';
import { TcpIdleRules } from './idle';
import type { TcpShell } from './shell';

/**
 * How a TCP sender takes its data from the application (app/source.ts), as ns-2's TcpAgent does
 * from curseq_: new packets only below limit() (sendmsg / advanceby raise it and call
 * send_much); when every offered packet is acknowledged the source is told (drained(), ns-2
 * finish()), and a finished source's transfer closes (close.ts). The idle and
 * application-limited rules of both rule sets are in idle.ts.
 */
export class TcpAppFeed {
  readonly app: AppSource;
  readonly close: TcpClose;
  readonly idle: TcpIdleRules;
  /** Data may flow (after the handshake, if any). */
  dataStarted = false;
  /** offered() when drained() was last called (drained once per level). */
  private drainedAt = 0;
  /** Whether limit() is finite at all (false for bulk: every check below is skipped). */
  private readonly finite: boolean;

  constructor(
    private readonly s: TcpShell,
    app: AppSource | undefined,
  ) {
    this.app = app ?? BULK_SOURCE;
    this.finite = this.app.offered() !== Infinity;
    this.close = new TcpClose(s);
    this.idle = new TcpIdleRules(s);
  }

  /** Start the application (at the flow's start, before any data). */
  start(): void {
    this.app.start(() => this.onWake());
  }

  /** ns-2 curseq_ (0-based seqnos below it may be sent): offered() plus ns-2's SYN segment. */
  limit(): number {
    const n = this.app.offered();
    return n > 0 && this.s.cfg.synSegment ? n + 1 : n;
  }

  /** The FIN is out: data ACKs no longer matter. */
  get closing(): boolean {
    return this.close.sent;
  }

  /** Last data packet sent, seconds (for RFC 5681 §4.1). */
  set lastSendS(t: number) {
    this.idle.lastSendS = t;
  }

  /** The application offered more (ns-2 sendmsg → send_much): send what the window allows. */
  private onWake(): void {
    const s = this.s;
    if (!this.dataStarted || this.close.sent) return;
    if (s.inDecision) {
      s.sendMore();
      return;
    }
    const sent = s.packetsSent;
    s.begin();
    const restarted = this.idle.beforeSend();
    s.sendMore();
    const validated = this.idle.afterSend(s.tSeqno >= this.limit());
    if (s.packetsSent !== sent || restarted || validated) s.end(R['tcp.app-send'], TriggerKind.app);
    else s.inDecision = false; // nothing happened: no decision row
  }

  /**
   * Inside an ACK's decision, after the variant's rules: app-limited, drained, close.
   * `sentBefore`: the sender's packetsSent before the ACK.
   */
  afterAck(sentBefore: number): void {
    if (!this.finite) return;
    const s = this.s;
    const limit = this.limit();
    const appLimited = s.tSeqno >= limit;
    this.idle.afterSend(appLimited);
    const offered = this.app.offered();
    // Named only for a plain new ACK that sent nothing though the window had room.
    const limitedHere =
      appLimited &&
      s.packetsSent === sentBefore &&
      s.dupacks === 0 &&
      !s.fastrecov &&
      s.dupwnd === 0 &&
      s.maxseq - s.highestAck < s.window();
    if (offered === 0 || s.highestAck < limit - 1) {
      if (limitedHere) s.rule(R['tcp.app-limited']);
      return;
    }
    // Everything offered is acknowledged (ns-2 recv_newack_helper: highest_ack_ >= curseq_ − 1).
    if (offered > this.drainedAt) {
      this.drainedAt = offered;
      this.app.drained();
    }
    if (this.app.finished() && this.app.offered() === offered) this.close.begin();
    else if (limitedHere) s.rule(R['tcp.app-limited']);
  }

  /** `ns2`, read at a timer expiry before the variant's rule: is it the idle timer? */
  idleAtTimeout(): boolean {
    return this.finite && this.s.rules === 'ns2' && this.idle.idleAtTimeout(this.limit());
  }

  /**
   * Read at a timer expiry before the variant's rule: data is outstanding and the application
   * has offered nothing beyond it (a lost tail: no duplicate ACKs can come).
   */
  tailAtTimeout(): boolean {
    const s = this.s;
    return this.finite && s.highestAck < s.maxseq && s.maxseq + 1 >= this.limit();
  }

  /** `ns2`: name the idle expiry's cwnd = 1 as ns-2's slow-start restart. */
  ns2IdleRestart(): void {
    this.s.rule(R['tcp.idle-restart-ns2']);
  }

  /** `rfc`: with everything acknowledged and nothing more offered, the timer stops (RFC 6298 §5.2). */
  timerOffWhenIdle(ackSeqno: number): boolean {
    const s = this.s;
    return this.finite && s.rules === 'rfc' && ackSeqno >= s.maxseq && s.tSeqno >= this.limit();
  }

  /** The receiver's FIN-ACK. */
  onFinAck(event: number): void {
    this.close.onFinAck(event);
  }
}
