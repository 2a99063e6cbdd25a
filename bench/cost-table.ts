/**
 * The run-cost estimate's ratio table (issue 23): every preset and the grid of N-flow dumbbells
 * (tests/scenarios/cost-grid.ts) run metrics-only, and for each the estimate the budget uses
 * (estimateRunCost) and the bound alone (boundRunCost) over the real packet events, with
 * min / median / max per group. `npx tsx bench/cost-table.ts [presets] [grid] [long]` (the long
 * tier is every combination: about 20 minutes on one core). Prints tables, no pass/fail: the
 * unit tier's checks are tests/scenarios/cost-grid.test.ts.
 */
import { run } from '../src/engine';
import { PRESETS, boundRunCost, estimateRunCost } from '../src/scenarios';
import { COST_GRID, COST_GRID_LONG } from '../tests/scenarios/cost-grid';
import { config, fixed, int, table } from './lib';

interface Row {
  query: string;
  real: number;
  estimate: number;
  bound: number;
}

function measure(query: string): Row {
  const cfg = config(query);
  const real = run(cfg, { record: 'metrics' }).eventCount;
  return {
    query,
    real,
    estimate: estimateRunCost(cfg).packetEvents,
    bound: boundRunCost(cfg).packetEvents,
  };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;
}

function summary(name: string, rows: readonly Row[]): string {
  const parts = (pick: (r: Row) => number): string => {
    const s = rows.map(pick).sort((a, b) => a - b);
    return `${fixed(s[0]!, 2)} / ${fixed(quantile(s, 0.5), 2)} / ${fixed(s[s.length - 1]!, 2)}`;
  };
  const over = rows.filter((r) => r.estimate / r.real > 2).length;
  const below = rows.filter((r) => r.bound < r.real).length;
  return (
    `${name}: ${rows.length} runs; estimate / real (min / median / max) ${parts((r) => r.estimate / r.real)}; ` +
    `bound / real ${parts((r) => r.bound / r.real)}; over 2×: ${over}; bound below: ${below}`
  );
}

function report(name: string, queries: readonly string[]): void {
  const rows: Row[] = [];
  for (const q of queries) {
    const r = measure(q);
    rows.push(r);
    // progress on stderr, a row at a time (the long tier takes a while)
    console.error(`${rows.length}/${queries.length}\t${fixed(r.estimate / r.real, 2)}\t${q}`);
  }
  console.log(
    table(
      ['query', 'real', 'estimate', 'est/real', 'bound/real'],
      rows.map((r) => [
        r.query,
        int(r.real),
        int(r.estimate),
        fixed(r.estimate / r.real, 2),
        fixed(r.bound / r.real, 2),
      ]),
    ),
  );
  console.log(`\n${summary(name, rows)}\n`);
}

const want = process.argv.slice(2);
const all = want.length === 0;
if (all || want.includes('presets'))
  report(
    'presets',
    PRESETS.map((p) => `preset=${p.id}`),
  );
if (all || want.includes('grid')) report('grid', COST_GRID);
if (want.includes('long')) report('long tier', COST_GRID_LONG);
