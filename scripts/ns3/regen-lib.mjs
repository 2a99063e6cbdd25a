// What the ns-3.37 fixture generators (regen.mjs, aqm-regen.mjs, regen-wifi.mjs, wimax-regen.mjs)
// share: their command line, building an oracle program against Debian's libns3-dev, and writing
// a fixture or, with --check, requiring the file on disk to be byte-identical.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** scripts/ns3/. */
export const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const root = join(here, '..', '..');

/** `--check` (compare, write nothing) and `--only TEXT` (cases whose name contains it). */
export function regenArgs(argv = process.argv.slice(2)) {
  return {
    check: argv.includes('--check'),
    only: argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null,
  };
}

/**
 * Compile scripts/ns3/<source> with g++ against the ns-3.37 libraries `libs` (e.g. 'core') into
 * a fresh temporary directory; returns the binary's path. Throws when the build fails.
 */
export function buildOracle(source, libs) {
  const name = source.replace(/\.cc$/, '');
  const bin = join(mkdtempSync(join(tmpdir(), `ns3-${name}-`)), name);
  console.error(`building ${bin}`);
  execFileSync(
    'g++',
    ['-O1', '-std=c++17', join(here, source), '-o', bin, ...libs.map((l) => `-lns3-${l}`)],
    { stdio: 'inherit' },
  );
  return bin;
}

/**
 * Write `text` to tests/fixtures/<rel>, or with `check` compare it with the file there; logs
 * one line. Returns false when checking found the file different or missing.
 */
export function writeOrCheck(rel, text, check) {
  const file = join(root, 'tests', 'fixtures', rel);
  if (check) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === text;
    console.error(`${same ? 'same' : 'DIFFERS'} ${rel}`);
    return same;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.error(`wrote ${rel} (${(text.length / 1024).toFixed(0)} kB)`);
  return true;
}

/** Exit 1 after a check that found `failed` fixtures different. */
export function finish(failed) {
  if (failed) {
    console.error(`${failed} fixture(s) differ`);
    process.exit(1);
  }
}
