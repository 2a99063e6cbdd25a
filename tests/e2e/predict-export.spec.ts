/**
 * Predict mode's prompt and focus, and the export menu's one-file downloads (issue 10 §7, §9).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac2-/, { timeout: 20_000 });
}

test('predict: the partial ACK is named as one, the notice waits, Reveal focuses Continue', async ({ page }) => {
  await page.goto('/?preset=ff-3-drops&sender=newreno&predict=partial-ack');
  await ready(page);
  const notice = page.getByTestId('preset-notice');
  await expect(notice).toContainText('What to notice:');
  await page.getByLabel('Speed').selectOption('10');
  await page.getByRole('button', { name: /^Play/ }).click();
  const predict = page.getByTestId('predict');
  await expect(predict).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('predict-question')).toHaveText(
    'Predict: the next event is a partial ACK for 26. What will cwnd be after it, and which packet will the sender send next?',
  );
  await expect(notice).toHaveText('What to notice is hidden until you reveal your prediction.');
  await expect(page.getByLabel('Your guess (packets)')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/predict-partial-ack.png` });
  await page.getByLabel('Your guess (packets)').fill('7');
  await page.keyboard.press('Enter');
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeFocused();
  await expect(page.getByTestId('predict-result')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('predict-result')).toContainText('Your guess: 7 · Answer: cwnd =');
  await expect(notice).toContainText('What to notice:');
  await page.screenshot({ path: `${SHOTS}/predict-revealed.png` });
});
