/**
 * The CLI as functions: argv in, exit code and the text for stdout/stderr out. runCli is the
 * synchronous, in-process form (tests call it directly; a sweep runs in this thread whatever
 * --jobs says); main is what sim.ts runs: it streams a sweep's rows and spreads its runs over
 * worker threads.
 */
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { run } from '../engine';
import { tracePcap } from '../pcap';
import { runGuards } from '../scenarios';
import { USAGE, parseArgs, type SweepOptions } from './args';
import { parseCaptureArgs, wantsCapture } from './capture-args';
import { readCaptureFile, renderCapture } from './capture-output';
import { renderMetrics, runMetricsRows } from './metrics-output';
import { renderPaths } from './paths-output';
import { renderQueue } from './queue-output';
import { renderRates } from './rate-output';
import { render } from './render';
import { formatQueryError, resolveQuery } from './scenario';
import { prepareSweep, runSweepHere, type SweepIo } from './sweep';
import { defaultJobs, sweepPacketEvents } from './sweep-jobs';
import { runSweepPool } from './sweep-pool';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** --out pcap: the file's bytes, and where they go (null = stdout). */
  binary?: { bytes: Uint8Array; file: string | null };
}

const lines = (msgs: readonly string[], prefix = 'sim: '): string =>
  msgs.map((m) => `${prefix}${m}\n`).join('');

export function runCli(argv: readonly string[]): CliResult {
  if (wantsCapture(argv) && !argv.includes('--help') && !argv.includes('-h'))
    return captureCli(argv);
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') return { code: 0, stdout: USAGE, stderr: '' };
  if (parsed.kind === 'error') return { code: 2, stdout: '', stderr: `sim: ${parsed.message}\n` };
  if (parsed.kind === 'sweep') return sweepInProcess(parsed.options);
  const { query, out, format, pcap } = parsed.options;

  const resolved = resolveQuery(query);
  if (!resolved.ok) {
    return {
      code: 2,
      stdout: '',
      stderr: lines(resolved.errors.map((e) => `invalid scenario: ${formatQueryError(e)}`)),
    };
  }
  const warnings = lines(resolved.warnings, 'sim: warning: ');

  const { config, scenario } = resolved;
  // stop a run that outgrows its estimate (the app's worker passes the same)
  const guards = runGuards(config);
  let stdout: string;
  try {
    if (out === 'metrics') {
      // Metrics need the counters and accumulators only: no trace is kept.
      const trace = run(config, { record: 'metrics', ...guards });
      stdout = renderMetrics(
        runMetricsRows(trace, config),
        scenario.seed,
        format === 'json' ? 'json' : 'csv',
      );
    } else if (out === 'paths') {
      // Path events are kept in both record modes: a metrics-only run is enough.
      const trace = run(config, { record: 'metrics', ...guards });
      stdout = renderPaths(trace, format === 'json' ? 'json' : 'csv');
    } else if (out === 'rate') {
      // The rate rows are part of the full trace.
      stdout = renderRates(run(config, guards), format === 'json' ? 'json' : 'csv');
    } else if (out === 'queue') {
      // Derived from the full trace's packet events and AQM samples.
      stdout = renderQueue(run(config, guards), format === 'json' ? 'json' : 'csv');
    } else if (out === 'pcap') {
      const trace = run(config, guards);
      let capture;
      try {
        capture = tracePcap(trace, config, { node: pcap?.node, isn: pcap?.isn });
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        return { code: 2, stdout: '', stderr: `${warnings}sim: --pcap-node: ${msg}\n` };
      }
      const note = `sim: pcap: ${capture.packets} packets seen at ${capture.node}\n`;
      return {
        code: 0,
        stdout: '',
        stderr: warnings + note,
        binary: { bytes: capture.bytes, file: pcap?.file ?? null },
      };
    } else {
      stdout = render(run(config, guards), out, format);
    }
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return { code: 1, stdout: '', stderr: `${warnings}sim: the engine failed: ${msg}\n` };
  }
  return { code: 0, stdout, stderr: warnings };
}

