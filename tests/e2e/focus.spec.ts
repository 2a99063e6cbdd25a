/**
 * Keyboard focus after clicks (issue 21, item 2): after a click in the visualizer (a lower-panel
 * tab, a checkbox or button in a panel, an export button, the transport's buttons) or on a
 * toggle elsewhere (the compare picker, Present), the keys keep working: Space plays, →/PgDn
 * step. The tab strip is not re-mounted by a click on a tab. After predict mode's Continue,
 * Space resumes playback and the next question comes.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoPageScroll } from './pageScroll';

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

/** The 1-based event number in the transport's readout. */
async function eventNo(page: Page): Promise<number> {
  const text = await page.getByTestId('readout').innerText();
  return Number(/event (\d+)/.exec(text)?.[1] ?? NaN);
}

/** The transport's Play / Pause button (aria-pressed while playing). */
const playButton = (page: Page) => page.getByRole('button', { name: /^(Play|Pause) \(Space\)$/ });

/** Where keyboard focus is: "visualizer", "in visualizer: BUTTON …", or "outside: BODY". */
function focusWhere(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    const vis = document.querySelector('[data-testid="visualizer"]');
    if (!a || !vis) return 'nothing';
    const name = `${a.tagName} ${a.getAttribute('data-testid') ?? ''} ${(a.textContent ?? '').trim().slice(0, 24)}`;
    if (a === vis) return 'visualizer';
    return vis.contains(a) ? `in visualizer: ${name}` : `outside: ${name}`;
  });
}

/**
 * The keys work after `what`: focus is in the visualizer, → steps one event, PgDn jumps ahead
 * (PgUp back when no episode is left ahead), Space starts playback and Space again stops it (the
 * Play button's aria-pressed).
 */
async function keysWork(page: Page, what: string) {
  expect(await focusWhere(page), `${what}: focus in the visualizer`).toMatch(
    /^(visualizer|in visualizer)/,
  );
  const e0 = await eventNo(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => eventNo(page), { message: `${what}: → steps` }).toBe(e0 + 1);
  // PgDn jumps to the next episode; past the last one (none left to show in the next-hint),
  // PgUp jumps back to the one before.
  if (await page.getByTestId('next-hint').count()) {
    await page.keyboard.press('PageDown');
    await expect
      .poll(() => eventNo(page), { message: `${what}: PgDn jumps` })
      .toBeGreaterThan(e0 + 1);
  } else {
    await page.keyboard.press('PageUp');
    await expect
      .poll(() => eventNo(page), { message: `${what}: PgUp jumps` })
      .toBeLessThan(e0 + 1);
  }
  await page.keyboard.press(' ');
  await expect(playButton(page), `${what}: Space plays`).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(playButton(page), `${what}: Space pauses`).toHaveAttribute('aria-pressed', 'false');
}

test('clicks in the visualizer keep the keys working; the tab strip stays mounted', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=ff-3-drops&sender=reno');
  await ready(page);

  // A tab: the strip is the same element after the click (it used to be re-mounted, dropping
  // focus to <body>), and the keys work.
  const strip = await page.getByTestId('panel-tabs').elementHandle();
  await page.getByTestId('panel-tab-timeseq').click();
  await expect(page.getByTestId('panel-timeseq')).toBeVisible();
  expect(await strip!.evaluate((el) => el.isConnected), 'the tab strip was not re-mounted').toBe(
    true,
  );
  await keysWork(page, 'a click on the Time–sequence tab');
  await page.getByTestId('panel-tab-cwnd').click();
  expect(await strip!.evaluate((el) => el.isConnected)).toBe(true);
  await keysWork(page, 'a click on the cwnd tab');

  // A checkbox in a panel (its label clicked): Space plays rather than ticking it again.
  const overlay = page.getByTestId('cwnd-overlay-flightsize');
  await overlay.click();
  await expect(overlay).toBeChecked();
  await keysWork(page, 'a click on a cwnd-panel checkbox');
  await expect(overlay, 'Space did not untick the checkbox').toBeChecked();

  // A button in a panel header.
  await page.getByRole('button', { name: 'bytes' }).click();
  await keysWork(page, 'a click on the cwnd units button');
  await page.getByRole('button', { name: 'packets' }).click();

  // An export button (the download starts; the keys still work).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'cwnd CSV' }).click();
  await download;
  await keysWork(page, 'a click on an export button');

  // The transport's own buttons, the last one disabling itself.
  await page
    .getByTestId('visualizer')
    .getByRole('button', { name: /last event/i })
    .click();
  expect(await focusWhere(page), 'after the last-event button').toMatch(
    /^(visualizer|in visualizer)/,
  );
  const end = await eventNo(page);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => eventNo(page)).toBe(end - 1);
  await page
    .getByTestId('visualizer')
    .getByRole('button', { name: /first event/i })
    .click();
  await keysWork(page, 'a click on the first-event button');

  // A log row.
  await page.locator('.log-row').nth(3).click();
  await keysWork(page, 'a click on a log row');

  // Toggles outside the visualizer: a compare sender ticked in the sidebar, then Present.
  await page
    .getByRole('group', { name: 'Runs to compare' })
    .getByLabel('newreno', { exact: true })
    .check();
  await expect(page.getByTestId('compare')).toBeVisible({ timeout: 30_000 });
  // Both compared runs done (the run info keeps the previous run's fingerprint meanwhile, and a
  // result arriving between the two Space presses restarts the view: seen under load).
  const names = page.getByTestId('compare-name');
  await expect(names).toHaveCount(2);
  for (const i of [0, 1])
    await expect(names.nth(i)).toHaveAttribute('title', /fingerprint ac3-/, { timeout: 30_000 });
  await keysWork(page, 'a click on a compare sender');
  await page.getByRole('button', { name: 'Present' }).click();
  await keysWork(page, 'a click on Present');
  await expect(page.getByRole('button', { name: 'Exit presentation' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('predict mode: after Continue, Space resumes and the next question comes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=ff-3-drops&sender=newreno&predict=partial-ack');
  await ready(page);
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press(' ');
  const predict = page.getByTestId('predict');
  await expect(predict).toBeVisible({ timeout: 20_000 });
  // The question takes the focus (its guess field) without scrolling the page or the app's frame.
  await expectNoPageScroll(page, 'predict: the question open');
  const first = await eventNo(page);
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await page.getByTestId('predict-continue').click();
  await expect(predict).toHaveCount(0);
  expect(await focusWhere(page), 'after Continue').toMatch(/^(visualizer|in visualizer)/);
  await page.keyboard.press(' ');
  await expect(playButton(page), 'Space resumes').toHaveAttribute('aria-pressed', 'true');
  await expect(predict, 'the next question comes').toBeVisible({ timeout: 20_000 });
  expect(await eventNo(page)).toBeGreaterThan(first);
  await expectNoPageScroll(page, 'predict: the next question open');
});
