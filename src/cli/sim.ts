/**
 * `npm run --silent sim -- '<query string>' --out router|cwnd|explain|summary [--format …]`
 * Process I/O only; the work is in main.ts (run `--help` for the options). `npm run sim` runs
 * the esbuild bundle of this file (scripts/sim.mjs); `tsx src/cli/sim.ts` runs it as it is.
 *
 * Loaded in a worker thread with workerData[WORKER_FLAG] set, it serves a sweep's runs instead.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { main } from './main';
import { WORKER_FLAG, serveSweepWorker } from './sweep-pool';

const isSweepWorker =
  !isMainThread &&
  parentPort !== null &&
  (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true;

if (isSweepWorker) {
  serveSweepWorker(parentPort!);
} else {
  // A reader that goes away (`sim … | head -1`) is not an error: stop quietly.
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  };
  process.stdout.on('error', onError);
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    stderrIsTTY: process.stderr.isTTY === true,
    stdoutBytes: (b) => void process.stdout.write(b),
    stdoutIsTTY: process.stdout.isTTY === true,
    workerEntry: new URL(import.meta.url),
  });
}
