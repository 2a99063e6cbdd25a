import { expect, test } from '@playwright/test';
const N = Number(process.env.PROBE_N ?? 1);
for (let i = 0; i < N; i++)
  test(`probe ${i}`, async ({ page }) => {
    await page.goto(process.env.PROBE_URL ?? '/');
    await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
  });
