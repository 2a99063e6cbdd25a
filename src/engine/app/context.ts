import type { FlowConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import { RandomStream } from '../core/streams';

/** What a source is built with: the flow it feeds, the run's clock, and its named random streams. */
export interface SourceContext {
  readonly flow: FlowConfig;
  readonly sched: Scheduler;
  /** The flow's own stream called `name` (core/streams.ts, index = flow id). */
  stream(name: string): RandomStream;
}

export function sourceContext(flow: FlowConfig, sched: Scheduler, seed: number): SourceContext {
  return { flow, sched, stream: (name) => new RandomStream(seed, `app.${name}`, flow.id) };
}

/**
 * Check a source's parameters: each must be a finite number > 0, and the flow's mssBytes (the
 * packet size every source counts in) positive.
 * @throws Error naming the flow (1-based), the application and the parameter.
 */
export function requirePositive(
  ctx: SourceContext,
  app: string,
  params: Record<string, number>,
): void {
  const flow = ctx.flow.id + 1;
  for (const [k, v] of Object.entries(params)) {
    if (!(Number.isFinite(v) && v > 0))
      throw new Error(`flow ${flow}: ${app} ${k} must be a number > 0, got ${v}`);
  }
  if (!(ctx.flow.mssBytes > 0)) throw new Error(`flow ${flow}: mssBytes must be positive`);
}
