/** Test helper: the engine bridge backed by in-process runs instead of a Web Worker. */
import { setEngineFactory } from '../../src/ui/worker/bridge';
import { FingerprintQueue, runScenario } from '../../src/ui/worker/runScenario';
import type { Scenario } from '../../src/ui/deps/scenarios';

export function installInProcessEngine(opts: { fail?: (s: Scenario) => string | null } = {}): { calls: Scenario[] } {
  const calls: Scenario[] = [];
  const queue = new FingerprintQueue();
  setEngineFactory(() => ({
    api: {
      run: async (s: Scenario, onProgress?: (f: number) => void) => {
        calls.push(s);
        const msg = opts.fail?.(s);
        if (msg) throw new Error(msg);
        const { result, trace } = runScenario(s, onProgress);
        return { ...result, runId: queue.keep(trace) };
      },
      fingerprint: async (id: number) => queue.take(id),
    },
    terminate: () => {},
  }));
  return { calls };
}
