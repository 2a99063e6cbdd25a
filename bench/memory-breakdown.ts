/**
 * Where the long run's memory goes (bench/memory.ts starts it as `node --expose-gc --import tsx
 * bench/memory-breakdown.ts`): one full-trace run of LONG_QUERY, seed 1; each table's columns
 * (the typed-array views) and the buffers behind them, and the rest of the heap at the run's
 * peak (heapUsed + arrayBuffers at its 50 progress points, over the baseline after gc(), less
 * the trace buffers then). Prints one JSON line.
 */
import { run } from '../src/engine';
import { columnBytes } from '../src/trace/column-bytes';
import { LONG_QUERY, config } from './lib';

export interface MemoryBreakdown {
  events: number;
  decisions: number;
  tables: { name: string; viewMB: number; bufferMB: number }[];
  /** Heap + array buffers over the baseline at the peak, MB. */
  peakMB: number;
  /** The same less the trace's buffers, MB. */
  otherPeakMB: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
gc?.();
const base = heap();
let peak = 0;
const trace = run(config(`${LONG_QUERY}&seed=1`), {
  onProgress: () => void (peak = Math.max(peak, heap() - base)),
});
const named: Record<string, object> = {
  'packet events': trace.packets,
  transmissions: trace.transmissions,
  'ack blocks': trace.ackBlocks,
  decisions: trace.decisions,
  'state samples': trace.samples,
  // (issue 25: one row per ACK of every TCP flow; PRR rows only while PRR recovers)
  'rate samples': trace.rates ?? {},
  'PRR rows': trace.prr ?? {},
};
let buffers = 0;
const tables = Object.entries(named).map(([name, cols]) => {
  const { view, buffer: buf } = columnBytes(cols);
  buffers += buf;
  return { name, viewMB: view / 1e6, bufferMB: buf / 1e6 };
});
const result: MemoryBreakdown = {
  events: trace.eventCount,
  decisions: trace.decisionCount,
  tables,
  peakMB: peak / 1e6,
  otherPeakMB: (peak - buffers) / 1e6,
};
console.log(JSON.stringify(result));
