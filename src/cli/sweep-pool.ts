/**
 * A sweep spread over Node worker threads: each worker runs one run at a time (two queued so it
 * never waits), and the rows are printed in run-list order as soon as every earlier run is
 * done, so the output is byte for byte that of runSweepHere (sweep.ts).
 *
 * The worker threads load the CLI's own entry module (sim.ts, or its bundle) again; it sees
 * `workerData[WORKER_FLAG]` and serves runs instead of reading argv.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import type { SweepOutput } from './args';
import { resolveQuery } from './scenario';
import {
  runFailure,
  sweepHead,
  sweepRows,
  sweepRun,
  sweepTail,
  type PreparedSweep,
  type RunResult,
  type SweepIo,
} from './sweep';

/** Key in workerData that makes the entry module a sweep worker. */
export const WORKER_FLAG = 'ackclockSweepWorker';

interface Job {
  i: number;
  query: string;
  out: SweepOutput;
}

type Reply = { i: number; result: RunResult } | { i: number; error: string };

/** The worker side: answer each job with the run's summary or metrics rows, or the engine's error. */
export function serveSweepWorker(port: MessagePort): void {
  port.on('message', (job: Job) => {
    let reply: Reply;
    try {
      const r = resolveQuery(job.query);
      if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
      reply = { i: job.i, result: sweepRun(r.config, job.out) };
    } catch (err) {
      reply = { i: job.i, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
}

/**
 * A worker thread loading `entry`. The bundle (.mjs) loads as it is; sim.ts itself (run through
 * tsx) needs tsx's loader, which Node 20 does not pass on to worker threads: the worker then
 * starts from a one-line script that imports the entry through tsx's API.
 */
function startWorker(entry: URL): Worker {
  const workerData = { [WORKER_FLAG]: true };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const url = JSON.stringify(entry.href);
  const code = `import(${api}).then((tsx) => tsx.tsImport(${url}, ${url}));`;
  return new Worker(code, { eval: true, workerData });
}

/** Runs in flight per worker (one running, one waiting). */
const QUEUED_PER_WORKER = 2;

/**
 * Run the sweep on `jobs` worker threads loading `entry`, printing as it goes.
 * @returns null when every run finished, else the failure message (exit code 1).
 */
export function runSweepPool(
  sweep: PreparedSweep,
  jobs: number,
  entry: URL,
  io: SweepIo,
): Promise<string | null> {
  const n = sweep.queries.length;
  const rows: (string | undefined)[] = new Array<string | undefined>(n);
  let next = 0;
  let printed = 0;
  let done = 0;
  let finished = false;
  const workers: Worker[] = [];

  return new Promise((resolve) => {
    const finish = (failure: string | null): void => {
      if (finished) return;
      finished = true;
      for (const w of workers) void w.terminate();
      resolve(failure);
    };
    const dispatch = (w: Worker): void => {
      if (next >= n) return;
      const job: Job = { i: next, query: sweep.queries[next]!, out: sweep.options.out };
      next++;
      w.postMessage(job);
    };

    io.write(sweepHead(sweep.options));
    for (let k = 0; k < Math.min(jobs, n); k++) {
      const w = startWorker(entry);
      workers.push(w);
      w.on('message', (reply: Reply) => {
        if (finished) return;
        if ('error' in reply) {
          finish(runFailure(sweep, reply.i, reply.error));
          return;
        }
        rows[reply.i] = sweepRows(sweep, reply.i, reply.result);
        done++;
        io.progress?.(done, n);
        let text = '';
        while (printed < n && rows[printed] !== undefined) {
          text += rows[printed];
          rows[printed] = undefined;
          printed++;
        }
        if (text) io.write(text);
        if (printed === n) {
          io.write(sweepTail(sweep.options));
          finish(null);
          return;
        }
        dispatch(w);
      });
      w.on('error', (err) => finish(`a worker thread failed: ${err.message}`));
      w.on('exit', (code) => {
        if (!finished) finish(`a worker thread exited with code ${code}`);
      });
      for (let q = 0; q < QUEUED_PER_WORKER; q++) dispatch(w);
    }
  });
}
