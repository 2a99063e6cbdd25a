// `npm run tables [-- <preset> …] [--seeds 1-30] [--rows 0.01,0.03] [--json]`: runs the experiment
// presets' rows over the seeds with the CLI (`--out metrics`, worker threads), and compares each
// row's means with ns-2.35's means on the same setup (tests/fixtures/ns2-tables/<preset>.json) by
// Welch's t (agree within sampling error: |t| under the table's bound, about 4 — agreementBound in
// src/metrics/table-stats.ts, which computes every statistic here) and with the paper's published
// values. This script only runs the CLI and prints.
// Presets: alamgir-table2 (rows = loss), geo-table2 and geo-table3 (rows = n). ns-2 is not needed.
//
// Output: one table per preset on stdout — per row and metric: ours mean ± s.d., ns-2 mean ± s.d.,
// Welch t and the bound it must stay under, and the paper's value where it has one; `--json`
// prints the same as JSON instead.
// Exit code 0 always (a report, not a test); tests/tables/<preset>.test.ts assert (the long
// tier; tests/experiments/tables-smoke.test.ts over seeds 1–5).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableFlow } from '../src/metrics';
import {
  compareSummaries,
  summarise,
  TABLE_METRICS,
  type CellComparison,
} from '../src/metrics/table-stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRESETS = ['alamgir-table2', 'geo-table2', 'geo-table3'];

interface Args {
  presets: string[];
  seeds: string;
  rows: number[] | null;
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const out: Args = { presets: [], seeds: '1-30', rows: null, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seeds') out.seeds = argv[++i]!;
    else if (a === '--rows') out.rows = argv[++i]!.split(',').map(Number);
    else if (a === '--json') out.json = true;
    else if (a !== undefined && PRESETS.includes(a)) out.presets.push(a);
    else {
      process.stderr.write(`tables: unknown argument ${a}; presets are ${PRESETS.join(', ')}\n`);
      process.exit(2);
    }
  }
  if (out.presets.length === 0) out.presets = PRESETS;
  return out;
}

type Row = TableFlow & { seed: number };

/** Our per-run rows (one per flow) for one preset row, from the CLI. */
function runOurs(preset: string, rowKey: string, rowValue: number, seeds: string): Row[] {
  const query = rowKey === 'n' ? `preset=${preset}&n=${rowValue}` : `preset=${preset}`;
  const args = [
    join(root, 'scripts/sim.mjs'),
    query,
    '--seeds',
    seeds,
    '--out',
    'metrics',
    '--format',
    'json',
  ];
  if (rowKey === 'loss') args.push('--sweep', `loss=${rowValue}`);
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`sim failed for ${query}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Row[];
}

/** Runs (their flows' rows) from flow rows grouped by seed. */
function runsFromRows(rows: readonly Row[]) {
  const bySeed = new Map<number, Row[]>();
  for (const row of rows) {
    if (!bySeed.has(row.seed)) bySeed.set(row.seed, []);
    bySeed.get(row.seed)!.push(row);
  }
  return [...bySeed.values()].map((flows) => ({ flows }));
}

interface Fixture {
  rows: ({ paper?: unknown; runs: { link_util: number; flows: TableFlow[] }[] } & Record<
    string,
    unknown
  >)[];
}

const args = parseArgs(process.argv.slice(2));
const report: ({ preset: string; paper: unknown; metrics: CellComparison[] } & Record<
  string,
  unknown
>)[] = [];
for (const preset of args.presets) {
  const fixture = JSON.parse(
    readFileSync(join(root, 'tests/fixtures/ns2-tables', `${preset}.json`), 'utf8'),
  ) as Fixture;
  const rowKey = preset === 'alamgir-table2' ? 'loss' : 'n';
  const t0 = Date.now();
  for (const row of fixture.rows) {
    const key = row[rowKey] as number;
    if (args.rows && !args.rows.includes(key)) continue;
    const ours = summarise(runsFromRows(runOurs(preset, rowKey, key, args.seeds)));
    const ns2 = summarise(row.runs);
    // every cell judged against the bound of its table (rows × metrics), as tests/experiments do
    const metrics = compareSummaries(ours, ns2, fixture.rows.length * TABLE_METRICS.length);
    report.push({ preset, [rowKey]: key, paper: row.paper ?? null, metrics });
  }
  process.stderr.write(`tables: ${preset} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}

if (args.json) {
  process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
} else {
  const f = (x: number | null | undefined) =>
    x === null || x === undefined || Number.isNaN(x)
      ? '—'
      : Math.abs(x) >= 100
        ? x.toFixed(0)
        : x.toFixed(2);
  for (const r of report) {
    const key = r.loss !== undefined ? `loss ${r.loss}` : `n ${r.n}`;
    process.stdout.write(
      `\n${r.preset}, ${key}${r.paper ? `  (paper: ${JSON.stringify(r.paper)})` : ''}\n`,
    );
    process.stdout.write(
      `  ${'metric'.padEnd(20)} ${'ours mean ± sd'.padEnd(18)} ${'ns-2 mean ± sd'.padEnd(18)} t (bound)\n`,
    );
    for (const m of r.metrics) {
      if (!m.ours || !m.ns2) continue;
      const flag = !(Math.abs(m.t) < m.bound!) ? `  <-- |t| ≥ ${f(m.bound)}` : '';
      process.stdout.write(
        `  ${m.metric.padEnd(20)} ${`${f(m.ours.mean)} ± ${f(m.ours.sd)}`.padEnd(18)} ${`${f(m.ns2.mean)} ± ${f(m.ns2.sd)}`.padEnd(18)} ${f(m.t)} (${f(m.bound)})${flag}\n`,
      );
    }
  }
}
