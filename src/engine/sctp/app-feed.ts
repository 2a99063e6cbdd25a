import { BULK_SOURCE } from '../app/bulk';
import type { AppSource } from '../app/source';
import { TriggerKind } from '../trace/types';
import type { SctpShell } from './shell';
import { SctpShutdown } from './shutdown';

/**
 * How the SCTP sender takes its data from the application (app/source.ts), as ns-2.35's
 * SctpAgent does from its application-layer buffer (sendmsg → sAppLayerBuffer; SendMuch sends
 * while `eDataSource == DATA_SOURCE_INFINITE || sAppLayerBuffer.uiLength != 0`): new TSNs only up
 * to offered() (TSN = packet number); when the application offers more, SendMuch runs as
 * sendmsg does; when every offered TSN is acknowledged the source is told (drained()), and a
 * finished source's association shuts down (shutdown.ts).
 *
 * Idle rules: ns-2's CwndDegradeTimer (sender.ts onDegrade: per RTO without new data, cwnd above
 * initialCwnd_ MTUs halves, not below 4 MTUs — RFC 4960 §7.2.1's "adjusted to max(cwnd/2,
 * 4·MTU) per RTO") is the same under both rule sets; the T3-rtx timer stops once all is
 * acknowledged (§6.3.2 R2).
 */
export class SctpAppFeed {
  readonly app: AppSource;
  readonly shutdown: SctpShutdown;
  /** Data may flow (the association is established). */
  dataStarted = false;
  private drainedAt = 0;
  /** Whether the application offers a finite amount (false for bulk). */
  readonly finite: boolean;

  constructor(
    private readonly s: SctpShell,
    app: AppSource | undefined,
  ) {
    this.app = app ?? BULK_SOURCE;
    this.finite = this.app.offered() !== Infinity;
    this.shutdown = new SctpShutdown(s);
  }

  start(): void {
    this.app.start(() => this.onWake());
    this.s.pr.noteOffered(this.app.offered(), this.s.sched.now);
  }

  /**
   * Highest TSN the application has offered (Infinity for bulk). With PR-SCTP timed reliability,
   * messages at the head of the send queue whose lifetime has expired are abandoned here, before
   * a TSN would be assigned to them (RFC 3758 §4.1 TR3; pr-sctp.ts).
   */
  limit(): number {
    const offered = this.app.offered();
    this.s.pr.beforeNewTsns(offered);
    return offered;
  }

  /** SHUTDOWN is out: SACKs no longer matter. */
  get closing(): boolean {
    return this.shutdown.sent;
  }

  private onWake(): void {
    const s = this.s;
    // PR-SCTP: a message's lifetime starts when the application offers it (RFC 3758 §4.1).
    s.pr.noteOffered(this.app.offered(), s.sched.now);
    if (!this.dataStarted || this.shutdown.sent) return;
    if (s.inDecision) {
      s.sendNew();
      return;
    }
    const sent = s.packetsSent;
    const abandoned = s.pr.abandoned;
    s.begin();
    s.rule('sctp.app-send');
    s.sendNew();
    // Messages whose lifetime expired before they could be sent were abandoned (TR3).
    if (s.pr.abandoned !== abandoned) s.rule('sctp.pr-abandon');
    if (s.packetsSent !== sent || s.pr.abandoned !== abandoned)
      s.end('sctp.app-send', TriggerKind.app);
    else s.inDecision = false;
  }

  /** Inside a SACK's decision, after it was processed: drained, shutdown, app-limited. */
  afterSack(sentBefore: number): void {
    if (!this.finite) return;
    const s = this.s;
    const offered = this.app.offered();
    const limited = s.nextNewTsn > offered && s.packetsSent === sentBefore && s.queue.length === 0;
    if (offered === 0 || s.cumAckPoint < offered) return;
    if (offered > this.drainedAt) {
      this.drainedAt = offered;
      this.app.drained();
    }
    if (this.app.finished() && this.app.offered() === offered) this.shutdown.begin();
    else if (limited) s.rule('sctp.app-limited');
  }
}
