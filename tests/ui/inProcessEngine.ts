/** Test helper: the engine bridge backed by an in-process run instead of a Web Worker. */
import { setEngineFactory } from '../../src/ui/worker/bridge';
import { runScenario } from '../../src/ui/worker/runScenario';
import type { Scenario } from '../../src/ui/deps/scenarios';

export function installInProcessEngine(opts: { fail?: (s: Scenario) => string | null } = {}): { calls: Scenario[] } {
  const calls: Scenario[] = [];
  setEngineFactory(() => ({
    api: {
      run: async (s: Scenario, onProgress?: (f: number) => void) => {
        calls.push(s);
        const msg = opts.fail?.(s);
        if (msg) throw new Error(msg);
        return runScenario(s, onProgress);
      },
    },
    terminate: () => {},
  }));
  return { calls };
}
