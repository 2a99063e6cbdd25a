import type { EventHandler } from '../core/scheduler';
import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { CbrApp } from './types';

/**
 * Constant packet rate (Dainotti et al. 002_… §4, Table I: constant packet rate PR and payload
 * size PS, generated with D-ITG): one packet of the flow's `mssBytes` (PS, bytes) at the flow's
 * start, then one every 1 / pps seconds (PR, packets/s) until the run ends; it never finishes.
 *
 * Timing as ns-2's Application/Traffic/CBR with `random_` 0 (cbr_traffic.cc): the first packet
 * when the application starts, each next one at now + interval in double precision (the timer's
 * resched), interval = 1 / pps. Offered bytes grow by mssBytes per packet: the requested rate is
 * 8 · mssBytes · pps bit/s of payload. No random draws.
 * @throws Error when pps is not a finite number > 0, or the flow's mssBytes is not positive.
 */
export function cbrSource(app: CbrApp, ctx: SourceContext): AppSource {
  const flow = ctx.flow.id + 1;
  if (!(Number.isFinite(app.pps) && app.pps > 0)) {
    throw new Error(`flow ${flow}: cbr needs a packet rate pps > 0 (packets/s), got ${app.pps}`);
  }
  if (!(ctx.flow.mssBytes > 0)) throw new Error(`flow ${flow}: mssBytes must be positive`);
  return new CbrSource(1 / app.pps, ctx);
}

class CbrSource implements AppSource, EventHandler {
  private count = 0;
  private wake: () => void = () => {};

  constructor(
    /** Seconds between packets. */
    private readonly interval: number,
    private readonly ctx: SourceContext,
  ) {}

  offered(): number {
    return this.count;
  }

  finished(): boolean {
    return false;
  }

  start(wake: () => void): void {
    this.wake = wake;
    this.onEvent();
  }

  drained(): void {}

  offeredBytes(): number {
    return this.count * this.ctx.flow.mssBytes;
  }

  /**
   * The timer: offer one packet (the transport sends it now), then re-arm at now + interval —
   * in that order, as CBR_Traffic::timeout sends before it reschedules, so the next timer's
   * place among equal-time events is ns-2's. A pooled event: no allocation per packet.
   */
  onEvent(): void {
    this.count++;
    this.wake();
    const s = this.ctx.sched;
    s.postAt(s.now + this.interval, s.reserveSeq(), this, 0, null);
  }
}
