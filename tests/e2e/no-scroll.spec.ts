/**
 * The page itself never scrolls (issue 21, item 1): at 1280×720 and 1440×900, in the light,
 * dark and projector themes, the document stays exactly one window tall and at the top while a
 * lecturer does what scrolled it away to a blank page: the mouse wheel over the router plot,
 * scrolling the log past its end, PgDn in a sidebar field, the help overlay, folding the
 * sidebar. The log and the sidebar scroll themselves.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';
import { documentScroll, expectNoPageScroll } from './pageScroll';

const SHOTS = 'artifacts/screenshots/no-scroll';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark', 'projector'] as const;

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

/** The wheel over an element's centre, `n` notches of 300 px. */
async function wheelOver(page: Page, sel: string, n: number) {
  const box = (await page.locator(sel).first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let k = 0; k < n; k++) await page.mouse.wheel(0, 300);
  // Scrolling is asynchronous: let the last notch land.
  await page.waitForTimeout(150);
}

/**
 * The wheel over a scrolling area until past its end: one turn as long as what is left to
 * scroll, then `past` notches of 300 px beyond the end (the ones that would scroll the page if
 * the area let them through), as one gesture.
 */
async function wheelPastEnd(page: Page, sel: string, past = 4) {
  const area = page.locator(sel).first();
  const box = (await area.boundingBox())!;
  const left = await area.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  if (left > 0) await page.mouse.wheel(0, Math.ceil(left) + 1);
  for (let k = 0; k < past; k++) await page.mouse.wheel(0, 300);
  await page.waitForTimeout(150);
}

for (const theme of THEMES) {
  test(`no page scroll: ff-3-drops in the ${theme} theme, 1280×720 and 1440×900`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const link = `/?preset=ff-3-drops&sender=reno&theme=${theme}`;
    for (const vp of VIEWPORTS) {
      await page.setViewportSize(vp);
      // The second size opens the link again in the page (inPage.ts): a run and a view anew,
      // the scrolled log and sidebar as the first size left them.
      if (vp === VIEWPORTS[0]) await page.goto(link);
      else await openInPage(page, link);
      await ready(page);
      const tag = `${theme} ${vp.width}×${vp.height}`;
      await expectNoPageScroll(page, `${tag}, opened`);

      await wheelOver(page, '[data-testid="panel-router"] .ackp-area', 8);
      await expectNoPageScroll(page, `${tag}, wheel over the router plot`);

      // The log scrolls itself to its end, and the wheel past the end moves nothing else.
      await wheelPastEnd(page, '.log-list');
      const log = await page
        .locator('.log-list')
        .evaluate((el) => ({ top: el.scrollTop, max: el.scrollHeight - el.clientHeight }));
      expect(log.top, `${tag}: the log scrolled to its end`).toBeGreaterThan(0);
      expect(Math.abs(log.top - log.max), `${tag}: the log scrolled to its end`).toBeLessThan(2);
      await expectNoPageScroll(page, `${tag}, wheel past the log's end`);

      // The sidebar (the projector theme hides it): PgDn in one of its fields, the wheel over it.
      const toggle = page.getByTestId('sidebar-toggle');
      const sidebar = page.locator('#scenario-sidebar');
      if ((await sidebar.count()) > 0 && (await sidebar.isVisible())) {
        const field = sidebar.locator('input[type="text"], input:not([type])').first();
        await field.focus();
        for (let k = 0; k < 12; k++) await page.keyboard.press('PageDown');
        await page.waitForTimeout(100);
        await expectNoPageScroll(page, `${tag}, PgDn in a sidebar field`);
        await wheelPastEnd(page, '#scenario-sidebar');
        const sb = await sidebar.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
        expect(sb, `${tag}: the sidebar scrolled itself to its end`).toBeLessThan(2);
        await expectNoPageScroll(page, `${tag}, wheel past the sidebar's end`);
        if (vp.width === 1280)
          await page.screenshot({ path: `${SHOTS}/sidebar-pgdn-${theme}-${vp.width}.png` });
        // Folding the sidebar gives the plots its width; the page still fits.
        await toggle.click();
        await expect(sidebar).toHaveCount(0);
        await expectNoPageScroll(page, `${tag}, sidebar folded`);
        await toggle.click();
        await expect(sidebar).toBeVisible();
        await expectNoPageScroll(page, `${tag}, sidebar unfolded`);
      }

      // The help overlay.
      await page.getByTestId('visualizer').focus();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await wheelOver(page, '[role="dialog"]', 6);
      await expectNoPageScroll(page, `${tag}, help overlay open`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectNoPageScroll(page, `${tag}, help overlay closed`);

      // Keyboard stepping (PgDn on the visualizer) after all that: the page stays put.
      await page.getByTestId('visualizer').focus();
      for (let k = 0; k < 4; k++) await page.keyboard.press('PageDown');
      await expectNoPageScroll(page, `${tag}, PgDn on the visualizer`);
      const s = await documentScroll(page);
      expect(s.headerTop, `${tag}: header at the top of the window`).toBe(0);
    }
    expect(errors).toEqual([]);
  });
}
