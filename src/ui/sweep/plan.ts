/**
 * A sweep's run list, checked before anything runs: every (value, seed) pair becomes a scenario
 * through its URL keys (`<key>=<value>&seed=<seed>` on the base scenario, the same validation as
 * a shared link, including each run's own budget), and the runs together must fit the sweep
 * budget: the sum of the scenario module's per-run estimates (estimateScenarioCost), refused with
 * the estimate and what to lower. Runs are listed seed by seed (every value of seed 1, then of
 * seed 2, …) so that a cancelled sweep has a row for every value. Pure.
 */
import {
  estimateScenarioCost,
  solveLongestStop,
  type RunCost,
  type Scenario,
} from '../deps/scenarios';
import { applyFields } from '../model/scenarioQuery';

/** Most runs in one sweep (the CLI's limit too). */
export const MAX_SWEEP_RUNS = 10_000;

/**
 * Most CPU seconds the runs of one sweep may take together, as the scenario module estimates
 * them for metrics-only runs (an upper bound: real runs take 2–9 × less). Alamgir et al.'s
 * Table 2 (7 losses × 30 seeds of 1000 s) is estimated at about 400 s.
 */
export const MAX_SWEEP_CPU_SECONDS = 1200;

/** Keys a sweep may not vary (`seed` has its own range; the others are not numbers to sweep). */
const NOT_SWEPT = new Set(['v', 'preset', 'seed', 'flows', 'drops', 'sender']);

export interface SweepJob {
  index: number;
  value: string;
  seed: number;
  scenario: Scenario;
}

export interface SweepError {
  /** The form field at fault: 'key', 'values', 'seeds', 'extra' (Other keys) or 'budget'. */
  field: 'key' | 'values' | 'seeds' | 'extra' | 'budget';
  message: string;
}

export type SweepPlan =
  | {
      ok: true;
      jobs: SweepJob[];
      values: string[];
      seeds: number[];
      /** Summed estimate of the runs. */
      cpuSeconds: number;
      packetEvents: number;
    }
  | { ok: false; errors: SweepError[] };

/** Whether `key` may be swept. */
export function sweepable(key: string): boolean {
  return !NOT_SWEPT.has(key);
}

/** "0.01, 0.02,0.03" → ['0.01', '0.02', '0.03'] (empty items dropped, duplicates once). */
export function parseValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Seeds from..to inclusive, or why not. */
export function seedRange(from: number, to: number): number[] | string {
  const ok = (x: number) => Number.isInteger(x) && x >= 0 && x <= 4294967295;
  if (!ok(from) || !ok(to)) return 'seeds: whole numbers from 0 to 4294967295';
  if (to < from) return `seeds: the last seed (${to}) is before the first (${from})`;
  if (to - from + 1 > MAX_SWEEP_RUNS) return `seeds: at most ${MAX_SWEEP_RUNS} seeds`;
  const out: number[] = [];
  for (let s = from; s <= to; s++) out.push(s);
  return out;
}

const group = (n: number) =>
  Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function totalCost(scenarios: readonly Scenario[], seeds: number): RunCost | null {
  let events = 0;
  let cpu = 0;
  let first: RunCost | null = null;
  for (const s of scenarios) {
    const c = estimateScenarioCost(s);
    if (!c) return null;
    first ??= c;
    events += c.packetEvents * seeds;
    cpu += c.metricsCpuSeconds * seeds;
  }
  return first ? { ...first, packetEvents: events, metricsCpuSeconds: cpu } : null;
}

/** The longest stop (s, two significant digits) at which the sweep fits, or null. */
function longestSweepStop(scenarios: readonly Scenario[], seeds: number): number | null {
  let start = 0;
  for (const s of scenarios) for (const f of s.flows) start = Math.max(start, f.start);
  const end = scenarios.reduce((m, s) => Math.max(m, s.stop), 0);
  return solveLongestStop(start, end, (stop) => {
    const c = totalCost(
      scenarios.map((s) => ({ ...s, stop })),
      seeds,
    );
    return c === null
      ? { fits: false, load: Infinity }
      : {
          fits: c.metricsCpuSeconds <= MAX_SWEEP_CPU_SECONDS,
          load: c.metricsCpuSeconds / MAX_SWEEP_CPU_SECONDS,
        };
  });
}

/**
 * The run list of sweeping `key` over `values` with seeds `seeds` on `base`, or every problem
 * found (each naming the form field at fault).
 */
export function planSweep(
  base: Scenario,
  key: string,
  values: readonly string[],
  seeds: readonly number[],
): SweepPlan {
  const errors: SweepError[] = [];
  if (!sweepable(key)) errors.push({ field: 'key', message: `${key}: cannot be swept here` });
  if (values.length === 0)
    errors.push({ field: 'values', message: 'values: give at least one value' });
  if (seeds.length === 0) errors.push({ field: 'seeds', message: 'seeds: give at least one seed' });
  const runs = values.length * seeds.length;
  if (runs > MAX_SWEEP_RUNS)
    errors.push({
      field: 'values',
      message: `sweep: ${group(runs)} runs is more than ${group(MAX_SWEEP_RUNS)}; sweep fewer values or seeds`,
    });
  if (errors.length > 0) return { ok: false, errors };

  // One scenario per value (seed first: a key that depends on it, none yet, would see it).
  const byValue: Scenario[] = [];
  for (const v of values) {
    const r = applyFields(base, { [key]: v, seed: String(seeds[0]) });
    if (!r.ok) {
      for (const e of r.errors)
        errors.push({ field: 'values', message: `${key}=${v}: ${e.message}` });
      continue;
    }
    byValue.push(r.scenario);
  }
  if (errors.length > 0) return { ok: false, errors };

  const cost = totalCost(byValue, seeds.length);
  if (cost === null)
    return {
      ok: false,
      errors: [{ field: 'budget', message: 'sweep: the cost of these runs cannot be estimated' }],
    };
  if (cost.metricsCpuSeconds > MAX_SWEEP_CPU_SECONDS) {
    const stop = longestSweepStop(byValue, seeds.length);
    return {
      ok: false,
      errors: [
        {
          field: 'budget',
          message:
            `sweep: these ${group(runs)} runs would simulate about ${group(cost.packetEvents)} packet events ` +
            `(about ${group(cost.metricsCpuSeconds)} s of CPU in all, estimated); the limit is ` +
            `${group(MAX_SWEEP_CPU_SECONDS)} s of CPU per sweep: sweep fewer values or seeds, or lower ` +
            (stop !== null ? `stop (to at most ${stop} s)` : 'stop') +
            ' or bw',
        },
      ],
    };
  }

  const jobs: SweepJob[] = [];
  for (const seed of seeds)
    values.forEach((value, k) => {
      const r = applyFields(byValue[k]!, { seed: String(seed) });
      if (r.ok) jobs.push({ index: jobs.length, value, seed, scenario: r.scenario });
      else errors.push({ field: 'seeds', message: `seed=${seed}: ${r.error}` });
    });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 5) };
  return {
    ok: true,
    jobs,
    values: [...values],
    seeds: [...seeds],
    cpuSeconds: cost.metricsCpuSeconds,
    packetEvents: cost.packetEvents,
  };
}
