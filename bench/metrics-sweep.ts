/**
 * The metrics-only sweep of the long scenario (seeds 1–20, `record: 'metrics'`), measured in a
 * process of its own that runs nothing but metrics runs, as a `--sweep` / `--seeds` call of the
 * CLI does (bench/engine.bench.ts starts it as `node --import tsx bench/metrics-sweep.ts`). In
 * the bench's own process the full-trace runs of its first table would have taught the JIT a
 * second sink at every packet event, which a sweep never sees. Three runs of other seeds warm
 * the JIT up first (a CLI sweep's own start-up and warm-up are in the bench's CLI rows). Prints
 * one JSON line.
 */
import { run } from '../src/engine';
import { LONG_QUERY, LONG_SEEDS, config, cpuSeconds } from './lib';

/** Seeds of the warm-up runs (not in LONG_SEEDS). */
const WARM_UP_SEEDS = [21, 22, 23];

export interface MetricsSweepResult {
  /** Data packets the senders sent over the sweep (retransmissions included). */
  dataPackets: number;
  /** User + system CPU seconds of the sweep's runs. */
  cpuS: number;
}

// Warm-up: the JIT settles only after two or three runs of 2000 s (measured per run: ~3.5×,
// ~2×, ~1.3×, then steady), so three runs of seeds outside the sweep come first.
for (const seed of WARM_UP_SEEDS) run(config(`${LONG_QUERY}&seed=${seed}`), { record: 'metrics' });
let dataPackets = 0;
const t0 = cpuSeconds();
for (const seed of LONG_SEEDS) {
  const trace = run(config(`${LONG_QUERY}&seed=${seed}`), { record: 'metrics' });
  dataPackets += trace.flowStats.reduce((s, f) => s + f.packetsSent, 0);
}
const result: MetricsSweepResult = { dataPackets, cpuS: cpuSeconds() - t0 };
console.log(JSON.stringify(result));
