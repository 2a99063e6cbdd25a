/**
 * How many worker threads a sweep gets when --jobs is not given: workers only when they pay.
 *
 * A worker is a fresh V8 isolate: it loads the CLI bundle and warms the engine's JIT again, which
 * costs WORKER_START_CPU_S of CPU per worker on top of the runs themselves (measured: the 20-seed
 * sweep of 'preset=fall-floyd&sender=sack&stop=2000&loss=0.01' took 2.49 CPU s with --jobs 1 and
 * 3.14 with two workers, medians of 3 cold processes: +0.33 s per worker). k workers save wall
 * time but cost k × WORKER_START_CPU_S more CPU, so they are used only when that is at most
 * MAX_WORKER_OVERHEAD of the sweep's own CPU time, estimated from the runs' packet events
 * (boundRunCost, an upper bound: median 1.07–1.3 × the real count) at
 * SWEEP_EVENTS_PER_CPU_S (the same sweep: 26.1 M estimated events in 2.49 CPU s).
 */
import type { SimConfig } from '../engine';
import { boundRunCost } from '../scenarios';

/** CPU seconds one sweep worker costs before its runs pay off (bundle load + JIT warm-up). */
export const WORKER_START_CPU_S = 0.33;
/** Estimated (bound) packet events a sweep runs per CPU second in one warm thread. */
export const SWEEP_EVENTS_PER_CPU_S = 10e6;
/** Largest share of the sweep's CPU time the workers' start-up may add. */
export const MAX_WORKER_OVERHEAD = 0.1;
/** Runs whose cost is estimated one by one; beyond them the mean is extrapolated. */
const SAMPLED_RUNS = 64;

/**
 * The default number of sweep threads. Pure.
 * @param runs the sweep's run count (≥ 0)
 * @param packetEvents the estimated packet events of all its runs together
 * @param cores the threads the machine offers (os.availableParallelism())
 * @returns 1 (run in this thread, no workers) or k ≥ 2 workers, k ≤ min(cores, runs), the most
 *   workers whose start-up stays within MAX_WORKER_OVERHEAD of the estimated sweep CPU time
 */
export function defaultJobs(runs: number, packetEvents: number, cores: number): number {
  const sweepCpuS = packetEvents / SWEEP_EVENTS_PER_CPU_S;
  const paying = Math.floor((MAX_WORKER_OVERHEAD * sweepCpuS) / WORKER_START_CPU_S);
  const k = Math.min(Math.floor(cores), Math.floor(runs), paying);
  return k >= 2 ? k : 1;
}

/**
 * Estimated packet events of a sweep's runs: boundRunCost of each of the first SAMPLED_RUNS
 * configs, their mean times the run count beyond them (a sweep of 10 000 runs is not estimated
 * run by run before it starts).
 */
export function sweepPacketEvents(configs: readonly SimConfig[]): number {
  const sampled = configs.slice(0, SAMPLED_RUNS);
  if (sampled.length === 0) return 0;
  const sum = sampled.reduce((s, c) => s + boundRunCost(c).packetEvents, 0);
  return (sum / sampled.length) * configs.length;
}
