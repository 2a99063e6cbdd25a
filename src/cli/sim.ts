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
  // A reader that goes away (`sim … | head -1`) is not an error: stop quietly. Any other write
  // error (a full disk: ENOSPC) is one line on stderr and exit code 1, not a stack trace. A
  // file or /dev/full as stdout fails synchronously inside write(), a pipe with an 'error' event.
  const onError = (err: NodeJS.ErrnoException): never => {
    if (err.code === 'EPIPE') process.exit(0);
    const msg = err instanceof Error ? err.message : String(err);
    process.stderr.write(`sim: cannot write the output: ${msg}\n`);
    process.exit(1);
  };
  const toStdout = (data: string | Uint8Array): void => {
    try {
      process.stdout.write(data);
    } catch (err) {
      onError(err as NodeJS.ErrnoException);
    }
  };
  process.stdout.on('error', onError);
  process.exitCode = await main(process.argv.slice(2), {
    stdout: toStdout,
    stderr: (t) => void process.stderr.write(t),
    stderrIsTTY: process.stderr.isTTY === true,
    stdoutBytes: toStdout,
    stdoutIsTTY: process.stdout.isTTY === true,
    workerEntry: new URL(import.meta.url),
  });
}
