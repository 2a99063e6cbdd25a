// Times the app's main thread at 120 flows in Chromium: Vicuña et al. scenario C with 100 noise
// clients (preset vicuna-c-tcp-udp, n=100). For each of several fresh pages it reads the main
// thread's task time (CDP Performance.getMetrics TaskDuration: CPU-bound work of the page's
// main thread, not the engine's Web Worker) over
//   - load: navigation → the run's fingerprint shown and every plot drawn, and
//   - cursor steps: ArrowRight pressed STEPS times, each waited for (two
//     frames, and past the address bar's debounce), divided by STEPS.
// Prints the median of the runs (and each run). Main-thread task time counts CPU work only, not
// waiting for the worker, so it holds on a busy machine better than wall time.
//
//   npm run build                   # or: npx vite build --outDir <dir>
//   node bench/ui-browser.mjs       # [--dist <dir>] [--runs 5] [--steps 30] [--query …] [--json]
//                                   # [--profile <file.cpuprofile>]: a CPU profile of the steps
//                                   # [--profile-load <file.cpuprofile>]: one of the load
//
// Uses the system Chromium (scripts/chromium-path.mjs) as the Playwright tests do, and serves the
// build with `vite preview` on a free port, stopped at the end. bench/engine.bench.ts runs it as
// an optional section when a build and a Chromium exist.
import { writeFileSync } from 'node:fs';
import { arg, builtDist, withPreview } from './preview-page.mjs';

const dist = builtDist();
const query = arg('query', 'preset=vicuna-c-tcp-udp&n=100');
const runs = Number(arg('runs', '5'));
const steps = Number(arg('steps', '30'));
const profile = arg('profile', null);
const profileLoad = arg('profile-load', null);
const asJson = process.argv.includes('--json');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Main-thread task time so far (ms), from CDP. */
async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value * 1000;
}

/** Two frames, then `ms` more, in one evaluate. */
const settle = (page, ms) =>
  page.evaluate(
    (wait) =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, wait))),
      ),
    ms,
  );

/**
 * Wait until the page's idle-time work is done (the log's search texts are prepared when the
 * page is idle after a run): under 3 ms of main-thread task time in 500 ms, or 60 s.
 */
async function quiet(cdp, page) {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const a = await taskMs(cdp);
    await page.waitForTimeout(500);
    if ((await taskMs(cdp)) - a < 3) return;
  }
}

/** One fresh page: load, then the steps. */
async function measure(browser, base, withProfile) {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (withProfile?.load) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const t0 = await taskMs(cdp);
  await page.goto(`${base}/?${query}`);
  await page.getByTestId('fingerprint').filter({ hasText: /^ac3-/ }).waitFor({ timeout: 180_000 });
  // Every plot drawn: the last plot mark no longer moves.
  let plots = -1;
  for (;;) {
    await page.waitForTimeout(300);
    const n = await page.evaluate(() => performance.getEntriesByName('ackclock:plot').length);
    if (n === plots) break;
    plots = n;
  }
  const load = await page.evaluate(() => {
    const result = performance.getEntriesByName('ackclock:result').at(-1)?.startTime ?? NaN;
    const plot = performance.getEntriesByName('ackclock:plot').at(-1)?.startTime ?? NaN;
    return { resultMs: result, plotsMs: plot - result };
  });
  const loadTaskMs = (await taskMs(cdp)) - t0;
  if (withProfile?.load) {
    const { profile: p } = await cdp.send('Profiler.stop');
    writeFileSync(withProfile.load, JSON.stringify(p));
  }
  await quiet(cdp, page);
  await page.getByTestId('visualizer').focus();
  // Leave the opening place (the preset opens at its end): to the start, then settle.
  await page.keyboard.press('Home');
  await quiet(cdp, page);
  if (withProfile?.steps) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  // The keys go in through CDP and the waits are one evaluate each: no selector queries in the
  // page while it is timed (they would count as its main-thread work).
  const cursorOf = () => page.evaluate(() => new URL(location.href).searchParams.get('e'));
  const e0 = await cursorOf();
  const s0 = await taskMs(cdp);
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('ArrowRight');
    // Two frames, then past the address bar's debounce, so each step pays for its own address.
    await settle(page, 400);
  }
  const stepTaskMs = ((await taskMs(cdp)) - s0) / steps;
  // A held arrow key (auto-repeat): a step every 50 ms, then rest; the address follows once.
  const r0 = await taskMs(cdp);
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(50);
  }
  await settle(page, 400);
  const heldStepTaskMs = ((await taskMs(cdp)) - r0) / steps;
  const e2 = await cursorOf();
  // The idle page over the same waits, to subtract its own timers and frames.
  const i0 = await taskMs(cdp);
  for (let i = 0; i < steps; i++) await settle(page, 400);
  const idleTaskMs = ((await taskMs(cdp)) - i0) / steps;
  if (withProfile?.steps) {
    const { profile: p } = await cdp.send('Profiler.stop');
    writeFileSync(withProfile.steps, JSON.stringify(p));
  }
  // The cursor moved by every step, and the address says so.
  await context.close();
  return {
    loadTaskMs,
    ...load,
    stepTaskMs,
    idleTaskMs,
    heldStepTaskMs,
    cursorFrom: e0,
    cursorTo: e2,
  };
}

await withPreview(dist, async (browser, base) => {
  const all = [];
  for (let r = 0; r < runs; r++)
    all.push(await measure(browser, base, r === 0 ? { steps: profile, load: profileLoad } : null));
  const out = {
    query,
    runs,
    steps,
    loadTaskMs: median(all.map((x) => x.loadTaskMs)),
    resultMs: median(all.map((x) => x.resultMs)),
    plotsMs: median(all.map((x) => x.plotsMs)),
    stepTaskMs: median(all.map((x) => x.stepTaskMs)),
    heldStepTaskMs: median(all.map((x) => x.heldStepTaskMs)),
    idleTaskMs: median(all.map((x) => x.idleTaskMs)),
    each: all,
  };
  if (asJson) console.log(JSON.stringify(out));
  else {
    const f = (v) => v.toFixed(1);
    console.log(`${query}: median of ${runs} fresh pages (main-thread task time, CDP)`);
    console.log(
      `  load, navigation → every plot drawn: ${f(out.loadTaskMs)} ms of main-thread CPU`,
    );
    console.log(
      `  wall: result at ${f(out.resultMs)} ms, every plot ${f(out.plotsMs)} ms after it`,
    );
    console.log(
      `  cursor step (ArrowRight, ${steps} steps, address written each): ${f(out.stepTaskMs)} ms` +
        ` (idle page over the same waits: ${f(out.idleTaskMs)} ms)`,
    );
    console.log(
      `  cursor step, key held (a step every 50 ms, the address written once they rest): ` +
        `${f(out.heldStepTaskMs)} ms`,
    );
    for (const x of all)
      console.log(
        `    run: load ${f(x.loadTaskMs)} ms, step ${f(x.stepTaskMs)} ms, held ${f(x.heldStepTaskMs)} ms, idle ${f(x.idleTaskMs)} ms; cursor ${x.cursorFrom} → ${x.cursorTo}`,
      );
  }
});
