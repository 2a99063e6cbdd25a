/**
 * The API the engine worker exposes (Comlink): run a scenario, then hash its trace on request.
 * Loaded by engine.worker.ts once the engine's modules are ready.
 */
import type { Scenario } from '../deps/scenarios';
import type { EngineApi, SweepWorkerApi } from './protocol';
import {
  FingerprintQueue,
  runScenario,
  runScenarioMetrics,
  transferableCopy,
} from './runScenario';
import * as Comlink from 'comlink';

const queue = new FingerprintQueue();

export const api: EngineApi & SweepWorkerApi = {
  async run(scenario: Scenario, onProgress?: (fraction: number) => void) {
    let last = 0;
    const report = (f: number) => {
      const now = performance.now();
      if (onProgress && (now - last > 40 || f >= 1)) {
        last = now;
        void onProgress(f);
      }
    };
    const { result, trace } = runScenario(scenario, report);
    const runId = queue.keep(trace);
    const copy = transferableCopy(trace);
    return Comlink.transfer({ ...result, runId, trace: copy.trace }, copy.buffers);
  },
  async fingerprint(runId: number) {
    return queue.take(runId);
  },
  async runMetrics(scenario: Scenario) {
    return runScenarioMetrics(scenario);
  },
};
