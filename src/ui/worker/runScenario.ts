/**
 * The work the engine worker does: scenario → SimConfig → Trace, and (asked separately, after
 * the trace is on screen) the fingerprint. Nothing per decision: the page builds a log row's
 * sentence (explainAt) only when the row is shown or searched. Plain functions so tests can run
 * them in-process.
 */
import { run, type Trace } from '../../engine';
import { buildSimConfig, limits, type Scenario } from '../deps/scenarios';
import { fingerprint } from '../deps/outputs';
import type { RunResult } from './protocol';

export function runScenario(
  scenario: Scenario,
  onProgress?: (fraction: number) => void,
): { result: RunResult; trace: Trace } {
  const started = performance.now();
  // The scenario's cost estimate refuses runs over the budget before they start; the event
  // guard is the backstop should a run outgrow its estimate (the CLI passes the same).
  const trace = run(buildSimConfig(scenario), { onProgress, maxEvents: limits.RUN_GUARD_EVENTS });
  const engineMs = performance.now() - started;
  return {
    trace,
    result: { runId: 0, trace, fingerprint: null, engineMs },
  };
}

/** A copy of the trace whose typed-array columns can be transferred (the original stays usable). */
export function transferableCopy(trace: Trace): { trace: Trace; buffers: ArrayBuffer[] } {
  const buffers: ArrayBuffer[] = [];
  const copyColumns = <T extends object>(cols: T): T => {
    const out = { ...cols } as Record<string, unknown>;
    for (const [k, v] of Object.entries(out)) {
      if (ArrayBuffer.isView(v)) {
        const copy = (v as unknown as { slice(): ArrayBufferView }).slice();
        out[k] = copy;
        if (copy.buffer instanceof ArrayBuffer) buffers.push(copy.buffer);
      }
    }
    return out as T;
  };
  return {
    trace: {
      ...trace,
      packets: copyColumns(trace.packets),
      ackBlocks: copyColumns(trace.ackBlocks),
      decisions: copyColumns(trace.decisions),
      samples: copyColumns(trace.samples),
    },
    buffers,
  };
}

/** Keeps finished traces until their fingerprint is asked for. */
export class FingerprintQueue {
  private next = 1;
  private readonly kept = new Map<number, Trace>();
  keep(trace: Trace): number {
    const id = this.next++;
    this.kept.set(id, trace);
    // Only the most recent few runs are kept (compare mode asks for up to 4 at once).
    for (const k of this.kept.keys()) if (k <= id - 8) this.kept.delete(k);
    return id;
  }
  take(id: number): string {
    const t = this.kept.get(id);
    if (!t) throw new Error(`run ${id} is no longer kept`);
    this.kept.delete(id);
    return fingerprint(t);
  }
}
