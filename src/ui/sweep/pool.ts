/**
 * The sweep's workers: one engine worker per core (navigator.hardwareConcurrency, at least 1,
 * no more than there are runs), each taking the next run from the list as soon as it finishes
 * one, so the runs stream back in whatever order they end. A run is deterministic per (scenario,
 * seed): which worker runs it does not change its numbers. Cancel terminates every worker at
 * once (a run is one synchronous call in its worker); answers still on their way are dropped.
 * The single-run engine worker (worker/bridge.ts) is separate, so the app keeps working.
 */
import * as Comlink from 'comlink';
import type { Scenario } from '../deps/scenarios';
import { spawnEngineWorker } from '../worker/bridge';
import type { SweepRunResult, SweepWorkerApi } from '../worker/protocol';
import type { SweepJob } from './plan';

export interface SweepWorker {
  api: SweepWorkerApi | Comlink.Remote<SweepWorkerApi>;
  terminate(): void;
  /** Set by the pool: called when the worker itself dies (load error, crash). */
  onFatal?: (message: string) => void;
}

function workerOf(k: number): SweepWorker {
  const w = spawnEngineWorker(`sweep-${k + 1}`);
  const handle: SweepWorker = {
    api: Comlink.wrap<SweepWorkerApi>(w),
    terminate: () => w.terminate(),
  };
  w.addEventListener('error', (e) => {
    e.preventDefault();
    handle.onFatal?.(e.message || 'a sweep worker failed to start');
  });
  return handle;
}

let factory: (k: number) => SweepWorker = workerOf;

/** Tests replace the workers with in-process ones. */
export function setSweepWorkerFactory(f: ((k: number) => SweepWorker) | null): void {
  factory = f ?? workerOf;
}

/** Workers for `runs` runs: one per core, at least 1, at most one per run. */
export function poolSize(runs: number, cores: number | undefined): number {
  const c = Number.isFinite(cores) && (cores ?? 0) >= 1 ? Math.floor(cores!) : 1;
  return Math.max(1, Math.min(c, runs));
}

export interface PoolCallbacks {
  onRun(job: SweepJob, result: SweepRunResult): void;
  /** The engine refused or failed one run; the others go on. */
  onRunFailed(job: SweepJob, message: string): void;
  /** A worker died: the sweep stops (the finished runs stay). */
  onFatal(message: string): void;
}

export interface PoolHandle {
  size: number;
  cancel(): void;
}

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : 'the engine failed';

/** Run `jobs` on `size` workers; the callbacks get each outcome. */
export function runPool(
  jobs: readonly SweepJob[],
  workerCount: number,
  cb: PoolCallbacks,
): PoolHandle {
  let next = 0;
  let stopped = false;
  const workers: SweepWorker[] = [];
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const w of workers) w.terminate();
  };
  const loop = async (w: SweepWorker) => {
    let dead: string | null = null;
    const fatal = new Promise<never>((_, reject) => {
      w.onFatal = (m) => {
        dead = m;
        reject(new Error(m));
      };
    });
    // A fatal rejection nobody awaits yet must not surface as unhandled.
    fatal.catch(() => {});
    while (!stopped && next < jobs.length) {
      const job = jobs[next++]!;
      let result: SweepRunResult;
      try {
        result = await Promise.race([w.api.runMetrics(job.scenario as Scenario), fatal]);
      } catch (err) {
        if (stopped) return;
        if (dead !== null) {
          stop();
          cb.onFatal(`A sweep worker stopped: ${messageOf(err)}`);
          return;
        }
        cb.onRunFailed(job, messageOf(err));
        continue;
      }
      if (stopped) return;
      cb.onRun(job, result);
    }
  };
  const size = poolSize(jobs.length, workerCount);
  for (let k = 0; k < size; k++) {
    const w = factory(k);
    workers.push(w);
    void loop(w);
  }
  return { size, cancel: stop };
}
