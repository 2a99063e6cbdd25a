// Times the import of a big capture in Chromium (issue 27: "a 100 MB capture opens without
// freezing the page", longest task < 200 ms): writes a synthetic pcap
// (bench/capture/synthetic-pcap.mjs) to a temporary file, opens the built app, hands the file to
// the capture picker, and reports the page's long tasks (PerformanceObserver 'longtask') per
// stage, from the pick to the drawn plots and through what a reader does next (box zoom,
// ctrl+wheel zoom out, cursor keys, a click on the plot, the RTT tab, hover), the largest gap
// between frames while the worker reads, and the page's peak JS heap (CDP Runtime.getHeapUsage
// every 100 ms; the capture worker's heap is not in it).
//
// Stages (from the app's User Timing marks, src/ui/perf/marks.ts):
//   read      the pick → the connection list (the worker reads and parses; progress moves)
//   list      the list shown → the first connection's analysis on the page
//   timeseq   the analysis → its time–sequence plot drawn
//   lower     → the bytes-in-flight plot under it drawn
//   settle    the 500 ms after the last plot
//   zoom, unzoom, keys, click, rtt-tab, hover: the interactions after it
//
//   npm run build                          # or: npx vite build --outDir <dir>
//   node bench/capture-import-browser.mjs  # [--dist <dir>] [--mb 100] [--snaplen 96,65535]
//                                          # [--runs 3] [--json] [--profile <dir>]
//
// --profile <dir> writes each run's Chromium trace (trace-<snaplen>-<run>.json) and main-thread
// CPU profile (cpu-<snaplen>-<run>.cpuprofile), both readable in Chromium's DevTools.
//
// Part of `npm run bench` (section 9, bench/capture-browser-section.ts); not a pass/fail test.
// Uses the system Chromium and `vite preview` (preview-page.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, builtDist, withPreview } from './preview-page.mjs';
import { writeSyntheticPcap } from './capture/synthetic-pcap.mjs';

const dist = builtDist();
const mb = Number(arg('mb', '100'));
const snaplens = arg('snaplen', '96,65535').split(',').map(Number);
const runs = Number(arg('runs', '1'));
const json = process.argv.includes('--json');
const profileDir = arg('profile', '');
const log = json ? () => {} : (s) => console.log(s);

export const STAGES = [
  'read',
  'list',
  'timeseq',
  'lower',
  'settle',
  'zoom',
  'unzoom',
  'keys',
  'click',
  'rtt-tab',
  'hover',
];

/**
 * The page's main-thread tasks in a Chromium trace, from the pick on: start (ms, the page's
 * performance.now() clock, aligned on the 'bench:pick' mark), wall and thread CPU time (ms).
 */
function traceTasks(buf, t0) {
  const ev = JSON.parse(buf.toString()).traceEvents;
  const pick = ev.find((e) => e.name === 'bench:pick');
  if (!pick) return [];
  const main = ev.filter(
    (e) =>
      e.pid === pick.pid &&
      e.tid === pick.tid &&
      e.ph === 'X' &&
      e.ts >= pick.ts &&
      e.name === 'ThreadControllerImpl::RunTask',
  );
  main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = [];
  let end = -Infinity;
  for (const e of main) {
    if (e.ts < end) continue; // nested in the task before
    end = e.ts + e.dur;
    out.push({
      start: t0 + (e.ts - pick.ts) / 1000,
      wall: e.dur / 1000,
      cpu: (e.tdur ?? 0) / 1000,
    });
  }
  return out;
}

