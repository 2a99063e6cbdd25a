/**
 * Exports (issue 21 item 11): every plot exports whether or not its tab is open; in compare
 * mode the pcap holds every run; the compare figure names the app's sans-serif font.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('time–sequence, queue, throughput and delay export with the cwnd tab open', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&sender=reno');
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  await expect(page.getByTestId('panel-tab-cwnd')).toHaveAttribute('aria-selected', 'true');
  for (const id of ['timeseq', 'queue', 'tput', 'delay']) {
    await page.getByLabel('Plot to export').selectOption(id);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG', exact: true }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`ackclock-ff-1-drops-${id}.svg`);
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text).toMatch(/^<svg/);
    expect(text.length).toBeGreaterThan(2000);
    const view = await page.context().newPage();
    await view.setContent(`<body style="margin:0">${text}</body>`);
    await view.screenshot({ path: `${SHOTS}/export-offscreen-${id}.png`, fullPage: true });
    await view.close();
  }
  // The tab on screen did not change.
  await expect(page.getByTestId('panel-tab-cwnd')).toHaveAttribute('aria-selected', 'true');
});

test('compare: the pcap holds every run, the figure uses the sans-serif font', async ({ page }) => {
  await page.goto('/?preset=ff-1-drops&compare=reno,newreno@rfc');
  await expect(page.getByTestId('compare-name')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  const [pcap] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'pcap', exact: true }).click(),
  ]);
  expect(pcap.suggestedFilename()).toMatch(/^ackclock-ff-1-drops-compare-.*\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await pcap.path())!)));
  const names = Object.keys(files).sort();
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(/^ackclock-ff-1-drops-1-reno-.*\.pcap$/);
  expect(names[1]).toMatch(/^ackclock-ff-1-drops-2-newreno-rfc-.*\.pcap$/);
  for (const n of names) expect(files[n]!.length).toBeGreaterThan(10_000);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  const text = readFileSync((await svg.path())!, 'utf8');
  expect(text).toMatch(/^<svg[^>]*font-family="[^"]*sans-serif/);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG', exact: true }).click(),
  ]);
  const b64 = readFileSync((await png.path())!).toString('base64');
  const view = await page.context().newPage();
  await view.setContent(`<body style="margin:0"><img src="data:image/png;base64,${b64}"></body>`);
  await view.screenshot({ path: `${SHOTS}/export-compare-png.png`, fullPage: true });
  await view.close();
});