/** --in: read a capture instead of running a scenario (capture-args.ts). */
function captureCli(argv: readonly string[]): CliResult {
  const parsed = parseCaptureArgs(argv);
  if (parsed.kind === 'error') return { code: 2, stdout: '', stderr: `sim: ${parsed.message}\n` };
  let reader;
  try {
    reader = readCaptureFile(parsed.options.file);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return { code: 2, stdout: '', stderr: `sim: --in ${parsed.options.file}: ${msg}\n` };
  }
  return { code: 0, stdout: renderCapture(reader, parsed.options), stderr: '' };
}

function sweepInProcess(options: SweepOptions): CliResult {
  const prepared = prepareSweep(options);
  if (!prepared.ok) return { code: 2, stdout: '', stderr: lines(prepared.errors) };
  let stdout = '';
  const failure = runSweepHere(prepared.sweep, { write: (t) => (stdout += t) });
  const stderr = lines(prepared.warnings, 'sim: warning: ') + (failure ? lines([failure]) : '');
  return { code: failure ? 1 : 0, stdout, stderr };
}

export interface ProcessIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress is shown there by default). */
  stderrIsTTY: boolean;
  /** Module that worker threads load to serve sweep runs (sim.ts or its bundle); null = no workers. */
  workerEntry: URL | null;
  /** Binary output (--out pcap without --file); absent = refused. */
  stdoutBytes?(bytes: Uint8Array): void;
  /** Whether stdout is a terminal (binary output is refused there). */
  stdoutIsTTY?: boolean;
}

/** Write a CliResult's binary output: to its file, else to stdout unless that is a terminal. */
function writeBinary(r: CliResult, io: ProcessIo): number {
  const b = r.binary;
  if (!b) return r.code;
  if (b.file !== null) {
    try {
      writeFileSync(b.file, b.bytes);
    } catch (err) {
      io.stderr(
        `sim: cannot write ${b.file}: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return 1;
    }
    return r.code;
  }
  if (!io.stdoutBytes || io.stdoutIsTTY) {
    io.stderr('sim: --out pcap is binary: give --file PATH (or redirect stdout)\n');
    return 2;
  }
  io.stdoutBytes(b.bytes);
  return r.code;
}

/** The whole CLI for a process: returns the exit code. */
export async function main(argv: readonly string[], io: ProcessIo): Promise<number> {
  const parsed = wantsCapture(argv) ? ({ kind: 'capture' } as const) : parseArgs(argv);
  if (parsed.kind !== 'sweep') {
    const r = runCli(argv);
    if (r.stderr) io.stderr(r.stderr);
    if (r.stdout) io.stdout(r.stdout);
    return writeBinary(r, io);
  }
  const { options } = parsed;
  const prepared = prepareSweep(options);
  if (!prepared.ok) {
    io.stderr(lines(prepared.errors));
    return 2;
  }
  if (prepared.warnings.length > 0) io.stderr(lines(prepared.warnings, 'sim: warning: '));
  const { sweep } = prepared;
  const n = sweep.queries.length;
  // --jobs, else workers only when the sweep is long enough to pay for their start-up
  const jobs = Math.min(
    options.jobs ?? defaultJobs(n, sweepPacketEvents(sweep.configs), availableParallelism()),
    n,
  );

  const sweepIo: SweepIo = { write: io.stdout };
  if (options.progress || io.stderrIsTTY) {
    let last = 0;
    sweepIo.progress = (done, total) => {
      if (!io.stderrIsTTY) {
        io.stderr(`run ${done}/${total}\n`);
        return;
      }
      const now = Date.now();
      if (done < total && now - last < 100) return;
      last = now;
      io.stderr(`\rrun ${done}/${total}${done === total ? '\n' : ''}`);
    };
  }
  const failure =
    jobs > 1 && io.workerEntry
      ? await runSweepPool(sweep, jobs, io.workerEntry, sweepIo)
      : runSweepHere(sweep, sweepIo);
  if (failure) {
    io.stderr(`${io.stderrIsTTY && sweepIo.progress ? '\n' : ''}sim: ${failure}\n`);
    return 1;
  }
  return 0;
}
