/**
 * The metrics and sweep numbers the browser must show, computed in Node with the same scenario,
 * engine and metrics modules (metrics-only runs: the metrics module gives the same numbers for
 * either record mode).
 */
import { run } from '../../src/engine';
import { computeMetrics, type RunMetrics } from '../../src/ui/deps/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { sweepColumn } from '../../src/ui/sweep/columns';
import { metricsRows } from '../../src/metrics';

export function metricsFor(query: string): RunMetrics {
  const r = parseScenarioQuery(query);
  if (!r.ok) throw new Error(`bad query ${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  const cfg = buildSimConfig(r.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

/** Mean over `seeds` of one sweep column for `query` (the sweep table's number). */
export function sweepMeanFor(query: string, column: string, seeds: readonly number[]): number {
  const col = sweepColumn(column);
  if (!col) throw new Error(`no column ${column}`);
  let sum = 0;
  for (const seed of seeds) {
    const v = col.value(metricsRows(metricsFor(`${query}&seed=${seed}`)));
    if (v === null) throw new Error(`${column} has no value for ${query}`);
    sum += v;
  }
  return sum / seeds.length;
}
