import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseScenarioQuery, type Scenario } from '../../../src/ui/deps/scenarios';
import { resetApp, useApp } from '../../../src/ui/store';
import { cancelSweep, defaultSweepForm, startSweep } from '../../../src/ui/sweep/controller';
import {
  MAX_SWEEP_CPU_SECONDS,
  parseValues,
  planSweep,
  seedRange,
} from '../../../src/ui/sweep/plan';
import {
  poolSize,
  runPool,
  setSweepWorkerFactory,
  type SweepWorker,
} from '../../../src/ui/sweep/pool';
import {
  etaSeconds,
  etaText,
  INITIAL_SWEEP,
  progressText,
  sweepReducer,
  type SweepSpec,
  type SweepState,
} from '../../../src/ui/sweep/state';
import { runScenarioMetrics } from '../../../src/ui/worker/runScenario';
import type { SweepRunResult } from '../../../src/ui/worker/protocol';

vi.setConfig({ testTimeout: 30_000 });

function scenario(q: string): Scenario {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  return p.scenario;
}

const spec: SweepSpec = {
  preset: 'alamgir-table2',
  key: 'loss',
  values: ['0.01', '0.02'],
  seeds: [1, 2],
  published: null,
  baseQuery: 'preset=alamgir-table2',
  workers: 2,
};
const rec = (index: number) => ({
  index,
  value: '0.01',
  seed: 1,
  rows: [],
  engineMs: 1,
  events: 1,
});

describe('sweep state machine', () => {
  it('idle → running → done, counting runs and failed runs', () => {
    let s: SweepState = sweepReducer(INITIAL_SWEEP, {
      type: 'start',
      id: 7,
      spec,
      total: 3,
      now: 1000,
    });
    expect(s.status).toBe('running');
    expect(progressText(s, 1000)).toBe('run 0 of 3, estimating the time left…');
    s = sweepReducer(s, { type: 'run', id: 7, run: rec(0), now: 3000 });
    // 1 run in 2 s, 2 to go: 4 s left.
    expect(etaSeconds(s, 3000)).toBe(4);
    expect(progressText(s, 3000)).toBe('run 1 of 3, ~4 s left');
    s = sweepReducer(s, {
      type: 'runFailed',
      id: 7,
      index: 1,
      value: '0.02',
      seed: 1,
      message: 'boom',
      now: 4000,
    });
    expect(progressText(s, 4000)).toBe('run 2 of 3 (1 failed), ~2 s left');
    s = sweepReducer(s, { type: 'run', id: 7, run: rec(2), now: 5000 });
    expect(s.status).toBe('done');
    expect(s.runs.length).toBe(2);
    expect(progressText(s, 9999)).toBe('3 runs in 4.0 s (1 failed)');
  });

  it('cancel keeps the finished runs; late answers of the old sweep are ignored; a new start clears', () => {
    let s = sweepReducer(INITIAL_SWEEP, { type: 'start', id: 1, spec, total: 4, now: 0 });
    s = sweepReducer(s, { type: 'run', id: 1, run: rec(0), now: 10 });
    s = sweepReducer(s, { type: 'cancel', id: 1, now: 20 });
    expect(s.status).toBe('cancelled');
    expect(s.runs.length).toBe(1);
    expect(s.message).toBe('Sweep cancelled after 1 of 4 runs; the finished runs are kept.');
    expect(sweepReducer(s, { type: 'run', id: 1, run: rec(1), now: 30 })).toBe(s);
    // A start while running is refused; after, a new sweep starts empty.
    const r = sweepReducer(s, { type: 'start', id: 2, spec, total: 2, now: 40 });
    expect(r.status).toBe('running');
    expect(r.runs).toEqual([]);
    expect(sweepReducer(r, { type: 'start', id: 3, spec, total: 9, now: 50 })).toBe(r);
    expect(sweepReducer(r, { type: 'run', id: 1, run: rec(0), now: 60 })).toBe(r);
    const f = sweepReducer(r, {
      type: 'fail',
      id: 2,
      message: 'A sweep worker stopped: x',
      now: 70,
    });
    expect(f.status).toBe('error');
    expect(progressText(f, 70)).toBe('A sweep worker stopped: x');
  });

  it('time left in words', () => {
    expect(etaText(null)).toBe('estimating the time left…');
    expect(etaText(0.4)).toBe('under a second left');
    expect(etaText(40.4)).toBe('~40 s left');
    expect(etaText(200)).toBe('~3 min left');
  });
});

