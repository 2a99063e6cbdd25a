/**
 * The table experiments against ns-2.35 (issue: "our means … compared with ns-2.35's means on the
 * same setup … within sampling error, a Welch t-test, |t| < 3"): runs one preset row over the
 * fixture's seeds in metrics mode, summarises our runs and ns-2's with the same code
 * (scripts/tables-stats.mjs, also used by `npm run tables`) and returns Welch's t per metric.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { run } from '../../src/engine';
import { computeMetrics, metricsRows } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { compareSummaries, summarise } from '../../scripts/tables-stats.mjs';

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

/** Our runs of one row: `query` plus `&seed=k` for each seed, metrics mode. */
export function ourRuns(query: string, seeds: readonly number[]) {
  return seeds.map((seed) => {
    const p = parseScenarioQuery(`${query}&seed=${seed}`);
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
    const cfg = buildSimConfig(p.scenario);
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    return { link_util: m.linkUtilPct, flows: metricsRows(m) };
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
  return compareSummaries(summarise(ourRuns(query, seeds)), summarise(row.runs));
}

/**
 * The test of one preset's table: ns-2's fixture has 60 seeds per row, and every row's every
 * metric agrees with ours over OUR_SEEDS within |t| < 3 — or within a documented bound for a
 * cell in `exceptions` (key `<row value> <metric>`, value the bound).
 */
export function describeTableAgreement(
  preset: string,
  rowKey: 'loss' | 'n',
  exceptions: Readonly<Record<string, number>> = {},
): void {
  const { rows, ns2Seeds } = loadTable(preset);
  describe(`${preset} agrees with ns-2.35 within sampling error`, () => {
    it('compares our 30 seeds with ns-2’s 60 (seeds 1–60 of its per-flow loss streams)', () => {
      expect(ns2Seeds).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      for (const row of rows) expect(row.runs).toHaveLength(60);
    });
    for (const row of rows) {
      const key = row[rowKey]!;
      it(`${rowKey} = ${key}: every metric has |t| < 3`, () => {
        const cmp = compareRow(`preset=${preset}&${rowKey}=${key}`, row, OUR_SEEDS);
        expect(cmp.map((c) => c.metric)).toContain('pct_tput_sctp');
        const off = cmp
          .filter((c) => !(Math.abs(c.t) < (exceptions[`${key} ${c.metric}`] ?? 3)))
          .map(
            (c) =>
              `${c.metric}: ours ${c.ours.mean.toFixed(3)}, ns-2 ${c.ns2.mean.toFixed(3)}, t ${c.t.toFixed(2)}`,
          );
        expect(off).toEqual([]);
      }, 120_000);
    }
  });
}
