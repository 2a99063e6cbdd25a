/**
 * `npm run bench`'s optional browser section: the app's main thread at 120 flows in Chromium
 * (bench/ui-browser.mjs: load, a cursor step at rest and with the key held). Run only when a
 * build (dist/) and a Chromium exist; otherwise it says what is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { fixed, table } from './lib';

interface UiResult {
  query: string;
  runs: number;
  steps: number;
  loadTaskMs: number;
  resultMs: number;
  plotsMs: number;
  stepTaskMs: number;
  heldStepTaskMs: number;
  idleTaskMs: number;
}

export function uiSection(say: (s?: string) => void, heading: string): void {
  say(`${heading} The UI at 120 flows in Chromium (bench/ui-browser.mjs)`);
  const path = chromiumPath();
  if (!existsSync('dist/index.html') || !path || !existsSync(path)) {
    say('   skipped: needs a build (`npm run build`) and a Chromium (scripts/chromium-path.mjs).');
    return;
  }
  const r = spawnSync(process.execPath, ['bench/ui-browser.mjs', '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) {
    say(`   failed (exit ${r.status}): ${(r.stderr ?? '').trim().split('\n').pop() ?? ''}`);
    return;
  }
  const u = JSON.parse(r.stdout.trim().split('\n').pop()!) as UiResult;
  say(
    table(
      ['measure', 'main-thread CPU ms'],
      [
        ['load: navigation → every plot drawn', fixed(u.loadTaskMs, 0)],
        [`cursor step at rest (address written each; ${u.steps} steps)`, fixed(u.stepTaskMs, 1)],
        ['cursor step, key held (a step every 50 ms)', fixed(u.heldStepTaskMs, 1)],
        ['idle page over a step’s waits', fixed(u.idleTaskMs, 1)],
      ],
    ),
  );
  say(
    `   ${u.query}, median of ${u.runs} fresh pages; CDP Performance TaskDuration (thread time)` +
      ` of the page's main thread (the engine's worker not counted). Wall: the result at` +
      ` ${fixed(u.resultMs, 0)} ms, every plot ${fixed(u.plotsMs, 0)} ms after it.`,
  );
}
