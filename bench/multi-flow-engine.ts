/**
 * The engine alone on a 200 s Fall & Floyd run of N SACK flows (bench/memory.ts starts it as
 * `node --import tsx bench/multi-flow-engine.ts N`): CPU seconds of run() with a full trace as
 * the process's first run (cold JIT, no start-up or module loading counted) and the median of
 * five runs after it (warm). Prints one JSON line.
 */
import { run } from '../src/engine';
import { config, cpuSeconds } from './lib';

export interface MultiFlowEngine {
  dataPackets: number;
  coldCpuS: number;
  warmCpuS: number;
}

const n = Number(process.argv[2] ?? 4);
const cfg = config(`preset=fall-floyd&flows=${n}*sack&stop=200`);
const timedRun = (): { cpu: number; packets: number } => {
  const c0 = cpuSeconds();
  const t = run(cfg);
  const cpu = cpuSeconds() - c0;
  return { cpu, packets: t.flowStats.reduce((s, f) => s + f.packetsSent, 0) };
};
const cold = timedRun();
const warm = Array.from({ length: 5 }, () => timedRun().cpu).sort((a, b) => a - b);
const result: MultiFlowEngine = {
  dataPackets: cold.packets,
  coldCpuS: cold.cpu,
  warmCpuS: warm[2]!,
};
console.log(JSON.stringify(result));
