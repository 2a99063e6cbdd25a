/**
 * Open another address in the page already open, as the browser's back/forward would (pushState +
 * popstate): the app applies the address as it does on load, but the page, its worker and its
 * code load once. A fresh page load costs about 1 CPU second on the suite's machine; a scenario
 * opened this way about 0.15 s, so specs that check many scenarios the same way open them here.
 */
import { expect, type Page } from '@playwright/test';

/** How many runs have reached the page (the app's `ackclock:result` User Timing marks). */
export const resultsShown = (page: Page): Promise<number> =>
  page.evaluate(() => performance.getEntriesByName('ackclock:result').length);

/**
 * Open `address` (a path with its query, e.g. `/?preset=ff-3-drops`) in `page` and wait until its
 * run has reached the page. The page must already show the app.
 */
export async function openInPage(page: Page, address: string, timeout = 60_000): Promise<void> {
  const before = await resultsShown(page);
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  await expect.poll(() => resultsShown(page), { timeout }).toBeGreaterThan(before);
}

/**
 * Split `items` into `parts` interleaved groups (item i goes to group i mod parts): one test per
 * group runs on each Playwright worker.
 */
export function partsOf<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, k) => items.filter((_, i) => i % parts === k));
}
