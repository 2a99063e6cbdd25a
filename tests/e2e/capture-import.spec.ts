/**
 * Importing a capture in the browser (issue 27): the file picker hands a real Linux capture
 * (Reno through a 4 Mb/s bottleneck with a 10-packet pfifo, taken at the sender;
 * tests/fixtures/captures/README.md) to the capture worker; the flow list names the connection
 * and the side it was captured on, the time–sequence plot draws its segments,
 * retransmissions, ACK staircase and SACK blocks, the log narrates it, a click on a log row
 * moves the cursor. A text file dropped on the page is refused with a message and the capture
 * stays. Replay runs Reno and CUBIC on the estimated path under the real sender (the address
 * then holds the replay scenario); a box zoom on the time–sequence plot moves the RTT plot under
 * it to the same time range. No page scroll at 1280×720; light, dark and projector screenshots in
 * artifacts/screenshots/capture/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoPageScroll } from './pageScroll';

const SHOTS = 'artifacts/screenshots/capture';
mkdirSync(SHOTS, { recursive: true });
const FIXTURE = 'tests/fixtures/captures/reno-sender.pcapng';

test('a capture from the picker: flow list, time–sequence plot, log; a dropped text file is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });

  await page.getByTestId('capture-file').setInputFiles(FIXTURE);
  const view = page.getByTestId('capture-view');
  await expect(view).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('capture-name')).toHaveText('reno-sender.pcapng');
  await expect(page.getByTestId('capture-private')).toHaveText(
    'This trace stays in your browser; the link does not contain it.',
  );
  const row = page.locator('[data-testid="capture-flows"] tbody tr').first();
  await expect(row.locator('input[type="checkbox"]')).toBeChecked();
  await expect(row.locator('[data-side]')).toHaveAttribute('data-side', 'sender');
  await expect(row.locator('[data-side]')).toHaveAttribute('title', /.+/);
  expect(Number(await row.locator('[data-retx]').getAttribute('data-retx'))).toBeGreaterThan(0);

  const ts = page.getByTestId('capture-timeseq');
  await expect(ts.locator('.ackp-area')).toBeVisible({ timeout: 30_000 });
  const label =
    (await ts.locator('[aria-label*="new segments"]').first().getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/retransmissions/);
  // The legend names segments, retransmissions, the ACK line, duplicate ACKs, SACK blocks.
  const legend = await ts
    .locator('li[data-legend]')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? l.textContent));
  expect(legend.join(' | ')).toMatch(/retransmission/);
  expect(legend.join(' | ')).toMatch(/SACK/);

  const log = page.getByTestId('capture-log');
  const rows = log.locator('li');
  expect(await rows.count()).toBeGreaterThan(0);
  await rows.first().click();
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await expectNoPageScroll(page, 'capture view, light');
  await page.screenshot({ path: `${SHOTS}/capture-light-1280.png` });

  // The RTT tab under the plot.
  await view.getByRole('tab', { name: 'RTT' }).click();
  await expect(page.getByTestId('capture-rtt').locator('.ackp-area')).toBeVisible();

  for (const theme of ['dark', 'projector'] as const) {
    await page.locator('#theme-select').selectOption(theme);
    await expect(page.getByTestId('capture-timeseq').locator('.ackp-area')).toBeVisible();
    await expectNoPageScroll(page, `capture view, ${theme}`);
    await page.screenshot({ path: `${SHOTS}/capture-${theme}-1280.png` });
  }
  await page.locator('#theme-select').selectOption('light');

  // A text file dropped on the page: refused, the capture kept.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['hello, this is not a capture\n'], 'notes.txt', { type: 'text/plain' }));
    const app = document.querySelector('.app')!;
    app.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
    app.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('capture-error')).toContainText('notes.txt:');
  await expect(page.getByTestId('capture-error')).toContainText('The capture on screen is kept.');
  await expect(page.getByTestId('capture-name')).toHaveText('reno-sender.pcapng');
  await page.screenshot({ path: `${SHOTS}/capture-refused.png` });

  // Replay: Reno and CUBIC on the path estimated from the capture, under the real sender.
  await page.getByTestId('capture-replay-run').click();
  const replays = page.getByTestId('capture-replays');
  await expect(replays.locator('section')).toHaveCount(2, { timeout: 60_000 });
  await expect(replays.locator('.ackp-area')).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('compare')).toBe('reno,cubic');
  expect(new URL(page.url()).searchParams.get('preset')).toBe('bufferbloat-path');
  await expectNoPageScroll(page, 'capture view, replays');
  await page.screenshot({ path: `${SHOTS}/capture-replay.png` });

  // A box zoom on the time–sequence plot: the plot under it (drawn a task later) follows it.
  await view.getByRole('tab', { name: 'RTT' }).click();
  const ticks = (id: string) => page.getByTestId(id).locator('.ackp-axis-x text').allTextContents();
  const whole = (await ticks('capture-timeseq')).join(' ');
  const area = (await page.getByTestId('capture-timeseq').locator('.ackp-area').boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.4, { steps: 4 });
  await page.mouse.up();
  await expect
    .poll(async () => {
      const [top, under] = [await ticks('capture-timeseq'), await ticks('capture-rtt')];
      return top.join(' ') !== whole && top.join(' ') === under.join(' ');
    })
    .toBe(true);

  await page.getByTestId('capture-close').click();
  await expect(page.getByTestId('run-info')).toBeVisible();
  expect(errors).toEqual([]);
});