/** One import of `file` on a fresh page: long tasks per stage, frame gaps, peak heap. */
async function measure(browser, base, file, profileAs) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/`);
  await page.getByTestId('fingerprint').filter({ hasText: /^ac3-/ }).waitFor({ timeout: 120_000 });
  const cdp = await page.context().newCDPSession(page);
  let peakHeap = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      try {
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        peakHeap = Math.max(peakHeap, usedSize);
      } catch {
        // page closing
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const mark = (name) => page.evaluate((n) => performance.mark(`bench:${n}`), name);
  // Always a light trace: each main-thread task's thread CPU time beside its wall time (on a
  // loaded machine a task's wall time is mostly waiting for a core).
  const categories = ['toplevel', 'blink.user_timing'];
  if (profileAs) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    categories.push('devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink');
  }
  await browser.startTracing(page, { categories });
  if (profileAs) await cdp.send('Profiler.start');
  const t0 = await page.evaluate(() => {
    performance.mark('bench:pick');
    return performance.now();
  });
  await page.getByTestId('capture-file').setInputFiles(file);
  // While the worker reads: is the page responsive? (frame gaps up to the list)
  const frames = page.evaluate(
    () =>
      new Promise((resolve) => {
        const gaps = [];
        let last = performance.now();
        const tick = () => {
          const now = performance.now();
          gaps.push(now - last);
          last = now;
          if (document.querySelector('[data-testid="capture-flows"]')) resolve(gaps);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  await page.getByTestId('capture-flows').waitFor({ timeout: 600_000 });
  const tList = await page.evaluate(() => performance.now());
  const ts = page.getByTestId('capture-timeseq').locator('.ackp-area');
  await ts.waitFor({ timeout: 600_000 });
  await page.waitForFunction(
    () => performance.getEntriesByName('ackclock:plot').some((m) => m.detail === 'capture-flight'),
    undefined,
    { timeout: 600_000 },
  );
  const tPlot = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  // What a reader does next.
  const box = await ts.boundingBox();
  const x = (f) => box.x + box.width * f;
  const y = box.y + box.height * 0.4;
  await mark('zoom');
  await page.mouse.move(x(0.3), y);
  await page.mouse.down();
  await page.mouse.move(x(0.5), y, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(700);
  await mark('unzoom');
  await page.keyboard.down('Control');
  for (let k = 0; k < 6; k++) {
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(150);
  }
  await page.keyboard.up('Control');
  await page.waitForTimeout(500);
  await mark('keys');
  await ts.focus().catch(() => {});
  await page.mouse.click(box.x + 5, box.y + 5); // focus in the view, off the plot area
  for (let k = 0; k < 8; k++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(80);
  }
  await page.waitForTimeout(300);
  await mark('click');
  await page.mouse.click(x(0.6), y);
  await page.waitForTimeout(500);
  await mark('rtt-tab');
  await page.getByRole('tab', { name: 'RTT' }).click({ timeout: 300_000 });
  await page.getByTestId('capture-rtt').locator('.ackp-area').waitFor({ timeout: 300_000 });
  await page.waitForTimeout(700);
  await mark('hover');
  for (let k = 0; k < 10; k++) {
    await page.mouse.move(x(0.2 + 0.05 * k), y + 10);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  await mark('end');
  const gaps = await frames;
  const { tasks, marks } = await page.evaluate(
    (from) => ({
      tasks: window.__longtasks.filter((t) => t.start >= from),
      marks: performance
        .getEntriesByType('mark')
        .filter((m) => m.startTime >= from)
        .map((m) => ({ name: m.name, detail: m.detail ?? null, at: m.startTime })),
    }),
    t0,
  );
  const row = await page.locator('[data-testid="capture-flows"] tbody tr').first().textContent();
  polling = false;
  await poll;
  if (profileAs) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${profileAs}.cpuprofile`.replace(/([^/]*)$/, 'cpu-$1'), JSON.stringify(profile));
  }
  const traceBuf = await browser.stopTracing();
  if (profileAs) writeFileSync(`${profileAs}.json`.replace(/([^/]*)$/, 'trace-$1'), traceBuf);
  const cpuTasks = traceTasks(traceBuf, t0);
  await page.close();
  // Stage boundaries from the marks.
  const at = (name, detail) =>
    marks.find((m) => m.name === name && (detail === undefined || m.detail === detail))?.at;
  const bounds = [
    ['read', t0],
    ['list', at('ackclock:capture', 'list')],
    ['timeseq', at('ackclock:capture', 'analysis')],
    ['lower', at('ackclock:plot', 'capture-timeseq')],
    ['settle', at('ackclock:plot', 'capture-flight')],
    ...['zoom', 'unzoom', 'keys', 'click', 'rtt-tab', 'hover'].map((s) => [s, at(`bench:${s}`)]),
    ['end', at('bench:end')],
  ].filter(([, t]) => t !== undefined);
  const stageOf = (t) => {
    let s = bounds[0][0];
    for (const [name, b] of bounds) if (t >= b) s = name;
    return s;
  };
  const byStage = Object.fromEntries(
    STAGES.map((s) => [s, { count: 0, longest: 0, longestCpu: 0 }]),
  );
  for (const t of tasks) {
    const s = byStage[stageOf(t.start)];
    if (!s) continue;
    s.count++;
    s.longest = Math.max(s.longest, t.duration);
  }
  for (const t of cpuTasks) {
    const s = byStage[stageOf(t.start)];
    if (s) s.longestCpu = Math.max(s.longestCpu, t.cpu);
  }
  return {
    row,
    listS: (tList - t0) / 1000,
    plotS: (tPlot - t0) / 1000,
    longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    longestCpu: cpuTasks.reduce((m, t) => Math.max(m, t.cpu), 0),
    tasks: tasks.length,
    readGapMs: Math.max(0, ...gaps),
    peakHeapMB: peakHeap / 1e6,
    byStage,
  };
}

