/**
 * Sweeps (`--seeds`, `--sweep`): the run list checked up front, each run's summary or metrics
 * computed with a metrics-only engine run, and the rows in run-list order. This module runs the
 * runs in the calling thread; sweep-pool.ts spreads them over worker threads with the same output.
 */
import { run, type SimConfig } from '../engine';
import { runGuards } from '../scenarios';
import { summaryJson, type Summary } from '../trace/outputs';
import type { SweepOptions, SweepOutput } from './args';
import {
  jsonValue,
  metricsCsvHeader,
  metricsCsvLines,
  metricsJsonLines,
  runMetricsRows,
  type FlowMetricsRow,
} from './metrics-output';
import { formatQueryError, resolveQuery } from './scenario';
import { MAX_RUNS, expandRuns, runCount, type SweepAxis } from './sweep-spec';

/** Counter columns of a sweep's CSV, after the swept keys, `seed`, `flow` and `sender`. */
export const SWEEP_COUNTERS = [
  'packets_sent',
  'retransmissions',
  'timeouts',
  'fast_retransmits',
  'delivered_bytes',
  'delivered_packets',
] as const;

/** A sweep ready to run: every run's query valid. */
export interface PreparedSweep {
  options: SweepOptions;
  /** Query string of each run, in output order. */
  queries: string[];
  /** Config of each run (built while checking the queries). */
  configs: SimConfig[];
  /** Swept values of each run, in --sweep order. */
  values: string[][];
  /** Seed of each run (from --seeds, else the query's or the preset's). */
  seeds: number[];
}

export type Prepared =
  { ok: true; sweep: PreparedSweep; warnings: string[] } | { ok: false; errors: string[] };

/** Most invalid-run messages listed before "… and N more". */
const MAX_LISTED = 20;

/** Check the sweep: its size, the query, then every run's query, before anything runs. */
export function prepareSweep(options: SweepOptions): Prepared {
  const n = runCount(options.axes, options.seeds);
  if (n > MAX_RUNS) {
    return {
      ok: false,
      errors: [`--seeds/--sweep: ${n} runs is more than ${MAX_RUNS}; sweep fewer values or seeds`],
    };
  }
  const base = resolveQuery(options.query);
  if (!base.ok)
    return {
      ok: false,
      errors: base.errors.map((e) => `invalid scenario: ${formatQueryError(e)}`),
    };

  const runs = expandRuns(options.query, options.axes, options.seeds);
  /** Each distinct problem once, with the first run that has it. */
  const errors = new Map<string, string>();
  const warnings = new Set(base.warnings);
  const sweep: PreparedSweep = { options, queries: [], configs: [], values: [], seeds: [] };
  for (const r of runs) {
    const resolved = resolveQuery(r.query);
    if (!resolved.ok) {
      const where = describeRun(options.axes, r.values, r.seed);
      for (const e of resolved.errors) {
        const problem = formatQueryError(e);
        if (!errors.has(problem)) errors.set(problem, `invalid scenario (${where}): ${problem}`);
      }
      continue;
    }
    for (const w of resolved.warnings) warnings.add(w);
    sweep.queries.push(r.query);
    sweep.configs.push(resolved.config);
    sweep.values.push(r.values);
    sweep.seeds.push(resolved.scenario.seed);
  }
  if (errors.size > 0) {
    const list = [...errors.values()];
    const shown = list.slice(0, MAX_LISTED);
    if (list.length > shown.length) shown.push(`… and ${list.length - shown.length} more problems`);
    return { ok: false, errors: shown };
  }
  return { ok: true, sweep, warnings: [...warnings] };
}

/** "queue=6, seed=2": the swept values of one run, for messages. */
export function describeRun(
  axes: readonly SweepAxis[],
  values: readonly string[],
  seed: number | null,
): string {
  const parts = axes.map((a, i) => `${a.key}=${values[i] ?? ''}`);
  if (seed !== null) parts.push(`seed=${seed}`);
  return parts.join(', ');
}

