/** Shared helpers of the bench (bench/engine.bench.ts): configs, CPU time, number formats, tables. */
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
