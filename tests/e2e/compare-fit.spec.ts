/**
 * Four senders compared at 1280×720 (issue 21, item 6), in the light and the projector theme:
 * every run's name and key-decision stats show whole (nothing cut off or scrolled away), and
 * every router mini is tall enough to read — its plot keeps the y ticks 0, 20 and 40 (the axis
 * thins ticks closer than 1.3 tick heights) and at least ~1.2 px per packet number:
 * ≥ 64 px in light (12 px ticks), ≥ 86 px on the projector (22 px ticks: 3 × 1.3 × 22). The
 * minis share their y scale, so they are equally tall; no label is clipped by its plot
 * (compareFit.ts). The page does not scroll. Six runs: compare-fit-six.spec.ts.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { settledFits } from './compareFit';
import { openInPage } from './inPage';
import { expectNoPageScroll } from './pageScroll';

const SHOTS = 'artifacts/screenshots/compare';
mkdirSync(SHOTS, { recursive: true });

const SENDERS = ['reno', 'newreno', 'sack', 'fack'] as const;
const MIN_PLOT_PX = { light: 64, projector: 86 } as const;

// Both themes in one page: the projector's link opens in the page of the light one (inPage.ts).
test('compare of four senders fits 1280×720 in the light and the projector theme', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const theme of ['light', 'projector'] as const) {
    const address = `/?preset=ff-3-drops&compare=${SENDERS.join(',')}&theme=${theme}`;
    if (theme === 'light') await page.goto(address);
    else await openInPage(page, address);
    await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
    const rows = page.locator('section.compare-row');
    await expect(rows).toHaveCount(4);
    // Every mini drawn (its clip rectangle sized).
    await expect(
      page.locator('section.compare-row [data-panel="router"] clipPath rect'),
    ).toHaveCount(4);
    const fits = await settledFits(page);
    await page.screenshot({ path: `${SHOTS}/compare-4-${theme}-1280x720.png` });
    expect(fits.map((f) => f.sender)).toEqual([...SENDERS]);
    for (const f of fits) {
      expect.soft(f.clipped, `${theme}: ${f.sender}'s name and stats show whole`).toBe('');
      expect
        .soft(f.plotPx, `${theme}: ${f.sender}'s router mini plot height`)
        .toBeGreaterThanOrEqual(MIN_PLOT_PX[theme]);
      expect
        .soft(f.yTicks, `${theme}: ${f.sender}'s router mini y ticks`)
        .toEqual(expect.arrayContaining(['0', '20', '40']));
    }
    const heights = fits.map((f) => f.plotPx);
    expect
      .soft(
        Math.max(...heights) - Math.min(...heights),
        `${theme}: minis equally tall (${heights})`,
      )
      .toBeLessThanOrEqual(1);
    for (let i = 0; i < 4; i++) {
      const b = (await rows.nth(i).boundingBox())!;
      expect
        .soft(b.y + b.height, `${theme}: row ${i + 1} inside the window`)
        .toBeLessThanOrEqual(721);
    }
    await expectNoPageScroll(page, `${theme} compare of four`);
  }
  expect(errors).toEqual([]);
});
