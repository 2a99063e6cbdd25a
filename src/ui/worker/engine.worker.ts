/// <reference lib="webworker" />
/**
 * Worker entry: runs the engine off the main thread. Only worker/bridge.ts talks to it.
 * Cancellation: the bridge terminates this worker (a run is one synchronous call).
 */
import * as Comlink from 'comlink';
import type { Scenario } from '../deps/scenarios';
import type { EngineApi } from './protocol';
import { FingerprintQueue, runScenario, transferableCopy } from './runScenario';

const queue = new FingerprintQueue();

const api: EngineApi = {
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
};

Comlink.expose(api);
