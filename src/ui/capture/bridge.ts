/**
 * The only code that talks to the capture worker: start an import, forward its progress,
 * cancel it (terminate the worker; the next import starts a fresh one) and write the outcome
 * into the store. A failed or cancelled import leaves the capture and the scenario on screen.
 * The file is read in the worker from the Blob the picker or the drop gave: nothing is sent
 * anywhere.
 */
import * as Comlink from 'comlink';
import { PERF_CAPTURE, perfMark } from '../perf/marks';
import { unpackConnection } from './pack';
import type { Replay } from '../deps/capture';
import { useApp } from '../store';
import type { CaptureApi } from '../worker/captureApi';

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
/** The worker of the capture shown (it keeps the reader for analyses), and of one being read. */
let shown: CaptureHandle | null = null;
let reading: CaptureHandle | null = null;
let token = 0;
/** Analyses asked for and not yet answered, by connection id. */
const asked = new Set<number>();

/** Tests replace the worker with the API in-process. */
export function setCaptureFactory(f: () => CaptureHandle): void {
  shown?.terminate();
  reading?.terminate();
  shown = reading = null;
  asked.clear();
  factory = f;
}

function message(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return 'the capture could not be read';
}

function fatalOf(handle: CaptureHandle): Promise<never> {
  return new Promise<never>((_, reject) => {
    handle.onFatal = (m) => reject(new Error(m));
  });
}

/**
 * Read `file` in a new capture worker and list its connections; the result replaces the
 * capture shown (whose worker then ends). A failure or Cancel keeps what was shown.
 */
export async function importCapture(file: Blob, name: string): Promise<void> {
  reading?.terminate();
  const mine = ++token;
  perfMark(PERF_CAPTURE, 'pick');
  const handle = factory();
  reading = handle;
  useApp.getState().captureStarted(name);
  const onProgress = (f: number) => {
    if (mine === token) useApp.getState().captureProgress(f);
  };
  try {
    const cb = handle.remote ? Comlink.proxy(onProgress) : onProgress;
    const result = await Promise.race([handle.api.open(file, name, cb), fatalOf(handle)]);
    if (mine !== token) return;
    perfMark(PERF_CAPTURE, 'list');
    shown?.terminate();
    shown = handle;
    reading = null;
    asked.clear();
    useApp.getState().captureLoaded(result);
    for (const id of useApp.getState().capture.selected) void requestAnalysis(id);
  } catch (err) {
    if (mine !== token) return;
    handle.terminate();
    reading = null;
    useApp.getState().captureFailed(`${name}: ${message(err)}`);
  }
}

/** Ask the worker for connection `id`'s analysis once; it lands in the store. */
export async function requestAnalysis(id: number): Promise<void> {
  const handle = shown;
  if (!handle || asked.has(id) || useApp.getState().capture.analyses[id]) return;
  asked.add(id);
  try {
    const packed = await Promise.race([handle.api.analyse(id), fatalOf(handle)]);
    if (handle !== shown) return;
    perfMark(PERF_CAPTURE, 'analysis');
    useApp.getState().captureAnalysed(id, unpackConnection(packed));
  } catch (err) {
    if (handle !== shown) return;
    useApp.getState().captureFailed(`connection ${id + 1}: ${message(err)}`);
  } finally {
    asked.delete(id);
  }
}

/** The replay of connection `id` with `sender` (built in the capture worker). */
export async function requestReplay(id: number, sender: string): Promise<Replay> {
  const handle = shown;
  if (!handle) throw new Error('no capture is open');
  return Promise.race([handle.api.replay(id, sender), fatalOf(handle)]);
}

/** Show connections `ids` (asking for the analyses not yet here). */
export function selectConnections(ids: number[]): void {
  useApp.getState().setCaptureSelected(ids);
  for (const id of ids) void requestAnalysis(id);
}

/** Abandon the import in progress; what was on screen stays. */
export function cancelImport(): void {
  if (useApp.getState().capture.status !== 'reading') return;
  token++;
  reading?.terminate();
  reading = null;
  useApp.getState().captureCancelled();
}
