import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';
import { expectNoPageScroll } from './pageScroll';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 10 item 6: two flows told apart in the router plot (colour, glyph, legend entry per
 * flow), a 1000 s router plot that reads as a picture, and a satellite queue view whose labels
 * do not overlap. Screenshots for a person to look at; the checks are structural.
 */
async function open(page: Page, query: string, timeout = 120_000, inPage = false) {
  if (inPage) await openInPage(page, `/?${query}`, timeout);
  else {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/?${query}`);
  }
  await expect(page.getByTestId('readout')).toHaveText(/ \/ [1-9]\d* ·/, { timeout });
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await settled(page);
}

/** Every panel drawn (a long run mounts them one by one), then two frames at the last event. */
async function settled(page: Page) {
  await expect(page.locator('.panel-body[aria-busy]')).toHaveCount(0, { timeout: 60_000 });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

test('two-flow Fall & Floyd: each flow has its own glyph and a legend entry', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'preset=fall-floyd&flows=reno,sack&stop=20', 60_000);
  const router = page.getByTestId('panel-router');
  await expect(router).toContainText(/flow 1/);
  await expect(router).toContainText(/flow 2/);
  await router.screenshot({ path: `${SHOTS}/router-two-flows.png` });
  await open(
    page,
    'preset=fall-floyd&flows=reno,sack&stop=20&zoom=full&theme=projector',
    60_000,
    true,
  );
  await router.screenshot({ path: `${SHOTS}/router-two-flows-full-projector.png` });
});

test('satellite dumbbell 1000 s: router plot aggregated, queue view labels apart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page, 'preset=satellite-dumbbell&stop=1000&panels=router,queue,log');
  const router = page.getByTestId('panel-router');
  await expect(router.locator('[data-aggregate="rate"]')).toHaveCount(1);
  await router.screenshot({ path: `${SHOTS}/router-satellite-1000s.png` });
  const queue = page.getByTestId('panel-queue');
  await queue.screenshot({ path: `${SHOTS}/queue-satellite-dumbbell.png` });
});

test('queue view of the GEO shared topology and Alamgir Table 2', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [i, preset] of ['geo-shared', 'alamgir-table2'].entries()) {
    await open(page, `preset=${preset}&stop=20&panels=router,queue,log`, 120_000, i > 0);
    await page.getByTestId('panel-queue').screenshot({ path: `${SHOTS}/queue-${preset}.png` });
  }
});

test('RED at 1280×720: the queue over time draws the average queue beside the instantaneous one; the queue view reads RED in two lines that fit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Issue 26: an AQM bottleneck opens on the queue-over-time panel; RED's picture (Floyd &
  // Jacobson 1993): the EWMA average against the queue, min_th and max_th, in light and projector.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=red-floyd-jacobson&stop=8');
  await expect(page.getByTestId('readout')).toHaveText(/ \/ [1-9]\d* ·/, { timeout: 60_000 });
  const panel = page.getByTestId('panel-qlen');
  for (const theme of ['light', 'projector'] as const) {
    await page.getByLabel('Theme').selectOption(theme);
    const plot = panel.locator('[data-panel="qlen-length"]');
    await expect(plot.getByRole('img')).toHaveAttribute(
      'aria-label',
      /RED's average queue against min_th 5 and max_th 15/,
    );
    await expect(plot).toContainText('RED average (EWMA)');
    await expectNoPageScroll(page, `red-floyd-jacobson, ${theme}`);
    await panel.screenshot({ path: `${SHOTS}/queue-over-time-red-${theme}.png` });
  }
  // The queue view's AQM readout: two lines inside the panel however long their text (each cut
  // with an ellipsis, the whole text its tooltip), so the topology keeps its size as the cursor
  // moves (the single SVG line ran past the panel's right edge at this size).
  await page.getByTestId('panel-tab-queue').click();
  const queue = page.getByTestId('panel-queue');
  const readout = queue.getByTestId('aqm-readout');
  await expect(readout.locator('p')).toHaveText([
    /^\d+ packets? \(\d+ bytes\) waiting/,
    /^RED average queue \d+(\.\d)?, drop probability \d+(\.\d+)? %$/,
  ]);
  await expect(readout).toHaveAttribute('title', /waiting.*\nRED average queue/s);
  const fits = () =>
    queue.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      const lines = Array.from(el.querySelectorAll('[data-testid="aqm-readout"] p'));
      const area = el.querySelector('.ackp-area')!.getBoundingClientRect().height;
      return {
        past: lines.filter((p) => p.getBoundingClientRect().right > right + 1).length,
        area,
      };
    });
  const first = await fits();
  expect(first.past).toBe(0);
  // The first event and halfway (the transport's buttons and scrubber: arrow keys on a tab move
  // the tab): the lines' text changes, their height does not.
  await page.getByRole('button', { name: 'First event (Home)' }).click();
  await expect(page.getByTestId('readout')).toHaveText(/^event 1 \//);
  await expect(readout.locator('p').first()).toHaveText(/^0 packets \(0 bytes\) waiting$/);
  expect(await fits()).toEqual(first);
  await page.getByLabel('Event scrubber').fill('5000');
  await expect(page.getByTestId('readout')).toHaveText(/^event 500[01] \//);
  expect(await fits()).toEqual(first);
  await queue.screenshot({ path: `${SHOTS}/queue-view-red-projector.png` });
});
