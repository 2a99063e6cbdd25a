/**
 * One full-trace run of the long scenario (seed 1) with its fingerprint and summary, measured in
 * a process of its own (bench/engine.bench.ts starts it as `node --expose-gc --import tsx
 * bench/full-trace.ts`) so the heap figures see nothing but this run. Prints one JSON line.
 *
 * CPU: the run, its fingerprint and summary, once as the process's first run (cold JIT) and
 * once right after warm-up runs of two other seeds (warm JIT). The warm run is timed before any
 * gc(): a full collection frees the warm-up runs' objects, and V8 then throws away the optimised
 * code that had embedded them (--trace-deopt: "weak objects"), so a run timed after gc() pays for
 * re-optimisation and measured ~2× the warm figure.
 * Memory: a third run of the same seed. heapUsed + arrayBuffers (process.memoryUsage()) after
 * gc() is the baseline; the peak is the largest value seen at the run's 50 progress points and
 * after the fingerprint and summary (growth between two samples, e.g. while a column doubles, is
 * not seen); "retained" is the value after gc() with the trace still referenced.
 */
import { run, type Trace } from '../src/engine';
import { columnBytes } from '../src/trace/column-bytes';
import { fingerprint } from '../src/trace/fingerprint';
import { summaryJson } from '../src/trace/outputs';
import { LONG_QUERY, config, cpuSeconds } from './lib';

export interface FullTraceResult {
  gc: boolean;
  dataPackets: number;
  events: number;
  cpuS: number;
  /** CPU seconds of the same run as the first run of a fresh process (JIT still cold). */
  coldCpuS: number;
  traceBytes: number;
  peakGrowthBytes: number;
  retainedBytes: number;
  fingerprint: string;
}

const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/**
 * gc() until the figure stops falling: V8 frees the backing stores of dead ArrayBuffers on a
 * background thread, so arrayBuffers drops a little after gc() returns.
 */
async function settle(): Promise<void> {
  if (!gc) return;
  let last = Infinity;
  for (let i = 0; i < 20; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
    const now = heap();
    if (now >= last) return;
    last = now;
  }
}

/** Sum of byteLength of every typed array in the trace's columns. */
function traceColumnBytes(trace: Trace): number {
  let sum = 0;
  const tables = [
    trace.packets,
    trace.transmissions,
    trace.ackBlocks,
    trace.decisions,
    trace.samples,
  ];
  for (const cols of tables) sum += columnBytes(cols).view;
  return sum;
}

// The first run in a fresh process (what a one-off CLI run pays: the JIT is still cold).
const q1 = `${LONG_QUERY}&seed=1`;
const c0 = cpuSeconds();
fingerprint(run(config(q1)));
const coldCpuS = cpuSeconds() - c0;
// Warm-up: the same code paths on two other seeds, so the JIT has compiled them.
for (const seed of [2, 3]) fingerprint(run(config(`${LONG_QUERY}&seed=${seed}`)));
const t0 = cpuSeconds();
const warm = run(config(q1));
const fp = fingerprint(warm);
summaryJson(warm);
const cpuS = cpuSeconds() - t0;

await settle();
const base = heap();
let peak = base;
const sample = (): void => {
  peak = Math.max(peak, heap());
};
const trace = run(config(q1), { onProgress: sample });
sample();
if (fingerprint(trace) !== fp) throw new Error('the same run gave two fingerprints');
summaryJson(trace);
sample();
await settle();
const retained = heap() - base;

const result: FullTraceResult = {
  gc: gc !== undefined,
  dataPackets: trace.flowStats.reduce((s, f) => s + f.packetsSent, 0),
  events: trace.eventCount,
  cpuS,
  coldCpuS,
  traceBytes: traceColumnBytes(trace),
  peakGrowthBytes: peak - base,
  retainedBytes: retained,
  fingerprint: fp,
};
console.log(JSON.stringify(result));
