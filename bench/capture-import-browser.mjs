// Times the import of a big capture in Chromium (issue 27: "a 100 MB capture opens without
// freezing the page"): writes a synthetic pcap (bench/capture/synthetic-pcap.mjs) to a
// temporary file, opens the built app, hands the file to the capture picker, and prints the
// time to the connection list and to the drawn time–sequence plot, and the page's long tasks
// (PerformanceObserver 'longtask') from the pick to the plot: their count and the longest.
//
//   npm run build                          # or: npx vite build --outDir <dir>
//   node bench/capture-import-browser.mjs  # [--dist <dir>] [--mb 100] [--snaplen 65535]
//
// Not part of `npm test`. Uses the system Chromium and `vite preview` (preview-page.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, builtDist, withPreview } from './preview-page.mjs';
import { writeSyntheticPcap } from './capture/synthetic-pcap.mjs';

const dist = builtDist();
const mb = Number(arg('mb', '100'));
const snaplen = Number(arg('snaplen', '65535'));
const dir = mkdtempSync(join(tmpdir(), 'capture-bench-'));
const file = join(dir, `synthetic-${mb}MB.pcap`);
const bytes = writeSyntheticPcap(file, mb, snaplen);

try {
  await withPreview(dist, async (browser, base) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript(() => {
      window.__longtasks = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries())
          window.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${base}/`);
    await page
      .getByTestId('fingerprint')
      .filter({ hasText: /^ac3-/ })
      .waitFor({ timeout: 120_000 });
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('capture-file').setInputFiles(file);
    // While the worker reads: is the page responsive? (a frame every ~100 ms)
    const frames = page.evaluate(
      () =>
        new Promise((resolve) => {
          const gaps = [];
          let last = performance.now();
          const tick = () => {
            const now = performance.now();
            gaps.push(now - last);
            last = now;
            if (document.querySelector('[data-testid="capture-timeseq"] .ackp-area')) resolve(gaps);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    await page.getByTestId('capture-flows').waitFor({ timeout: 600_000 });
    const tList = await page.evaluate(() => performance.now());
    await page.getByTestId('capture-timeseq').locator('.ackp-area').waitFor({ timeout: 600_000 });
    await page.waitForTimeout(500);
    const tPlot = await page.evaluate(() => performance.now());
    const gaps = await frames;
    const tasks = await page.evaluate(
      (from) => window.__longtasks.filter((t) => t.start >= from),
      t0,
    );
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    const marks = await page.evaluate(
      (from) =>
        performance
          .getEntriesByType('mark')
          .filter((m) => m.startTime >= from && m.name.startsWith('ackclock:'))
          .map(
            (m) =>
              `${m.name.slice(9)}${m.detail ? ` ${m.detail}` : ''} ${(m.startTime - from).toFixed(0)}`,
          ),
      t0,
    );
    const row = await page.locator('[data-testid="capture-flows"] tbody tr').first().textContent();
    console.log(`capture: ${(bytes / 1e6).toFixed(1)} MB, snaplen ${snaplen}`);
    console.log(`connection list after ${((tList - t0) / 1000).toFixed(2)} s: ${row}`);
    console.log(`time–sequence plot drawn after ${((tPlot - t0) / 1000).toFixed(2)} s`);
    console.log(
      `long tasks from the pick to the plot: ${tasks.length}, longest ${longest.toFixed(0)} ms; ` +
        `largest gap between frames ${Math.max(0, ...gaps).toFixed(0)} ms over ${gaps.length} frames`,
    );
    console.log(`  marks (ms after the pick): ${marks.join(', ')}`);
    console.log(
      `  tasks over 50 ms: ${tasks
        .map((t) => `${((t.start - t0) / 1000).toFixed(2)} s: ${t.duration.toFixed(0)} ms`)
        .join(', ')}`,
    );
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
