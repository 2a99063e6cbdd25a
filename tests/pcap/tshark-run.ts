/**
 * Reading a pcap back with Wireshark's dissectors (tshark), for the tests of tests/pcap: whether
 * tshark is installed (the tests that need it are skipped, with a message, when it is not), and
 * its fields per frame.
 */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** tshark runs here. */
export const hasTshark = spawnSync('tshark', ['-v'], { encoding: 'utf8' }).status === 0;

/** Warn, once per test file, that `file`'s tshark tests are skipped. */
export function warnIfNoTshark(file: string): void {
  if (!hasTshark) console.warn(`${file} skipped: tshark is not installed`);
}

/** tshark's fields (`-e`), one array per frame; `prefs` are `-o` preferences. Lists within a
 * field are joined by ','. */
export function tshark(file: string, prefs: string[], fields: string[]): string[][] {
  const args = ['-n', '-r', file, ...prefs.flatMap((p) => ['-o', p]), '-T', 'fields'];
  args.push('-E', 'separator=;', '-E', 'aggregator=,', ...fields.flatMap((f) => ['-e', f]));
  const r = spawnSync('tshark', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(';'));
}

/** Seconds (a number or tshark's decimal text) → integer nanoseconds, for exact time equality. */
export const ns = (t: number | string): number => Math.round(Number(t) * 1e9);
