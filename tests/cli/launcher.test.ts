import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkBin } from '../../scripts/link-bin.mjs';
import { isStale, newestInput } from '../../scripts/sim-bundle.mjs';

const dirs: string[] = [];
const tempDir = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const at = (s: number): Date => new Date(s * 1000);

describe('bundle staleness (a temporary project)', () => {
  it('stale when missing, when a file under src/ or package-lock.json is newer; not otherwise', () => {
    const root = tempDir('sim-root-');
    mkdirSync(join(root, 'src', 'deep'), { recursive: true });
    const a = join(root, 'src', 'a.ts');
    const b = join(root, 'src', 'deep', 'b.ts');
    const lock = join(root, 'package-lock.json');
    for (const f of [a, b, lock]) {
      writeFileSync(f, '');
      utimesSync(f, at(1000), at(1000));
    }
    const bundle = join(root, 'out', 'sim.mjs');
    expect(isStale(bundle, root)).toBe(true); // missing

    mkdirSync(join(root, 'out'));
    writeFileSync(bundle, '');
    // the launcher's own file counts as an input too: put the bundle after everything
    const future = Math.max(newestInput(root) / 1000, 2000) + 10;
    utimesSync(bundle, at(future), at(future));
    expect(isStale(bundle, root)).toBe(false);

    utimesSync(b, at(future + 1), at(future + 1)); // a nested source saved later
    expect(isStale(bundle, root)).toBe(true);
    utimesSync(b, at(1000), at(1000));
    expect(isStale(bundle, root)).toBe(false);
    utimesSync(lock, at(future + 1), at(future + 1)); // dependencies changed
    expect(isStale(bundle, root)).toBe(true);
  });
});

describe('scripts/sim.mjs (the npm run sim launcher)', () => {
  const dir = tempDir('sim-bundle-');
  const bundle = join(dir, 'sim.mjs');
  const sim = (args: string[]) =>
    spawnSync(process.execPath, ['scripts/sim.mjs', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ACKCLOCK_SIM_BUNDLE_DIR: dir },
    });
  const args = ['preset=ff-1-drops&sender=reno'];

  it('builds on first use, then runs the bundle without building; rebuilds when stale', () => {
    const first = sim(args);
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/^sim: building the CLI bundle/);
    expect(JSON.parse(first.stdout).flows[0]).toMatchObject({
      packets_sent: 296,
      fast_retransmits: 1,
    });
    const built = statSync(bundle).mtimeMs;

    const second = sim(args);
    expect(second.status).toBe(0);
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    expect(statSync(bundle).mtimeMs).toBe(built);

    utimesSync(bundle, at(1000), at(1000)); // older than src/
    const third = sim(args);
    expect(third.stderr).toMatch(/^sim: building the CLI bundle/);
    expect(third.stdout).toBe(first.stdout);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(1000 * 1000);
  }, 30_000);

  it('keeps the exit codes: 2 for bad arguments, 0 for --help', () => {
    const bad = sim(['preset=fall-floyd&sender=warp']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^sim: invalid scenario: sender: /m);
    const help = sim(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--seeds A-B/);
  }, 30_000);
});

describe('the ackclock bin (npx ackclock)', () => {
  const dir = tempDir('sim-bin-');
  const env = { ...process.env, ACKCLOCK_SIM_BUNDLE_DIR: dir };
  const query = 'preset=ff-1-drops&sender=sack&loss=0.01&seed=3';

  it('linkBin puts a relative link to scripts/sim.mjs in node_modules/.bin (a cmd shim on Windows)', () => {
    const root = tempDir('sim-link-');
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, 'scripts', 'sim.mjs'), '#!/usr/bin/env node\n');
    const link = linkBin(root, 'linux');
    expect(link).toBe(join(root, 'node_modules', '.bin', 'ackclock'));
    expect(readlinkSync(link)).toBe(join('..', '..', 'scripts', 'sim.mjs'));
    expect(linkBin(root, 'linux')).toBe(link); // again: replaced, not an error
    expect(statSync(join(root, 'scripts', 'sim.mjs')).mode & 0o111).not.toBe(0);
    const shim = linkBin(root, 'win32');
    expect(readFileSync(shim, 'utf8')).toBe('@node "%~dp0\\..\\..\\scripts\\sim.mjs" %*\r\n');
    // the project itself: package.json names no bin of its own (npm exec would install it)
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
    expect(pkg.bin).toBeUndefined();
    expect((pkg.scripts as Record<string, string>).prepare).toBe('node scripts/link-bin.mjs');
    expect(readFileSync('scripts/sim.mjs', 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('npx ackclock prints the same bytes as npm run sim', () => {
    linkBin(); // what npm ci's prepare step did
    const npm = (args: string[]) => spawnSync('npm', args, { encoding: 'utf8', env });
    const npx = (args: string[]) => spawnSync('npx', ['--no', ...args], { encoding: 'utf8', env });
    const outputs: [string[], RegExp][] = [
      [['--out', 'summary'], /"packets_sent": \d+/],
      [['--out', 'cwnd'], /^time,flow,cwnd,ssthresh,/],
    ];
    for (const [out, looks] of outputs) {
      const viaRun = npm(['run', '--silent', 'sim', '--', query, ...out]);
      const viaBin = npx(['ackclock', query, ...out]);
      expect(viaRun.status).toBe(0);
      expect(viaBin.status).toBe(0);
      expect(viaBin.stdout).toMatch(looks);
      expect(viaBin.stdout).toBe(viaRun.stdout);
    }
    const bad = npx(['ackclock', 'sender=warp']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^sim: invalid scenario: sender: /m);
  }, 60_000);
});
