/** Messages between the UI and the engine worker (typed for Comlink). */
import type { Trace } from '../../engine';
import type { Scenario } from '../deps/scenarios';

/** One finished run, as the worker returns it. */
export interface RunResult {
  /** Worker-side id of the run, for the follow-up fingerprint request. */
  runId: number;
  trace: Trace;
  /**
   * Trace fingerprint ('ac2-…', same as the CLI prints); null until computed (it is hashed
   * after the trace is shown, so a long run reaches the screen sooner).
   */
  fingerprint: string | null;
  /** Wall-clock milliseconds the engine took in the worker. */
  engineMs: number;
}

export interface EngineApi {
  /** Run one scenario; onProgress receives the fraction of simulated time done. */
  run(scenario: Scenario, onProgress?: (fraction: number) => void): Promise<RunResult>;
  /** Fingerprint of a run returned earlier (each id can be asked once). */
  fingerprint(runId: number): Promise<string>;
}
