import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openInPage } from './inPage';

/** A lecture link as the app writes one: slide 1's address with the slides and slide=1. */
const SLIDES = [
  { q: 'preset=ff-1-drops&sender=reno', e: 40, z: [1.6, 2.6], s: 'Packet 15 is dropped at R1.' },
  {
    q: 'preset=ff-2-drops&sender=newreno',
    e: 120,
    z: 'full',
    s: 'NewReno retransmits 29 on the partial ACK.',
  },
];
const raw = Buffer.from(JSON.stringify(SLIDES)).toString('base64url');

test.beforeAll(() => mkdirSync('artifacts/screenshots', { recursive: true }));

test('a two-slide lecture link: ] goes to slide 2 with its scenario, cursor and sentence; a bad slide is named, the good ones kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // No `slide` and no scenario keys: the link opens on slide 1.
  await page.goto(`/?slides=${raw}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await expect(page.getByTestId('slide-readout')).toHaveText('Slide 1/2');
  await expect(page.getByTestId('slide-text')).toHaveText('Packet 15 is dropped at R1.');
  await expect(page.getByTestId('readout')).toContainText('event 41 /');
  // The preset as written with Reno: the ns-2.35 mark is there.
  await expect(page.getByTestId('ns2-mark')).toHaveAttribute('data-fixture', 'tcp-ff96-reno-d1');

  await page.getByTestId('visualizer').focus();
  await page.keyboard.press(']');
  await expect(page.getByTestId('slide-readout')).toHaveText('Slide 2/2');
  await expect(page.getByTestId('slide-text')).toHaveText(
    'NewReno retransmits 29 on the partial ACK.',
  );
  await expect(page.getByTestId('readout')).toContainText('event 121 /');
  // The cursor reaches the address debounced (src/ui/app/addressWriter.ts).
  await expect.poll(() => new URL(page.url()).searchParams.get('e')).toBe('120');
  const url = new URL(page.url());
  expect(url.searchParams.get('preset')).toBe('ff-2-drops');
  expect(url.searchParams.get('sender')).toBe('newreno');
  expect(url.searchParams.get('slide')).toBe('2');
  expect(url.searchParams.get('slides')).toBe(raw);
  await expect(page.getByTestId('ns2-mark')).toHaveAttribute('data-fixture', 'tcp-ff96-newreno-d2');
  await page.screenshot({ path: 'artifacts/screenshots/lecture-slide-2.png' });

  // Back returns to slide 1.
  await page.goBack();
  await expect(page.getByTestId('slide-readout')).toHaveText('Slide 1/2');
  await expect(page.getByTestId('readout')).toContainText('event 41 /');

  // A bad slide is named in the banner; the good ones are kept (opened in the page, inPage.ts).
  const bad = Buffer.from(
    JSON.stringify([SLIDES[0], { q: 'preset=ff-1-drops&queue=1', s: 'x' }, SLIDES[1]]),
  ).toString('base64url');
  await openInPage(page, `/?preset=ff-1-drops&sender=reno&slides=${bad}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await expect(page.getByText(/slides: slide 2: q: queue:/)).toBeVisible();
  await expect(page.getByTestId('slide-readout')).toHaveText('Slide –/2');
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press(']');
  await expect(page.getByTestId('slide-readout')).toHaveText('Slide 1/2');
  await expect(page.getByTestId('slide-text')).toHaveText('Packet 15 is dropped at R1.');
});
