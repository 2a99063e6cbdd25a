/**
 * The work the engine worker does: scenario → SimConfig → Trace, and (asked separately, after
 * the trace is on screen) the fingerprint. Nothing per decision: the page builds a log row's
 * sentence (explainAt) only when the row is shown or searched. Plain functions so tests can run
 * them in-process.
 */
import { run, type SimConfig, type Trace } from '../../engine';
import { computeMetrics, metricsRows, type RunMetrics } from '../deps/metrics';
import { buildSimConfig, runGuards, type Scenario } from '../deps/scenarios';
import { fingerprint } from '../deps/outputs';
import type { RunResult, SweepRunResult } from './protocol';

/** Width of the throughput bins computed with a run (the papers' 0.1 s); the page merges them. */
export const METRICS_BIN_S = 0.1;

/** The metrics of a finished run, or why there are none (they never stop the run being shown). */
export function metricsOf(
  trace: Trace,
  cfg: SimConfig,
  binS?: number,
): { metrics: RunMetrics | null; metricsError: string | null } {
  try {
    return { metrics: computeMetrics(trace, cfg, { binS }), metricsError: null };
  } catch (err) {
    return { metrics: null, metricsError: err instanceof Error ? err.message : String(err) };
  }
}

export function runScenario(
  scenario: Scenario,
  onProgress?: (fraction: number) => void,
): { result: RunResult; trace: Trace } {
  const started = performance.now();
  const cfg = buildSimConfig(scenario);
  // The scenario's cost estimate refuses runs over the budget before they start; the guards
  // stop a run that outgrows its own estimate (the CLI passes the same).
  const trace = run(cfg, { onProgress, ...runGuards(cfg) });
  const engineMs = performance.now() - started;
  return {
    trace,
    result: {
      runId: 0,
      trace,
      fingerprint: null,
      engineMs,
      ...metricsOf(trace, cfg, METRICS_BIN_S),
    },
  };
}

/**
 * One run of a sweep: the engine in 'metrics' record mode (counters and accumulators, no trace
 * columns), then the metrics module's rows. Throws what the engine throws.
 */
export function runScenarioMetrics(scenario: Scenario): SweepRunResult {
  const started = performance.now();
  const cfg = buildSimConfig(scenario);
  const trace = run(cfg, { record: 'metrics', ...runGuards(cfg) });
  const rows = metricsRows(computeMetrics(trace, cfg));
  return { rows, engineMs: performance.now() - started, events: trace.eventCount };
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
      transmissions: copyColumns(trace.transmissions),
      ackBlocks: copyColumns(trace.ackBlocks),
      decisions: copyColumns(trace.decisions),
      samples: copyColumns(trace.samples),
      // The sparse SCTP tables (absent in hand-built traces).
      ...(trace.pathEvents ? { pathEvents: copyColumns(trace.pathEvents) } : {}),
      ...(trace.deliveries ? { deliveries: copyColumns(trace.deliveries) } : {}),
      ...(trace.packetPaths ? { packetPaths: copyColumns(trace.packetPaths) } : {}),
      ...(trace.controls ? { controls: copyColumns(trace.controls) } : {}),
      ...(trace.aqm ? { aqm: copyColumns(trace.aqm) } : {}),
      ...(trace.ecn ? { ecn: copyColumns(trace.ecn) } : {}),
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
