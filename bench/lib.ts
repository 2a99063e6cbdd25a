/** Shared helpers of the bench (bench/engine.bench.ts): configs, CPU time, number formats, tables. */
import { spawnSync } from 'node:child_process';
import { resolveQuery } from '../src/cli/scenario';
import type { SimConfig } from '../src/engine';

/** The long single-flow scenario of the sweep, the full-trace run and ns-2's long-run.tcl. */
export const LONG_QUERY = 'preset=fall-floyd&sender=sack&stop=2000&loss=0.01';
export const LONG_SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

export function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

/** User + system CPU seconds of this process so far. */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** 1234567 → "1,234,567". */
export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function fixed(n: number, digits: number): string {
  return n.toFixed(digits);
}

/** A table: first column left-aligned, the others right-aligned, a rule under the header. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A cold process's CPU time (user + system of its tree, s) and its stdout. */
export interface Call {
  cpuS: number;
  stdout: string;
}

/**
 * One cold process: `cmd args…` under bash `time` (getrusage of the children: millisecond
 * resolution, start-up included), stdout kept.
 * @throws Error when it exits non-zero or bash prints no time.
 */
export function timed(cmd: string, args: string[]): Call {
  const r = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="cpu-time %3U %3S"; time "$@"', 'bash', cmd, ...args],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const cpu = /cpu-time ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !cpu) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
  }
  return { cpuS: Number(cpu[1]) + Number(cpu[2]), stdout: r.stdout };
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
