/**
 * The export menu's one-file downloads (issue 10 §9). (Predict mode's prompt on a partial ACK and
 * its focus: tests/ui/predictPrompt.test.tsx; in the browser, focus.spec.ts.)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
}

test('export in compare mode: one CSV with every run and its sender, one SVG with every run', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&compare=reno,newreno@rfc');
  await expect(page.getByTestId('compare-name')).toHaveCount(2, { timeout: 20_000 });
  await ready(page);
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

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('ackclock-ff-1-drops-compare.svg');
  const text = readFileSync((await svg.path())!, 'utf8');
  expect(text).toContain('>Reno · Fall &amp; Floyd test suite</text>');
  expect(text).toContain('>NewReno · RFC text (5681, 6582, 4960)</text>');
  expect(text).not.toContain('var(--');
  await page.waitForTimeout(300);
  expect(downloads).toBe(2);
  const view = await page.context().newPage();
  await view.setContent(`<body style="margin:0">${text}</body>`);
  await view.screenshot({ path: `${SHOTS}/export-compare.png`, fullPage: true });
  await view.close();
});

test('export of one panel: one file per click, legend words once', async ({ page }) => {
  await page.goto('/?preset=ff-1-drops&sender=reno&panels=router,cwnd,log');
  await ready(page);
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
