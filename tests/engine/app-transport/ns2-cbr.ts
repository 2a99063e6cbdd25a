/**
 * ns-2's Application/Traffic/CBR with `$cbr stop` and `$cbr start` (cbr_traffic.cc,
 * trafgen.cc: start() sends at once and reschedules itself now + interval; stop() cancels the
 * timer), as an AppSource for tests: the engine's own cbr source has no stop and restart.
 */
import type { AppSource, SourceContext } from '../../../src/engine/app';

export interface CbrSchedule {
  /** Seconds between packets. */
  intervalS: number;
  /** `$cbr stop` at this time (none if undefined). */
  stopS?: number;
  /** `$cbr start` again at this time (none if undefined). */
  restartS?: number;
}

export function ns2CbrSource(sch: CbrSchedule, ctx: SourceContext): AppSource {
  let count = 0;
  let wake: () => void = () => {};
  let running = false;
  let pending: ReturnType<SourceContext['sched']['schedule']> | null = null;
  const timeout = (): void => {
    if (!running) return;
    count++;
    wake();
    pending = ctx.sched.schedule(sch.intervalS, timeout);
  };
  const start = (): void => {
    running = true;
    timeout();
  };
  return {
    offered: () => count,
    finished: () => false,
    start(w) {
      wake = w;
      start();
      if (sch.stopS !== undefined) {
        ctx.sched.at(sch.stopS, () => {
          running = false;
          ctx.sched.cancel(pending);
        });
      }
      if (sch.restartS !== undefined) ctx.sched.at(sch.restartS, start);
    },
    drained: () => {},
    offeredBytes: () => count * ctx.flow.mssBytes,
  };
}