describe('sweep plan', () => {
  const base = scenario('preset=alamgir-table2&stop=50');

  it('every (value, seed) pair through the URL keys, seed by seed', () => {
    const p = planSweep(base, 'loss', parseValues('0.01, 0.02,0.01'), [1, 2, 3]);
    if (!p.ok) throw new Error(p.errors[0]!.message);
    expect(p.values).toEqual(['0.01', '0.02']);
    expect(p.jobs.map((j) => `${j.value}/${j.seed}`)).toEqual([
      '0.01/1',
      '0.02/1',
      '0.01/2',
      '0.02/2',
      '0.01/3',
      '0.02/3',
    ]);
    expect(p.jobs.map((j) => [j.scenario.loss, j.scenario.seed, j.scenario.stop])).toEqual([
      [0.01, 1, 50],
      [0.02, 1, 50],
      [0.01, 2, 50],
      [0.02, 2, 50],
      [0.01, 3, 50],
      [0.02, 3, 50],
    ]);
  });

  it('a bad value is refused with its key and the scenario module’s message', () => {
    const p = planSweep(base, 'loss', ['0.01', '0.7'], [1]);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0]!.field).toBe('values');
    expect(p.errors[0]!.message).toMatch(/^loss=0\.7: loss: /);
    expect(planSweep(base, 'seed', ['1'], [1]).ok).toBe(false);
    expect(seedRange(5, 2)).toBe('seeds: the last seed (2) is before the first (5)');
    expect(seedRange(1, 3)).toEqual([1, 2, 3]);
  });

  it('a sweep over the budget is refused before it runs, saying what to lower', () => {
    const full = scenario('preset=alamgir-table2');
    // 7 losses × 30 seeds of 1000 s fits; 1000 seeds do not (100 did, since the estimate
    // follows what the GEO link lets through: 0.24–0.45 s of CPU a run)
    const ok = planSweep(
      full,
      'loss',
      parseValues('0.008,0.009,0.01,0.015,0.02,0.025,0.03'),
      seedRange(1, 30) as number[],
    );
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.cpuSeconds).toBeLessThanOrEqual(MAX_SWEEP_CPU_SECONDS);
    const over = planSweep(
      full,
      'loss',
      parseValues('0.008,0.009,0.01,0.015,0.02,0.025,0.03'),
      seedRange(1, 1000) as number[],
    );
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.errors[0]!.field).toBe('budget');
    expect(over.errors[0]!.message).toMatch(
      /^sweep: these 7,000 runs would simulate about [\d,]+ packet events \(about [\d,]+ s of CPU in all, estimated\); the limit is 1,200 s of CPU per sweep: sweep fewer values or seeds, or lower stop \(to at most \d+ s\) or bw$/,
    );
  });

  it('one worker per core, at least one, no more than runs', () => {
    expect(poolSize(210, 8)).toBe(8);
    expect(poolSize(3, 8)).toBe(3);
    expect(poolSize(10, undefined)).toBe(1);
    expect(poolSize(10, 0)).toBe(1);
  });
});

/** In-process workers: each run is the worker's real computation, answered after `delayMs`. */
function fakeWorkers(delayMs = 0) {
  const made: { k: number; terminated: boolean; runs: number }[] = [];
  const factory = (k: number): SweepWorker => {
    const w = { k, terminated: false, runs: 0 };
    made.push(w);
    return {
      api: {
        runMetrics: async (s: Scenario): Promise<SweepRunResult> => {
          w.runs++;
          const r = runScenarioMetrics(s);
          await new Promise((res) => setTimeout(res, delayMs));
          return r;
        },
      },
      terminate: () => {
        w.terminated = true;
      },
    };
  };
  return { made, factory };
}

afterEach(() => {
  setSweepWorkerFactory(null);
  resetApp();
});

