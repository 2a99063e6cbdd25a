import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import { RandomStream } from '../core/streams';
import type { SctpPath } from './path';
import type { SctpPathManager } from './path-manager';
import { backoffRto } from './rto';
import type { SctpRules } from './rules';

/** RFC 4960 §15 HB.interval, seconds (ns-2 heartbeatInterval_ 30). */
export const HB_INTERVAL_S = 30;

/** What the heartbeats need from the sender (SctpSender implements it). */
export interface HeartbeatHost {
  /** Send a HEARTBEAT to path `p` (a control packet with its send time to echo). */
  sendHeartbeat(p: SctpPath): void;
  /** A path struck out the association (RFC 4960 §8.1): abort. */
  abortByHeartbeat(): void;
  /** After a heartbeat action outside a SACK's decision: record path changes. */
  flushChanges(): void;
}

/**
 * HEARTBEATs on idle paths of a multi-homed association (RFC 4960 §8.3). The timer that decides
 * when, run once data may flow, fires every RTO + HB.interval + δ, δ uniform in [−RTO/2, RTO/2)
 * (ns-2 CalcHeartbeatTime), drawn from the flow's seeded stream 'sctp.hb':
 *
 * - under `rfc` each path has its own timer (the path's RTO); when it fires and nothing (DATA or
 *   HEARTBEAT) was sent to the path since it was set (the path is idle) and no HEARTBEAT is
 *   unanswered there, a HEARTBEAT goes to the path and a timeout of one RTO starts;
 * - under `ns2` the association has one timer, as ns-2.35 (HeartbeatGenTimerExpiration): set with
 *   the primary's RTO when data may flow, then with the RTO of the path it looked at; when it
 *   fires it looks at the path idle the longest (the first listed on ties) and, if nothing was
 *   sent to it since the timer was set, sends it a HEARTBEAT — whether or not one is unanswered
 *   there (its timeout starts again);
 * - an unanswered HEARTBEAT is a strike on the path (error counter + 1, RTO doubled as ns-2's
 *   Timeout does, §8.3 "exponential backoff of the RTO if the previous HEARTBEAT is
 *   unanswered"); under `ns2` rules another HEARTBEAT goes at once (ns-2 Timeout →
 *   SendHeartbeat) and the path's timer runs on as armed; under `rfc` the timer is armed when
 *   the HEARTBEAT's outcome is known — its timeout (with the doubled RTO) or its HEARTBEAT-ACK
 *   (with the RTO of that RTT sample) — for RTO + HB.interval ± RTO/2 after the HEARTBEAT was
 *   sent, so the backoff applies to the very next HEARTBEAT (§8.3);
 * - a HEARTBEAT-ACK gives the path an RTT sample and clears its error counter (sender.ts).
 *
 * Single-homed associations send none (FlowConfig.hbIntervalS applies with more than one path);
 * HB.interval 0 turns them off.
 *
 * ns-2.35 has one heartbeat timer per association that heartbeats the destination idle the
 * longest (HeartbeatGenTimerExpiration); with one busy primary and idle alternates that is the
 * same cadence on the alternate, with several idle paths ns-2 serves them in turn.
 */
export class SctpHeartbeats {
  /** HB.interval, seconds; 0 = off. */
  readonly intervalS: number;
  readonly enabled: boolean;
  private readonly gen: Timer[];
  private readonly genStart: number[];
  private readonly timeout: Timer[];
  private readonly pending: boolean[];
  /** Per path: when its last HEARTBEAT went out, seconds. */
  private readonly sentAt: number[];
  private readonly rng: RandomStream | null;
  private running = false;
  /** `ns2`: the association's one timer and when it was set (ns-2 opHeartbeatGenTimer). */
  private readonly assocGen: Timer;
  private assocStart = 0;

  constructor(
    private readonly pm: SctpPathManager,
    private readonly host: HeartbeatHost,
    private readonly sched: Scheduler,
    cfg: FlowConfig,
    private readonly rules: SctpRules,
    seed: number,
  ) {
    this.intervalS = cfg.hbIntervalS ?? HB_INTERVAL_S;
    this.enabled = pm.multi && this.intervalS > 0;
    const paths = pm.paths;
    this.gen = paths.map((p) => new Timer(sched, () => this.onGen(p)));
    this.genStart = paths.map(() => 0);
    this.timeout = paths.map((p) => new Timer(sched, () => this.onTimeout(p)));
    this.pending = paths.map(() => false);
    this.sentAt = paths.map(() => 0);
    this.rng = this.enabled ? new RandomStream(seed, 'sctp.hb', cfg.id) : null;
    this.assocGen = new Timer(sched, () => this.onAssocGen());
  }

