import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/** The x-axis tick values of every time plot shown (router, cwnd, time–sequence, …). */
async function xTicks(page: Page): Promise<number[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.ackp-timeplot')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) =>
        [...el.querySelectorAll('.ackp-axis-x .tick text')]
          .map((t) => Number(t.textContent))
          .filter((v) => Number.isFinite(v)),
      )
      .filter((ticks) => ticks.length > 0),
  );
}

test.beforeAll(() => mkdirSync('artifacts/screenshots', { recursive: true }));

test('a preset opens on its story window; 0 shows the full run, v the story again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?preset=ff-3-drops&sender=reno');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  const tab = page.getByTestId('panel-tab-timeseq');
  if (await tab.count()) await tab.click();
  await expect(page.locator('[data-panel="timeseq"] .ackp-axis-x .tick').first()).toBeVisible();

  // The story (1.6–3.6 s: the drop of 15 to Reno's timeout), not the run's 1–6 s.
  let plots = await xTicks(page);
  expect(plots.length).toBeGreaterThanOrEqual(2);
  for (const ticks of plots) {
    expect(Math.min(...ticks)).toBeGreaterThanOrEqual(1.6);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(3.6);
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeGreaterThanOrEqual(1.2);
  }
  expect(new URL(page.url()).searchParams.get('zoom')).toBeNull();
  await page.screenshot({ path: 'artifacts/screenshots/preset-story-ff3.png' });

  // The full run, one key away.
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('0');
  await expect
    .poll(async () => Math.max(...(await xTicks(page)).flat()))
    .toBeGreaterThanOrEqual(5.5);
  plots = await xTicks(page);
  for (const ticks of plots) {
    expect(Math.min(...ticks)).toBeLessThanOrEqual(1.5);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(5.5);
  }
  await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).toBe('full');
  await page.screenshot({ path: 'artifacts/screenshots/preset-story-ff3-full.png' });

  // And back to the story.
  await page.keyboard.press('v');
  await expect.poll(async () => Math.max(...(await xTicks(page)).flat())).toBeLessThanOrEqual(3.6);
  await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).toBeNull();

  // The help lists both keys.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('full run (reset zoom)');
  await expect(help).toContainText('the preset’s story');
  await page.keyboard.press('Escape');

  // A reload of the full-run address stays on the full run.
  await page.goto('/?preset=ff-3-drops&sender=reno&zoom=full');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await expect
    .poll(async () => Math.max(...(await xTicks(page)).flat()))
    .toBeGreaterThanOrEqual(5.5);
});
