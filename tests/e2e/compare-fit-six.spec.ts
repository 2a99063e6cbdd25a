/**
 * Six senders compared (Caro et al. Figure 5, `?preset=caro-fig5-3-drops`, issue 21 item 6 for
 * the comparison presets) at 1280×720 and 1440×900, light and projector: every router mini as
 * readable as compare-fit.spec.ts asks of four runs — y ticks 0, 20 and 40 kept, a plot ≥ 64 px
 * tall in light and ≥ 86 px on the projector, the minis equally tall —, every cwnd mini as
 * tall, every run name whole, the key decisions whole or folded into one line that ends in an
 * ellipsis with every decision in its tooltip, no label clipped by its plot or drawn over the
 * tick labels, every row inside the window, and the page does not scroll.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { settledFits } from './compareFit';
import { expectNoPageScroll } from './pageScroll';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots/compare';
mkdirSync(SHOTS, { recursive: true });

const SENDERS = ['newreno', 'sack', 'fack', 'sctp-2960', 'sctp-newreno', 'sctp-newreno-ca'];
const MIN_PLOT_PX = { light: 64, projector: 86 } as const;
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

/**
 * The four looks, in one page: the link opens in each theme (its theme picks its default
 * panels), then the window takes each size.
 */
test('compare of six senders fits 1280x720 and 1440x900, light and projector', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize(SIZES[0]);
  for (const theme of ['light', 'projector'] as const) {
    const address = `/?preset=caro-fig5-3-drops&theme=${theme}`;
    if (theme === 'light') await page.goto(address);
    else await openInPage(page, address);
    await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 40_000 });
    const rows = page.locator('section.compare-row');
    await expect(rows).toHaveCount(6, { timeout: 40_000 });
    await expect(
      page.locator('section.compare-row [data-panel="router"] clipPath rect'),
    ).toHaveCount(6);
    for (const size of theme === 'light' ? SIZES : [...SIZES].reverse())
      await test.step(`${theme} ${size.width}x${size.height}`, async () => {
        const at = `${size.width}x${size.height}`;
        const now = page.viewportSize()!;
        if (now.width !== size.width || now.height !== size.height)
          await page.setViewportSize(size);
        const fits = await settledFits(page);
        await page.screenshot({ path: `${SHOTS}/compare-6-${theme}-${at}.png` });
        expect(fits.map((f) => f.sender)).toEqual(SENDERS);
        for (const f of fits) {
          expect.soft(f.clipped, `${theme} ${at}: ${f.sender}'s labels show whole`).toBe('');
          expect
            .soft(f.plotPx, `${theme} ${at}: ${f.sender}'s router mini plot height`)
            .toBeGreaterThanOrEqual(MIN_PLOT_PX[theme]);
          expect
            .soft(f.cwndPx, `${theme} ${at}: ${f.sender}'s cwnd mini plot height`)
            .toBeGreaterThanOrEqual(MIN_PLOT_PX[theme]);
          expect
            .soft(f.yTicks, `${theme} ${at}: ${f.sender}'s router mini y ticks`)
            .toEqual(expect.arrayContaining(['0', '20', '40']));
        }
        const heights = fits.map((f) => f.plotPx);
        expect
          .soft(
            Math.max(...heights) - Math.min(...heights),
            `${theme} ${at}: minis equally tall (${heights})`,
          )
          .toBeLessThanOrEqual(1);
        const box = (await page.getByTestId('compare').boundingBox())!;
        for (let i = 0; i < 6; i++) {
          const b = (await rows.nth(i).boundingBox())!;
          expect
            .soft(b.y + b.height, `${theme} ${at}: row ${i + 1} inside the compare view`)
            .toBeLessThanOrEqual(Math.min(box.y + box.height, size.height) + 1);
        }
        await expectNoPageScroll(page, `${theme} ${at} compare of six`);
      });
  }
  expect(errors).toEqual([]);
});