  /** Data may flow: start every path's timer (`ns2`: the association's, with the primary's RTO). */
  start(): void {
    if (!this.enabled) return;
    this.running = true;
    if (this.rules === 'ns2') this.armAssoc(this.pm.primary);
    else for (const p of this.pm.paths) this.arm(p);
  }

  /** The association ended: no more heartbeats. */
  stop(): void {
    this.running = false;
    this.assocGen.cancel();
    for (const t of this.gen) t.cancel();
    for (const t of this.timeout) t.cancel();
  }

  /** `ns2`: the association's timer, RTO + HB.interval ± RTO/2 with path `p`'s RTO. */
  private armAssoc(p: SctpPath): void {
    this.assocStart = this.sched.now;
    this.assocGen.resched(this.nextDelay(p));
  }

  /**
   * `ns2` (sctp.cc HeartbeatGenTimerExpiration): the path idle the longest — the earliest last
   * first transmission or HEARTBEAT, the first listed on ties — gets a HEARTBEAT if nothing went
   * to it since the timer was set; the timer is set again with that path's RTO.
   */
  private onAssocGen(): void {
    if (!this.running) return;
    let longest = this.pm.paths[0]!;
    for (const p of this.pm.paths) if (p.lastSentAt < longest.lastSentAt) longest = p;
    if (longest.lastSentAt <= this.assocStart) this.send(longest);
    this.armAssoc(longest);
    this.host.flushChanges();
  }

  /** RTO + HB.interval ± RTO/2 (RFC 4960 §8.3), seconds. */
  private nextDelay(p: SctpPath): number {
    return p.rto + this.intervalS + this.rng!.uniform() * p.rto - p.rto / 2;
  }

  private arm(p: SctpPath): void {
    this.genStart[p.index] = this.sched.now;
    this.gen[p.index]!.resched(this.nextDelay(p));
  }

  /**
   * `rfc`: the timer after a HEARTBEAT's outcome, RTO + HB.interval ± RTO/2 (the path's RTO
   * now) after the HEARTBEAT went out; at once if that is already past.
   */
  private armAfterOutcome(p: SctpPath): void {
    const sent = this.sentAt[p.index]!;
    this.genStart[p.index] = this.sched.now;
    this.gen[p.index]!.resched(Math.max(0, sent + this.nextDelay(p) - this.sched.now));
  }

  private onGen(p: SctpPath): void {
    if (!this.running) return;
    const idle = p.lastSentAt <= this.genStart[p.index]! && !this.pending[p.index];
    if (idle) this.send(p);
    // rfc: the next HEARTBEAT waits for this one's outcome (onTimeout, answered).
    if (!(idle && this.rules === 'rfc')) this.arm(p);
    this.host.flushChanges();
  }

  /** Send a HEARTBEAT to `p` now and time it out after one RTO. */
  send(p: SctpPath): void {
    if (!this.enabled || !this.running) return;
    this.pending[p.index] = true;
    this.sentAt[p.index] = this.sched.now;
    this.host.sendHeartbeat(p);
    this.pm.event(p, 'heartbeat');
    this.timeout[p.index]!.resched(p.rto);
  }

  private onTimeout(p: SctpPath): void {
    this.pending[p.index] = false;
    backoffRto(p, this.pm.maxRtoS); // RFC 4960 §8.3: as after a T3-rtx expiry (§6.3.3 E2)
    if (this.pm.strike(p, 'heartbeat-timeout')) {
      this.host.abortByHeartbeat();
      return;
    }
    if (this.rules === 'ns2') this.send(p);
    else if (this.running) this.armAfterOutcome(p);
    this.host.flushChanges();
  }

  /**
   * A HEARTBEAT-ACK from path `p` arrived: its HEARTBEAT is answered. Call after the RTT
   * sample it carries (`rfc` times the next HEARTBEAT with the path's new RTO).
   */
  answered(p: SctpPath): void {
    const wasPending = this.pending[p.index]!;
    this.pending[p.index] = false;
    this.timeout[p.index]!.cancel();
    if (wasPending && this.rules === 'rfc' && this.running) this.armAfterOutcome(p);
  }
}
