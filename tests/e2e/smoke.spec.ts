import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test('home page shows the ackclock heading without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'ackclock' })).toBeVisible();
  await expect(page).toHaveTitle(/^ackclock/);

  mkdirSync('artifacts/screenshots', { recursive: true });
  await page.screenshot({ path: 'artifacts/screenshots/smoke.png', fullPage: true });
  expect(errors).toEqual([]);
});