/** What one run of a sweep gives: its summary (fingerprint null) or its metrics rows. */
export type RunResult = { summary: Summary } | { metrics: FlowMetricsRow[] };

/** One run of a sweep: the engine in metrics mode, then the summary or the metrics rows. */
export function sweepRun(config: SimConfig, out: SweepOutput): RunResult {
  const trace = run(config, { record: 'metrics', ...runGuards(config) });
  return out === 'metrics'
    ? { metrics: runMetricsRows(trace, config) }
    : { summary: summaryJson(trace) };
}

// ------------------------------------------------------------------ output

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The text before the first row. */
export function sweepHead(options: SweepOptions): string {
  if (options.format === 'json') return '[\n';
  if (options.out === 'metrics') return metricsCsvHeader(options.axes.map((a) => a.key));
  const keys = options.axes.map((a) => csvCell(a.key));
  return `${[...keys, 'seed', 'flow', 'sender', ...SWEEP_COUNTERS, 'events', 'decisions'].join(',')}\n`;
}

/**
 * The text of run i. Summary — CSV: one line per flow; JSON: one compact object. Metrics — one
 * line (CSV) or compact object (JSON) per flow. In JSON a comma follows all but the last.
 */
export function sweepRows(sweep: PreparedSweep, i: number, result: RunResult): string {
  const { options } = sweep;
  const values = sweep.values[i]!;
  const seed = sweep.seeds[i]!;
  if ('metrics' in result) {
    if (options.format === 'csv') return metricsCsvLines(values, seed, result.metrics);
    const swept = options.axes.map((a, k) => [a.key, values[k]!] as const);
    return metricsJsonLines(swept, seed, result.metrics, i === sweep.queries.length - 1);
  }
  const { summary } = result;
  if (options.format === 'json') {
    const obj: Record<string, unknown> = {};
    options.axes.forEach((a, k) => {
      obj[a.key] = jsonValue(values[k]!);
    });
    obj.seed = seed;
    obj.summary = summary;
    return `${JSON.stringify(obj)}${i < sweep.queries.length - 1 ? ',' : ''}\n`;
  }
  const lead = values.map(csvCell);
  return summary.flows
    .map((f) =>
      [
        ...lead,
        String(seed),
        String(f.flow),
        csvCell(f.sender),
        ...SWEEP_COUNTERS.map((c) => String(f[c])),
        String(summary.events),
        String(summary.decisions),
      ].join(','),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** The text after the last row. */
export function sweepTail(options: SweepOptions): string {
  return options.format === 'json' ? ']\n' : '';
}

/** Why a run failed, for stderr. */
export function runFailure(sweep: PreparedSweep, i: number, message: string): string {
  const where = describeRun(
    sweep.options.axes,
    sweep.values[i]!,
    sweep.options.seeds ? sweep.seeds[i]! : null,
  );
  return `the engine failed in run ${i + 1}/${sweep.queries.length}${where ? ` (${where})` : ''}: ${message}`;
}

export interface SweepIo {
  write(text: string): void;
  /** Called after each finished run with the count done so far. */
  progress?(done: number, total: number): void;
}

/**
 * Run the whole sweep in this thread, printing as it goes.
 * @returns null when every run finished, else the failure message (exit code 1).
 */
export function runSweepHere(sweep: PreparedSweep, io: SweepIo): string | null {
  const n = sweep.queries.length;
  io.write(sweepHead(sweep.options));
  for (let i = 0; i < n; i++) {
    let result: RunResult;
    try {
      result = sweepRun(sweep.configs[i]!, sweep.options.out);
    } catch (err) {
      return runFailure(sweep, i, err instanceof Error ? err.message : String(err));
    }
    io.write(sweepRows(sweep, i, result));
    io.progress?.(i + 1, n);
  }
  io.write(sweepTail(sweep.options));
  return null;
}
