/**
 * The only code that talks to the capture worker: start an import, forward its progress,
 * cancel it (terminate the worker; the next import starts a fresh one) and write the outcome
 * into the store. A failed or cancelled import leaves the capture and the scenario on screen.
 * The file is read in the worker from the Blob the picker or the drop gave: nothing is sent
 * anywhere.
 */
import * as Comlink from 'comlink';
import { useApp } from '../store';
import type { CaptureApi, CapturePhase } from '../worker/captureApi';

export interface CaptureHandle {
  api: CaptureApi | Comlink.Remote<CaptureApi>;
  terminate(): void;
  /** Called when the worker dies (load error, out of memory). */
  onFatal?: (message: string) => void;
  /** Callbacks must be proxied across a real worker (Comlink.proxy). */
  remote: boolean;
}

function workerHandle(): CaptureHandle {
  const worker = new Worker(new URL('../worker/capture.worker.ts', import.meta.url), {
    type: 'module',
    name: 'capture',
  });
  const handle: CaptureHandle = {
    api: Comlink.wrap<CaptureApi>(worker),
    terminate: () => worker.terminate(),
    remote: true,
  };
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    handle.onFatal?.(e.message || 'the capture reader failed to start');
  });
  return handle;
}

let factory: () => CaptureHandle = workerHandle;
let current: CaptureHandle | null = null;
let token = 0;

/** Tests replace the worker with the API in-process. */
export function setCaptureFactory(f: () => CaptureHandle): void {
  current?.terminate();
  current = null;
  factory = f;
}

function message(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return 'the capture could not be read';
}

/** Read and analyse `file` in the capture worker; the result replaces the capture shown. */
export async function importCapture(file: Blob, name: string): Promise<void> {
  cancelWorker();
  const mine = ++token;
  const handle = factory();
  current = handle;
  useApp.getState().captureStarted(name);
  const onProgress = (f: number, phase: CapturePhase) => {
    if (mine === token) useApp.getState().captureProgress(f, phase);
  };
  try {
    const fatal = new Promise<never>((_, reject) => {
      handle.onFatal = (m) => reject(new Error(m));
    });
    const cb = handle.remote ? Comlink.proxy(onProgress) : onProgress;
    const view = await Promise.race([handle.api.open(file, name, cb), fatal]);
    if (mine !== token) return;
    useApp.getState().captureLoaded(view);
  } catch (err) {
    if (mine !== token) return;
    useApp.getState().captureFailed(`${name}: ${message(err)}`);
  } finally {
    if (mine === token) cancelWorker();
  }
}

function cancelWorker(): void {
  current?.terminate();
  current = null;
}

/** Abandon the import in progress; what was on screen stays. */
export function cancelImport(): void {
  if (useApp.getState().capture.status !== 'reading') return;
  token++;
  cancelWorker();
  useApp.getState().captureCancelled();
}
