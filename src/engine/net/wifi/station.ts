/**
 * One member of an 802.11 cell: its interface queue, the frame its MAC serves and its DCF
 * state — contention window, backoff counter, retry counters (IEEE 802.11-2016 §10.3.3,
 * §10.3.4.3). The cell (cell.ts) runs the medium and calls these.
 *
 * Times are whole nanoseconds. The backoff counter is kept lazily: `counter` slots are left as
 * of `deferUntil`, the instant the member may start counting (the end of the last busy period
 * plus its DIFS or EIFS); a slot boundary passes every `slot` ns after it while the medium stays
 * idle, and the counter is brought up to date when the medium next goes busy (`freezeAt`).
 */
import type { RandomStream } from '../../core/streams';
import type { MacStats } from '../../trace/types';
import type { Packet } from '../packet';
import { PacketRing } from '../ring';

/** A port of the cell as a member's queue entry names it. */
export interface PortRef {
  readonly index: number;
  /** Node index of the receiving member. */
  readonly to: number;
}

export class DcfStation {
  /** Waiting packets and the port each leaves by (not counting `current`). */
  private readonly waiting = new PacketRing();
  private readonly waitingPorts: PortRef[] = [];
  private portHead = 0;
  /** The frame the MAC serves (head of line), its port, and when it became head of line, ns. */
  current: Packet | null = null;
  currentPort: PortRef | null = null;
  /** Contention window, slots. */
  cw: number;
  /** Backoff slots left as of `deferUntil`. */
  counter = 0;
  /** The instant from which this member counts idle slots, ns. */
  deferUntil = 0;
  /** When `current` became ready to send, ns (an arrival to an idle member sends at once). */
  readyAt = 0;
  /** Short and long retry counts of `current` (§10.3.4.4: SRC for RTS and short frames, LRC). */
  src = 0;
  lrc = 0;
  /** The member waits for the response to its last attempt (it cannot contend meanwhile). */
  awaiting = false;
  /** Attempts of `current` so far. */
  attempts = 0;
  readonly stats: MacStats;

  constructor(
    /** Node index. */
    readonly node: number,
    name: string,
    readonly cwMin: number,
    readonly cwMax: number,
    /** Backoff draws (stream 'wifi.backoff' of this member). */
    private readonly backoffRng: RandomStream,
    /** Frame-error draws (stream 'wifi.error' of this member), null when the rate is 0. */
    readonly errorRng: RandomStream | null,
    /** Backoffs in [0, CW − 1] (ns-2.35 mac-timers.cc `Random::random() % cw`), not [0, CW]. */
    private readonly drawBelowCw = false,
  ) {
    this.cw = cwMin;
    this.stats = {
      node: name,
      attempts: 0,
      successes: 0,
      collisions: 0,
      frameErrors: 0,
      retries: 0,
      retryDrops: 0,
      airtimeS: 0,
    };
  }

  /** Packets waiting behind `current`. */
  get queueLength(): number {
    return this.waiting.size;
  }

  /**
   * Queue `p` for `port` under ns-2's drop-tail rule (at most limit − 1 wait while `current` is
   * served). Returns 'head' when `p` became `current`, 'queued', or 'full' (not taken).
   */
  offer(p: Packet, port: PortRef, limit: number, nowNs: number): 'head' | 'queued' | 'full' {
    if (this.current === null) {
      this.setCurrent(p, port, nowNs);
      return 'head';
    }
    if (this.waiting.size + 1 >= limit) return 'full';
    this.waiting.push(p);
    this.waitingPorts.push(port);
    return 'queued';
  }

  private setCurrent(p: Packet, port: PortRef, nowNs: number): void {
    this.current = p;
    this.currentPort = port;
    this.readyAt = nowNs;
    this.src = 0;
    this.lrc = 0;
    this.attempts = 0;
  }

  /** `current` is done (acknowledged or dropped): the next waiting packet becomes head of line. */
  next(nowNs: number): void {
    this.current = null;
    this.currentPort = null;
    if (this.waiting.size > 0) {
      const p = this.waiting.shift();
      const port = this.waitingPorts[this.portHead]!;
      this.waitingPorts[this.portHead++] = undefined as unknown as PortRef;
      if (this.portHead > 1024 && this.portHead * 2 > this.waitingPorts.length) {
        this.waitingPorts.splice(0, this.portHead);
        this.portHead = 0;
      }
      this.setCurrent(p, port, nowNs);
    }
  }

  /**
   * A new backoff: uniform in [0, CW] slots (§10.3.3; [0, CW − 1] under drawBelowCw). Returns
   * the slots drawn.
   */
  drawBackoff(): number {
    const span = this.drawBelowCw ? this.cw : this.cw + 1;
    this.counter = Math.floor(this.backoffRng.uniform() * span);
    return this.counter;
  }

  /** CW after a failed attempt: 2·(CW + 1) − 1, at most CWmax (§10.3.3). */
  doubleCw(): void {
    this.cw = Math.min(2 * (this.cw + 1) - 1, this.cwMax);
  }

  resetCw(): void {
    this.cw = this.cwMin;
  }

  /** When `current` would go on the air if the medium stays idle, ns (Infinity: nothing to send). */
  fireAt(slotNs: number): number {
    if (this.current === null || this.awaiting) return Infinity;
    return Math.max(this.deferUntil + this.counter * slotNs, this.readyAt);
  }

  /**
   * The medium goes busy at `t` (ns): count the idle slots that passed since `deferUntil` (a
   * boundary at `t` itself included — a member whose counter ends there transmits too) and
   * freeze the rest. Returns the slots left.
   */
  freezeAt(t: number, slotNs: number): number {
    if (t > this.deferUntil) {
      const elapsed = Math.floor((t - this.deferUntil) / slotNs);
      this.counter = Math.max(0, this.counter - elapsed);
    }
    return this.counter;
  }
}
