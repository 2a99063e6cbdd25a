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
