import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test('home page opens on the default scenario, paused at the start of its story window, without console errors', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ackclock');
  await expect(page).toHaveTitle(/^ackclock/);
  await expect(page.getByTestId('panel-router').locator('svg, canvas').first()).toBeVisible();
  // Milliseconds since navigation start, read in the page.
  const firstPlotMs = Math.round(await page.evaluate(() => performance.now()));
  test.info().annotations.push({ type: 'time-to-first-plot-ms', description: String(firstPlotMs) });
  console.log(`time to first plot: ${firstPlotMs} ms`);

  // ff-3-drops opens at its story window's start (1.6 s): the first Play moves packets at once.
  await expect(page.getByTestId('readout')).toContainText('event 59 / 1064 · t = 1.635 s');
  await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /First event/ })).toBeEnabled();
  // The cursor reaches the address once the app has written it (debounced: src/ui/app/addressWriter.ts).
  await expect.poll(() => new URL(page.url()).searchParams.get('e')).toBe('58');

  mkdirSync('artifacts/screenshots', { recursive: true });
  await page.screenshot({ path: 'artifacts/screenshots/home.png' });
  expect(errors).toEqual([]);
});

test('keyboard works right after load (the visualizer has focus) and ? lists the shortcuts', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&sender=reno');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await expect(page.getByTestId('readout')).toHaveText(/^event 59 \//);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveText(/^event 60 \//);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('PgUp');
  await page.screenshot({ path: 'artifacts/screenshots/help.png' });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: /Forward one event/ })).toBeDisabled();
});
