/**
 * `npm run bench`'s optional browser section for issue 27's bar ("a 100 MB capture opens in
 * the browser without freezing the page: longest task < 200 ms"): bench/capture-import-browser.mjs
 * on 100 MB captures of 96-byte records (headers only, ~0.9 M packets) and of 1500-byte packets,
 * 3 fresh pages each, from the pick through zoom, cursor keys, a click, the RTT tab and hover.
 * Run only when a build (dist/) and a Chromium exist; otherwise it says what is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { fixed, table } from './lib';

interface Stage {
  count: number;
  longest: number;
  longestCpu: number;
}

interface CaptureBrowserRun {
  mb: number;
  snaplen: number;
  run: number;
  listS: number;
  plotS: number;
  longest: number;
  longestCpu: number;
  tasks: number;
  readGapMs: number;
  peakHeapMB: number;
  byStage: Record<string, Stage>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/** The stage whose task was the run's longest. */
function worstStage(r: CaptureBrowserRun): string {
  let best = '';
  let ms = -1;
  for (const [name, s] of Object.entries(r.byStage))
    if (s.longest > ms) {
      ms = s.longest;
      best = name;
    }
  return ms > 0 ? best : '—';
}

export function captureBrowserSection(say: (s?: string) => void, heading: string, mb = 100): void {
  say(`${heading} A ${mb} MB capture opened in Chromium (bench/capture-import-browser.mjs)`);
  const path = chromiumPath();
  if (!existsSync('dist/index.html') || !path || !existsSync(path)) {
    say('   skipped: needs a build (`npm run build`) and a Chromium (scripts/chromium-path.mjs).');
    return;
  }
  const r = spawnSync(
    process.execPath,
    [
      'bench/capture-import-browser.mjs',
      ...['--json', '--runs', '3', '--snaplen', '96,65535', '--mb', String(mb)],
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) {
    say(`   failed (exit ${r.status}): ${(r.stderr ?? '').trim().split('\n').pop() ?? ''}`);
    return;
  }
  const all = JSON.parse(r.stdout.trim().split('\n').pop()!) as (
    CaptureBrowserRun | { snaplen: number; cancel: { progress: number; ms: number; kept: boolean } }
  )[];
  const runs = all.filter((x): x is CaptureBrowserRun => 'run' in x);
  const cancels = all.flatMap((x) => ('cancel' in x ? [x] : []));
  const rows = [96, 65535].map((snaplen) => {
    const rs = runs.filter((x) => x.snaplen === snaplen);
    const walls = rs.map((x) => x.longest);
    return [
      snaplen === 96 ? '96 B records' : '1500 B packets',
      fixed(rs[0]?.mb ?? NaN, 1),
      fixed(median(rs.map((x) => x.listS)), 2),
      fixed(median(rs.map((x) => x.plotS)), 2),
      `${fixed(median(walls), 0)} (${fixed(Math.min(...walls), 0)}–${fixed(Math.max(...walls), 0)})`,
      rs.map(worstStage).join(', '),
      fixed(Math.max(...rs.map((x) => x.longestCpu)), 0),
      fixed(Math.max(...rs.map((x) => x.readGapMs)), 0),
      fixed(Math.max(...rs.map((x) => x.peakHeapMB)), 0),
    ];
  });
  say(
    table(
      [
        'capture',
        'MB',
        'list s',
        'plots s',
        'longest task ms',
        'in stage',
        'its max CPU ms',
        'frame gap reading ms',
        'peak heap MB',
      ],
      rows,
    ),
  );
  for (const c of cancels)
    say(
      `   Cancel at ${fixed(c.cancel.progress * 100, 0)} % (${c.snaplen === 96 ? '96 B' : '1500 B'}):` +
        ` notice after ${fixed(c.cancel.ms, 0)} ms, the simulator kept as it was:` +
        ` ${c.cancel.kept === null ? 'the read finished first' : c.cancel.kept ? 'yes' : 'NO'}.`,
    );
  say(
    '   3 fresh pages each (median, range); a task = PerformanceObserver long task (wall), CPU =' +
      ' its thread time from a Chromium trace; stages: read, list, timeseq, lower (the plots' +
      ' drawn), zoom, unzoom, keys, click, rtt-tab, hover. Heap: the page (CDP), not the' +
      ' capture worker. Bar: longest task < 200 ms.',
  );
}
