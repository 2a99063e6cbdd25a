/** Messages between the UI and the engine worker (typed for Comlink). */
import type { Trace } from '../../engine';
import type { MetricsRow, RunMetrics } from '../deps/metrics';
import type { Scenario } from '../deps/scenarios';

/** One finished run, as the worker returns it. */
export interface RunResult {
  /** Worker-side id of the run, for the follow-up fingerprint request. */
  runId: number;
  trace: Trace;
  /**
   * Trace fingerprint ('ac3-…', same as the CLI prints); null until computed (it is hashed
   * after the trace is shown, so a long run reaches the screen sooner).
   */
  fingerprint: string | null;
  /** Wall-clock milliseconds the engine took in the worker. */
  engineMs: number;
  /**
   * The run's metrics (src/metrics computeMetrics, throughput in METRICS_BIN_S bins), computed
   * in the worker; null when they could not be (metricsError says why).
   */
  metrics: RunMetrics | null;
  metricsError: string | null;
}

export interface EngineApi {
  /** Run one scenario; onProgress receives the fraction of simulated time done. */
  run(scenario: Scenario, onProgress?: (fraction: number) => void): Promise<RunResult>;
  /** Fingerprint of a run returned earlier (each id can be asked once). */
  fingerprint(runId: number): Promise<string>;
}

/** One run of a sweep, as a sweep worker returns it: the metrics module's rows, no trace. */
export interface SweepRunResult {
  /** One row per flow (src/metrics metricsRows). */
  rows: ({ flow: number; sender: string } & MetricsRow)[];
  /** Wall-clock milliseconds of the run and its metrics in the worker. */
  engineMs: number;
  /** Packet events simulated. */
  events: number;
}

/** What a sweep worker does (the same worker entry as the engine's; sweep/pool.ts). */
export interface SweepWorkerApi {
  /** Run one scenario in the engine's 'metrics' record mode and compute its metrics. */
  runMetrics(scenario: Scenario): Promise<SweepRunResult>;
}
