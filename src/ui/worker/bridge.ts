/**
 * The only module that talks to the engine worker. It asks for runs, forwards progress,
 * cancels (by terminating the worker; the next run starts a fresh one) and writes every
 * outcome into the store. Components call `requestRun` / `cancelRun`, never the worker.
 */
import * as Comlink from 'comlink';
import type { Scenario } from '../deps/scenarios';
import { useApp } from '../store';
import type { EngineApi, RunResult } from './protocol';
import { PERF_RESULT, perfMark } from '../perf/marks';

export interface EngineHandle {
  api: EngineApi | Comlink.Remote<EngineApi>;
  terminate(): void;
  /** Called by the handle when the worker dies (load error, crash). */
  onFatal?: (message: string) => void;
}

/** A new engine worker (the same entry serves the single runs and the sweep's workers). */
export function spawnEngineWorker(name: string): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name });
}

function workerHandle(): EngineHandle {
  const worker = spawnEngineWorker('engine');
  const handle: EngineHandle = {
    api: Comlink.wrap<EngineApi>(worker),
    terminate: () => worker.terminate(),
  };
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    handle.onFatal?.(e.message || 'the engine worker failed to start');
  });
  return handle;
}

let factory: () => EngineHandle = workerHandle;
let engine: EngineHandle | null = null;
let current = 0;
/** A run (or a fingerprint) is in progress in the worker, which is blocked until it ends. */
let busy = false;
let hashing = false;

/** Tests replace the worker with an in-process engine. */
export function setEngineFactory(f: () => EngineHandle): void {
  engine?.terminate();
  engine = null;
  factory = f;
}

function getEngine(): EngineHandle {
  engine ??= factory();
  return engine;
}

function dropEngine(): void {
  engine?.terminate();
  engine = null;
}

/** A run longer than this shows a progress bar and a Cancel button. */
export const SLOW_RUN_MS = 100;

function message(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return 'the engine failed';
}

/**
 * Run the scenario once per sender (compare mode) or once (senders = [its own sender]).
 * The previous results stay visible until the new ones arrive; errors keep them too.
 */
export async function requestRun(runs: { sender: string; scenario: Scenario }[]): Promise<void> {
  if (busy || hashing) dropEngine(); // the old work is abandoned: the worker is blocked in it
  const token = ++current;
  busy = true;
  const store = useApp.getState();
  store.runStarted();
  const started = performance.now();
  let progress = 0;
  let slow = false;
  const timer = setTimeout(() => {
    if (token !== current) return;
    slow = true;
    useApp.getState().runProgress(progress, true);
  }, SLOW_RUN_MS);
  try {
    const handle = getEngine();
    const fatal = new Promise<never>((_, reject) => {
      handle.onFatal = (m) => reject(new Error(m));
    });
    const results = [];
    for (let i = 0; i < runs.length; i++) {
      const r = runs[i] as { sender: string; scenario: Scenario };
      const onProgress = (f: number) => {
        if (token !== current) return;
        progress = (i + f) / runs.length;
        if (slow) useApp.getState().runProgress(progress, true);
      };
      const cb = factory === workerHandle ? Comlink.proxy(onProgress) : onProgress;
      results.push(await Promise.race([handle.api.run(r.scenario, cb), fatal]));
      if (token !== current) return;
    }
    perfMark(PERF_RESULT);
    useApp.getState().runFinished(
      results,
      runs.map((r) => r.sender),
      performance.now() - started,
    );
    busy = false;
    hashing = true;
    for (let i = 0; i < results.length; i++) {
      const fp = await Promise.race([handle.api.fingerprint((results[i] as RunResult).runId), fatal]);
      if (token !== current) return;
      useApp.getState().runFingerprint(i, fp);
    }
  } catch (err) {
    if (token !== current) return;
    dropEngine();
    useApp.getState().runFailed(`The engine could not run this scenario: ${message(err)}`);
  } finally {
    clearTimeout(timer);
    if (token === current) {
      busy = false;
      hashing = false;
    }
  }
}

/** Abandon the run in progress; the previous results stay. */
export function cancelRun(): void {
  if (!busy) return;
  current++;
  busy = false;
  dropEngine();
  useApp.getState().runCancelled();
}
