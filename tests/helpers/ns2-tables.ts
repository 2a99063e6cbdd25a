/**
 * The table experiments against ns-2.35 (issue: "our means … compared with ns-2.35's means on the
 * same setup … within sampling error, a Welch t-test, |t| < 3"): runs one preset row over the
 * fixture's seeds in metrics mode, summarises our runs and ns-2's with the same code
 * (scripts/tables-stats.mjs, also used by `npm run tables`) and returns Welch's t per metric.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine';
import { computeMetrics, metricsRows } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { METRICS, summarise, welch } from '../../scripts/tables-stats.mjs';

export interface Ns2TableRow {
  loss?: number;
  n?: number;
  runs: { seed: number; link_util: number; flows: { sender: string }[] }[];
}

/** Our seeds per row: 30, as the papers' tables are judged. */
export const OUR_SEEDS: readonly number[] = Array.from({ length: 30 }, (_, i) => i + 1);

/** The ns-2 fixture of a preset: its rows and the seeds ns-2 ran per row. */
export function loadTable(preset: string): { rows: Ns2TableRow[]; ns2Seeds: number[] } {
  const path = join(__dirname, '..', 'fixtures', 'ns2-tables', `${preset}.json`);
  const d = JSON.parse(readFileSync(path, 'utf8')) as { rows: Ns2TableRow[] };
  return { rows: d.rows, ns2Seeds: d.rows[0]!.runs.map((r) => r.seed) };
}

const withProtocol = <T extends { sender: string }>(f: T) => ({
  ...f,
  protocol: f.sender.startsWith('sctp') ? 'sctp' : 'tcp',
});

/** Our runs of one row: `query` plus `&seed=k` for each seed, metrics mode. */
export function ourRuns(query: string, seeds: readonly number[]) {
  return seeds.map((seed) => {
    const p = parseScenarioQuery(`${query}&seed=${seed}`);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
    const cfg = buildSimConfig(p.scenario);
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    return { link_util: m.linkUtilPct, flows: metricsRows(m).map(withProtocol) };
  });
}

export interface MetricComparison {
  metric: string;
  ours: { mean: number; sd: number; n: number };
  ns2: { mean: number; sd: number; n: number };
  t: number;
}

/** Our row against ns-2's: every metric with its Welch t. */
export function compareRow(
  query: string,
  row: Ns2TableRow,
  seeds: readonly number[],
): MetricComparison[] {
  const ours = summarise(ourRuns(query, seeds));
  const ns2 = summarise(
    row.runs.map((r) => ({ link_util: r.link_util, flows: r.flows.map(withProtocol) })),
  );
  const out: MetricComparison[] = [];
  for (const m of METRICS) {
    const a = ours[m];
    const b = ns2[m];
    if (a && b) out.push({ metric: m, ours: a, ns2: b, t: welch(a, b) });
  }
  return out;
}