describe('worker pool', () => {
  it('spreads the runs over the workers; each run answers once with the metrics module’s rows', async () => {
    const { made, factory } = fakeWorkers();
    setSweepWorkerFactory(factory);
    const p = planSweep(
      scenario('preset=alamgir-table2&stop=20'),
      'loss',
      ['0.01', '0.02'],
      [1, 2],
    );
    if (!p.ok) throw new Error('plan');
    const got: number[] = [];
    await new Promise<void>((done) => {
      runPool(p.jobs, 2, {
        onRun: (job, r) => {
          got.push(job.index);
          expect(r.rows.map((x) => x.sender)).toEqual(['sack', 'sctp-4960']);
          if (got.length === p.jobs.length) done();
        },
        onRunFailed: () => {},
        onFatal: () => {},
      });
    });
    expect(got.sort()).toEqual([0, 1, 2, 3]);
    expect(made.map((w) => w.runs)).toEqual([2, 2]);
    // Deterministic per (scenario, seed): the same run gives the same numbers again.
    expect(runScenarioMetrics(p.jobs[1]!.scenario)).toMatchObject({
      rows: runScenarioMetrics(p.jobs[1]!.scenario).rows,
    });
  });
});

describe('sweep controller: progress and cancel', () => {
  it('runs to the end, then keeps the app’s own scenario untouched', async () => {
    setSweepWorkerFactory(fakeWorkers().factory);
    const current = scenario('preset=alamgir-table2&stop=20');
    useApp.getState().setScenario(current);
    const form = { ...defaultSweepForm(current), values: '0.01,0.02', seedFrom: '1', seedTo: '2' };
    expect(form.preset).toBe('alamgir-table2');
    expect(form.key).toBe('loss');
    expect(startSweep(form, current)).toBeNull();
    expect(useApp.getState().sweep.status).toBe('running');
    await vi.waitFor(() => expect(useApp.getState().sweep.status).toBe('done'));
    const s = useApp.getState().sweep;
    expect(s.runs.length).toBe(4);
    expect(s.spec?.published?.source).toBe('Alamgir et al. (undated), Table 2');
    expect(useApp.getState().scenario).toBe(current);
  });

  it('Cancel terminates every worker, keeps the finished runs and drops late answers', async () => {
    const { made, factory } = fakeWorkers(30);
    setSweepWorkerFactory(factory);
    const current = scenario('preset=alamgir-table2&stop=10');
    const form = {
      ...defaultSweepForm(current),
      values: '0.01,0.02,0.03',
      seedFrom: '1',
      seedTo: '10',
    };
    expect(startSweep(form, current)).toBeNull();
    await vi.waitFor(() => expect(useApp.getState().sweep.runs.length).toBeGreaterThanOrEqual(2));
    cancelSweep();
    const s = useApp.getState().sweep;
    expect(s.status).toBe('cancelled');
    expect(made.every((w) => w.terminated)).toBe(true);
    const kept = s.runs.length;
    expect(kept).toBeLessThan(30);
    await new Promise((r) => setTimeout(r, 120));
    expect(useApp.getState().sweep.runs.length).toBe(kept);
    expect(progressText(useApp.getState().sweep, 0)).toBe(
      `Sweep cancelled after ${kept} of 30 runs; the finished runs are kept.`,
    );
  });

  it('a problem is returned for its field and nothing starts', () => {
    const current = scenario('preset=alamgir-table2');
    const bad = startSweep({ ...defaultSweepForm(current), seedFrom: '3', seedTo: '1' }, current);
    expect(bad).toEqual([
      { field: 'seeds', message: 'seeds: the last seed (1) is before the first (3)' },
    ]);
    expect(useApp.getState().sweep.status).toBe('idle');
  });

  it('Other keys refuses what a link refuses: a key twice, the swept key, seed (nothing starts)', () => {
    const current = scenario('preset=alamgir-table2');
    const form = { ...defaultSweepForm(current), values: '0.01,0.02' };
    expect(form.key).toBe('loss');
    const tryExtra = (extra: string) => startSweep({ ...form, extra }, current);
    expect(tryExtra('stop=100&stop=200')).toEqual([
      { field: 'extra', message: 'other keys: stop is given twice; give each key once' },
    ]);
    expect(tryExtra('stop=100&loss=0.05')).toEqual([
      { field: 'extra', message: 'other keys: loss is the swept key; its values go in Values' },
    ]);
    expect(tryExtra('seed=4')).toEqual([
      {
        field: 'extra',
        message: 'other keys: seed is set by the seed range; give the seeds there',
      },
    ]);
    expect(tryExtra('stop')).toEqual([
      { field: 'extra', message: 'other keys: “stop” is not key=value' },
    ]);
    expect(useApp.getState().sweep.status).toBe('idle');
  });
});
