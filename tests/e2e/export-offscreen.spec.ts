/**
 * Exports (issue 21 item 11; issue 10 §9): every plot exports whether or not its tab is open; in
 * compare mode one CSV holds every run with its sender, the pcap every run, and the figure
 * every run in the app's sans-serif font; one file per click.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('time–sequence, queue, throughput and delay export with the cwnd tab open; the router plot on screen exports once, each legend word once', async ({
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

  // The router plot on screen: one file per click, each legend word once.
  await openInPage(page, '/?preset=ff-1-drops&sender=reno&panels=router,cwnd,log');
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByLabel('Plot to export').selectOption('router');
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('ackclock-ff-1-drops-router.svg');
  const text = readFileSync((await svg.path())!, 'utf8');
  const legend = [...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(legend.some((t) => /arrival/.test(t ?? ''))).toBe(true);
  expect(legend.filter((t) => /arrival.*arrival/.test(t ?? ''))).toEqual([]);
  await page.waitForTimeout(300);
  expect(downloads).toBe(1);
  const view = await page.context().newPage();
  await view.setContent(`<body style="margin:0">${text}</body>`);
  await view.screenshot({ path: `${SHOTS}/export-router.png`, fullPage: true });
  await view.close();
});

test('compare: one CSV with every run and its sender, one SVG with every run in the sans-serif font, the pcap holds every run', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&compare=reno,newreno@rfc');
  await expect(page.getByTestId('compare-name')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  let downloads = 0;
  page.on('download', () => downloads++);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'cwnd CSV', exact: true }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('ackclock-ff-1-drops-compare-cwnd.csv');
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toMatch(/^run,sender,profile,time,flow,cwnd,ssthresh,/);
  const who = new Set(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')));
  expect(who).toEqual(new Set(['1,reno,ff96', '2,newreno,rfc']));
  expect(new Set(lines.slice(1).map((l) => l.split(',')[4]))).toEqual(new Set(['1']));

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
  expect(svg.suggestedFilename()).toBe('ackclock-ff-1-drops-compare.svg');
  const text = readFileSync((await svg.path())!, 'utf8');
  expect(text).toMatch(/^<svg[^>]*font-family="[^"]*sans-serif/);
  expect(text).toContain('>Reno · Fall &amp; Floyd test suite</text>');
  expect(text).toContain('>NewReno · RFC text (5681, 6582, 4960)</text>');
  expect(text).not.toContain('var(--');
  const shot = await page.context().newPage();
  await shot.setContent(`<body style="margin:0">${text}</body>`);
  await shot.screenshot({ path: `${SHOTS}/export-compare.png`, fullPage: true });
  await shot.close();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG', exact: true }).click(),
  ]);
  // One file per click.
  await page.waitForTimeout(300);
  expect(downloads).toBe(4);
  const b64 = readFileSync((await png.path())!).toString('base64');
  const view = await page.context().newPage();
  await view.setContent(`<body style="margin:0"><img src="data:image/png;base64,${b64}"></body>`);
  await view.screenshot({ path: `${SHOTS}/export-compare-png.png`, fullPage: true });
  await view.close();
});
