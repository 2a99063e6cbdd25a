/**
 * A lecture slide keeps compare mode and the view (issue 21 item 4): tick newreno and sack, add
 * the view as a slide, open the lecture link → the two runs side by side again.
 */
import { expect, test } from '@playwright/test';

test('a slide made in compare mode opens in compare mode, with its panels and units', async ({
  page,
  context,
}) => {
  await page.goto('/?preset=ff-3-drops&sender=reno&compare=newreno,sack&units=bytes');
  await expect(page.getByTestId('compare-name')).toHaveCount(2, { timeout: 30_000 });
  await page.getByText('Lecture', { exact: true }).click();
  await page.getByLabel('Sentence for this view').fill('NewReno and SACK repair three losses.');
  await page.getByRole('button', { name: 'Add this view as a slide' }).click();
  await expect(page).toHaveURL(/slides=/);
  const slides = new URL(page.url()).searchParams.get('slides')!;
  const other = await context.newPage();
  await other.goto(`/?slides=${slides}`);
  await expect(other.getByTestId('slide-readout')).toHaveText('Slide 1/1', { timeout: 20_000 });
  await expect(other.getByTestId('compare-name')).toHaveCount(2, { timeout: 30_000 });
  const url = new URL(other.url());
  expect(url.searchParams.get('compare')).toBe('newreno,sack');
  expect(url.searchParams.get('units')).toBe('bytes');
  await other.screenshot({ path: 'artifacts/screenshots/lecture-compare-slide.png' });
});
