/**
 * Predict mode at the 3rd duplicate ACK (issue 21 items 3 and 9): the question says which
 * quantity it asks, the RFC 5681 reading (ssthresh + 3) is accepted with the difference
 * explained, and the prompt lies over the visualizer without squeezing the plots at 1280 × 720.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Heights of the router and cwnd plots' bodies, px. */
async function plotHeights(page: Page): Promise<[number, number]> {
  const h = async (id: string) =>
    (await page.getByTestId(id).locator('.panel-body').boundingBox())?.height ?? 0;
  return [await h('panel-router'), await h('panel-cwnd')];
}

/** Reno on ff-3-drops at 1280 × 720, played until predict mode asks about the 3rd dupack. */
async function askAtThirdDupack(page: Page, theme = 'light'): Promise<[number, number]> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?preset=ff-3-drops&sender=reno&predict=fast-retransmit&theme=${theme}`);
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  const before = await plotHeights(page);
  await page.getByLabel('Speed').selectOption('10');
  await page.getByRole('button', { name: /^Play/ }).click();
  await expect(page.getByTestId('predict')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('predict-question')).toContainText(
    'the next event is the 3rd duplicate ACK for 14',
  );
  return before;
}

for (const theme of ['light', 'projector'])
  test(`Reno at the 3rd duplicate ACK (${theme}, 1280 × 720): the question names the quantity, ns-2's cwnd and ssthresh + 3 are both right, the prompt does not squeeze the plots`, async ({
    page,
  }) => {
    const before = await askAtThirdDupack(page, theme);
    expect(before[0]).toBeGreaterThan(150);
    expect(before[1]).toBeGreaterThan(100);
    const asking = await plotHeights(page);
    // The question names the quantity: ns-2's cwnd or the window with its inflation.
    await expect(page.getByTestId('predict-question')).toContainText('inflation');
    // 7 is ns-2's cwnd; 10 the RFC 5681 reading (ssthresh + 3): both are right.
    await page.getByLabel(/^Your guess/).fill(theme === 'light' ? '10' : '7');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('predict-result');
    await expect(result).toBeVisible();
    await expect(result).toContainText('✓');
    if (theme === 'light') {
      await expect(result).toContainText('RFC 5681');
      await expect(result).toContainText('ssthresh + 3');
    }
    const revealed = await plotHeights(page);
    await page.screenshot({ path: `${SHOTS}/predict-revealed-1280-${theme}.png` });
    for (const hs of [asking, revealed]) {
      expect(Math.abs(hs[0] - before[0])).toBeLessThanOrEqual(1);
      expect(Math.abs(hs[1] - before[1])).toBeLessThanOrEqual(1);
    }
  });
