/**
 * The work the engine worker does for one request: scenario → SimConfig → Trace, plus the
 * fingerprint and the explanation sentences. Plain function so tests can run it in-process.
 */
import { run } from '../../engine';
import { buildSimConfig, type Scenario } from '../deps/scenarios';
import { explainAll, fingerprint } from '../deps/outputs';
import type { RunResult } from './protocol';

export function runScenario(scenario: Scenario, onProgress?: (fraction: number) => void): RunResult {
  const started = performance.now();
  const trace = run(buildSimConfig(scenario), { onProgress });
  const engineMs = performance.now() - started;
  return { trace, fingerprint: fingerprint(trace), explanations: explainAll(trace), engineMs };
}

/** The ArrayBuffers behind the trace's typed-array columns, to transfer instead of copy. */
export function traceTransferables(r: RunResult): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of Object.values(r.trace.packets)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  }
  return [...out];
}
