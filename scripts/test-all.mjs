// `npm test`: typecheck and lint (side by side), Vitest, build, Playwright — in that order — then
// one summary.
// The long tier (`npm run test:tables`: 30-seed table experiments, full-count property tests)
// starts first, in the background on one worker, beside the typecheck and the lint (each uses
// one core); its output goes to reports/tables.log and is printed when it ends.
// Typecheck, lint and build count as one check each (1 passed when clean, 1 failed otherwise);
// Vitest (both tiers) and Playwright contribute their test counts, read from their JSON reports.
// The last line printed is always `N passed, N failed`. Flags: --no-e2e skips build + Playwright;
// --no-tables skips the long tier.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
const noE2e = process.argv.includes('--no-e2e');
const noTables = process.argv.includes('--no-tables');
const bin = (name) => join(root, 'node_modules', '.bin', name);

mkdirSync(reports, { recursive: true });
const results = []; // { name, passed, failed, skipped, tests: boolean }

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) console.error(`could not run ${cmd}: ${r.error.message}`);
  console.log(
    `━━ ${title}: exit ${r.status ?? r.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

function check(name, cmd, args) {
  const ok = run(name, cmd, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, tests: false });
  return ok;
}

/**
 * A check run beside others: its output is held and printed in one piece when it ends, so two
 * checks' lines do not interleave. Resolves to whether it exited 0.
 */
function checkAsync(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    let ended = false;
    const done = (status, error) => {
      if (ended) return;
      ended = true;
      console.log(`\n━━ ${name} ━━`);
      if (error) console.error(`could not run ${cmd}: ${error.message}`);
      const out = Buffer.concat(chunks).toString('utf8').trimEnd();
      if (out) console.log(out);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`━━ ${name}: exit ${status} in ${secs} s`);
      const ok = status === 0;
      results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, tests: false });
      resolve(ok);
    };
    child.on('error', (err) => done(null, err));
    child.on('close', (code, signal) => done(code ?? signal));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// A runner that exits non-zero without reporting a failed test (crash, collection error,
// web server failure, no tests found) still counts as one failure.
function tally(name, ok, counts) {
  const c = counts ?? { passed: 0, failed: 0, skipped: 0 };
  if (!ok && c.failed === 0) c.failed = 1;
  results.push({ name, ...c, tests: true });
}

/** Vitest's JSON report as counts; a file that failed to load counts as one failure. */
function vitestCounts(v) {
  return (
    v && {
      passed: v.numPassedTests ?? 0,
      // A test file that failed to load (syntax/import error) reports no tests: count it once.
      failed:
        (v.numFailedTests ?? 0) +
        (v.testResults ?? []).filter(
          (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
        ).length,
      skipped: (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0),
    }
  );
}

/**
 * Start the long tier in the background (one worker: the typecheck and the lint leave a core
 * idle); resolves to whether it exited 0, with its log and JSON report under reports/.
 */
function startTables() {
  const log = join(reports, 'tables.log');
  const json = join(reports, 'tables.json');
  rmSync(json, { force: true });
  const fd = openSync(log, 'w');
  const started = Date.now();
  console.log(
    '\n━━ tables (long tier): started in the background, output in reports/tables.log ━━',
  );
  const child = spawn(
    bin('vitest'),
    [
      'run',
      '--config',
      'vitest.tables.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, ACKCLOCK_TABLES_WORKERS: process.env.ACKCLOCK_TABLES_WORKERS ?? '1' },
    },
  );
  closeSync(fd);
  return new Promise((resolve) => {
    let ended = false;
    const done = (status, error) => {
      if (ended) return;
      ended = true;
      console.log('\n━━ tables (long tier) ━━');
      if (error) console.error(`could not run vitest: ${error.message}`);
      console.log(readFileSync(log, 'utf8').trimEnd());
      // This script waits on the other stages synchronously, so the exit is seen only when they
      // are done: the tier's own time is its report's (first start to last end of a file).
      const v = readJson(json);
      const ends = (v?.testResults ?? []).map((f) => f.endTime ?? 0);
      const took = v && ends.length ? (Math.max(...ends) - v.startTime) / 1000 : null;
      console.log(
        `━━ tables: exit ${status}${took === null ? '' : ` in ${took.toFixed(1)} s`} (in the background, from ${((Date.now() - started) / 1000).toFixed(1)} s before this line)`,
      );
      resolve({ ok: status === 0, json });
    };
    child.on('error', (err) => done(null, err));
    child.on('exit', (code, signal) => done(code ?? signal));
  });
}

const tables = noTables ? null : startTables();

// The typecheck and the lint each use one core: side by side, each printing when it ends.
await Promise.all([
  // TypeScript 7's compiler (the native one: a fifth of 5.9's CPU); 5.9 stays for typescript-eslint
  checkAsync('typecheck', process.execPath, [
    join(root, 'node_modules', 'typescript-native', 'bin', 'tsc'),
    '-b',
  ]),
  checkAsync('lint', bin('eslint'), ['.']),
]);

const vitestJson = join(reports, 'vitest.json');
rmSync(vitestJson, { force: true });
// With the long tier running, the unit tier leaves out what the long tier runs in full
// (vitest.config.ts, ACKCLOCK_WITH_LONG_TIER); `npm run test:unit` keeps it.
const vitestOk = run(
  'vitest',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  tables ? { ACKCLOCK_WITH_LONG_TIER: '1' } : {},
);
tally('vitest', vitestOk, vitestCounts(readJson(vitestJson)));

if (!noE2e) {
  if (check('build', bin('vite'), ['build'])) {
    const pwJson = join(reports, 'playwright.json');
    rmSync(pwJson, { force: true });
    const pwOk = run('playwright', bin('playwright'), ['test', '--reporter=line,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    });
    const s = readJson(pwJson)?.stats;
    tally(
      'playwright',
      pwOk,
      s && {
        passed: (s.expected ?? 0) + (s.flaky ?? 0),
        failed: s.unexpected ?? 0,
        skipped: s.skipped ?? 0,
      },
    );
  } else {
    console.log('build failed: Playwright not run');
  }
}

if (tables) {
  const t = await tables;
  tally('tables', t.ok, vitestCounts(readJson(t.json)));
}

let passed = 0;
let failed = 0;
let testsRun = 0;
console.log('\n━━ summary ━━');
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  if (r.tests) testsRun += r.passed + r.failed;
  const skipped = r.skipped ? `, ${r.skipped} skipped` : '';
  console.log(`${r.name.padEnd(11)} ${r.passed} passed, ${r.failed} failed${skipped}`);
}
if (noE2e) console.log('(build and Playwright skipped: --no-e2e)');
if (noTables) console.log('(the long tier skipped: --no-tables)');
if (testsRun === 0) {
  console.log('no tests ran: that counts as a failure');
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