/**
 * Cancel mid-way: the pick, progress past 10 %, Cancel; the simulator must still be on screen
 * with no capture view. Returns the progress reached and the ms from the click to the notice.
 */
async function cancelCheck(browser, base, file) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/`);
  const fp = page.getByTestId('fingerprint');
  await fp.filter({ hasText: /^ac3-/ }).waitFor({ timeout: 120_000 });
  const before = await fp.textContent();
  await page.getByTestId('capture-file').setInputFiles(file);
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="capture-progress"] progress')?.value) > 0.1,
    undefined,
    { timeout: 600_000 },
  );
  const progress = await page
    .locator('[data-testid="capture-progress"] progress')
    .evaluate((p) => p.value);
  const t0 = await page.evaluate(() => performance.now());
  try {
    await page.getByTestId('capture-cancel').click({ timeout: 5_000 });
    await page.getByTestId('capture-error').filter({ hasText: 'cancelled' }).waitFor();
  } catch {
    await page.close();
    return { progress, ms: NaN, kept: null }; // the read finished first (a small file)
  }
  const ms = (await page.evaluate(() => performance.now())) - t0;
  const kept =
    (await page.getByTestId('capture-view').count()) === 0 &&
    (await fp.textContent()) === before &&
    (await page.getByTestId('run-info').isVisible());
  await page.close();
  return { progress, ms, kept };
}

const dir = mkdtempSync(join(tmpdir(), 'capture-bench-'));
const results = [];
try {
  await withPreview(dist, async (browser, base) => {
    for (const snaplen of snaplens) {
      const file = join(dir, `synthetic-${mb}MB-${snaplen}.pcap`);
      const bytes = writeSyntheticPcap(file, mb, snaplen);
      log(`capture: ${(bytes / 1e6).toFixed(1)} MB, snaplen ${snaplen}`);
      const c = await cancelCheck(browser, base, file);
      results.push({ mb: bytes / 1e6, snaplen, cancel: c });
      log(
        `  cancel at ${(c.progress * 100).toFixed(0)} %: notice after ${c.ms.toFixed(0)} ms; ` +
          `the simulator kept as it was: ${c.kept === null ? 'the read finished first' : c.kept ? 'yes' : 'NO'}`,
      );
      for (let r = 0; r < runs; r++) {
        if (profileDir) mkdirSync(profileDir, { recursive: true });
        const as = profileDir ? join(profileDir, `${snaplen}-${r + 1}`) : null;
        const m = await measure(browser, base, file, as);
        results.push({ mb: bytes / 1e6, snaplen, run: r + 1, ...m });
        log(
          `  run ${r + 1}: list ${m.listS.toFixed(2)} s, plots ${m.plotS.toFixed(2)} s; ` +
            `longest task ${m.longest.toFixed(0)} ms (${m.tasks} over 50 ms; ` +
            `longest thread CPU of a task ${m.longestCpu.toFixed(0)} ms); ` +
            `largest frame gap while reading ${m.readGapMs.toFixed(0)} ms; ` +
            `peak page heap ${m.peakHeapMB.toFixed(0)} MB`,
        );
        log(
          `    longest per stage, wall / thread CPU (ms): ${STAGES.map(
            (s) => `${s} ${m.byStage[s].longest.toFixed(0)}/${m.byStage[s].longestCpu.toFixed(0)}`,
          ).join(', ')}`,
        );
        if (r === 0) log(`    ${m.row}`);
      }
      rmSync(file, { force: true });
    }
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (json) console.log(JSON.stringify(results));
