import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Record requestAnimationFrame intervals in the page until stopFrames() is called. */
async function startFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<{ n: number; median: number; p95: number; max: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    const f = w.__frames.slice(1).sort((a, b) => a - b);
    const q = (p: number) => Math.round(f[Math.min(f.length - 1, Math.floor(p * f.length))] ?? 0);
    return { n: f.length, median: q(0.5), p95: q(0.95), max: Math.round(f[f.length - 1] ?? 0) };
  });
}

test('a 100 s lossy run (~50k events): time to first plot, frame times while stepping, scrubbing and playing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const started = Date.now();
  await page.goto(`/?preset=fall-floyd&sender=newreno&stop=100&loss=0.01${process.env.PERF_PANELS ? `&panels=${process.env.PERF_PANELS}` : ''}`);
  await expect(page.getByTestId('readout')).toHaveText(/ \/ [1-9]\d* ·/, { timeout: 60_000 });
  const firstPlotMs = Date.now() - started;
  const n = Number((await page.getByTestId('readout').textContent())?.match(/\/ (\d+)/)?.[1]);
  expect(n).toBeGreaterThan(30_000);

  await page.getByTestId('visualizer').focus();
  await startFrames(page);
  for (let i = 0; i < 150; i++) await page.keyboard.press('ArrowRight');
  const stepping = await stopFrames(page);

  const slider = page.getByRole('slider', { name: 'Event scrubber' });
  await startFrames(page);
  for (let i = 1; i <= 40; i++) await slider.fill(String(Math.floor((i * n) / 41)));
  const scrubbing = await stopFrames(page);

  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('Home');
  await page.getByLabel('Speed').selectOption('4');
  await startFrames(page);
  await page.getByRole('button', { name: /^Play/ }).click();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: /^Pause/ }).click();
  const playing = await stopFrames(page);

  const report = { events: n, firstPlotMs, stepping, scrubbing, playing };
  console.log(`long run: ${JSON.stringify(report)}`);
  test.info().annotations.push({ type: 'perf', description: JSON.stringify(report) });
  // The log is virtualised: far fewer rows in the DOM than decisions.
  expect(await page.locator('.log-row').count()).toBeLessThan(200);
  await page.screenshot({ path: `${SHOTS}/long-run-100s.png` });
});

test('a slow run shows progress and can be cancelled; the previous run stays', async ({ page }) => {
  await page.goto('/?preset=ff-1-drops&sender=reno');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac2-/);
  const fp = await page.getByTestId('fingerprint').textContent();
  const readout = await page.getByTestId('readout').textContent();
  await page.getByRole('textbox', { name: /Stop time/ }).fill('2000');
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/slow-run-progress.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-error')).toContainText('cancelled');
  await expect(page.getByTestId('fingerprint')).toHaveText(fp ?? '');
  await expect(page.getByTestId('readout')).toHaveText(readout ?? '');
  // The app still works: step, and run again.
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveText(/^event 2 \//);
  await page.getByRole('textbox', { name: /Stop time/ }).fill('5');
  await expect(page.getByTestId('fingerprint')).not.toHaveText(fp ?? '', { timeout: 20_000 });
});
