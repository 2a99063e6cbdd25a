/**
 * Many flows in the browser: the GEO fairness preset with 4 and 8 sources — a colour, glyph and
 * dash per flow in every panel, the metrics panel's numbers against a Node-side computation, the
 * log's flow filter (select, `f` key, address), the flows editor.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { metricsFor } from './flowMetrics';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** The panel under the router plot shows one panel at a time (its tab strip chooses). */
async function showPanel(page: Page, id: string) {
  if (id === 'router') return;
  await page.getByTestId(`panel-tab-${id}`).click();
}

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

const GEO4 = 'preset=geo-table2&n=4&stop=60';

/**
 * Two checks of the 4-source run in one page: the second opens the link again in it (inPage.ts),
 * which puts the panels and the cursor back as the link has them; then the 8-source run in it.
 */
test('geo-table2, 4 sources: a legend entry per flow, the metrics module’s numbers; the log’s flow filter; 8 sources render readably', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`/?${GEO4}`);
  await ready(page);
  await test.step('a legend entry per flow, and the metrics panel shows the metrics module’s numbers', () =>
    legendsAndMetrics(page));
  await openInPage(page, `/?${GEO4}`);
  await test.step('the log’s flow filter: flow 2 only, kept in the address; f steps to the next flow', () =>
    flowFilter(page));
  await test.step('8 sources render readably: 8 flows in every legend, one cwnd plot, the metrics table', () =>
    eightSources(page));
  expect(errors).toEqual([]);
});

async function legendsAndMetrics(page: Page) {
  const want = metricsFor(GEO4);

  // One entry per flow in the router plot's and the cwnd plot's legends, in flow order.
  const router = page.getByTestId('panel-router');
  await expect(router.locator('li[data-legend^="flow"]')).toHaveCount(4);
  await expect(router.locator('li[data-legend^="flow"]').first()).toHaveText(/flow 1 \(SACK\)/);
  const cwnd = page.getByTestId('panel-cwnd');
  await expect(cwnd.locator('li[data-legend^="flow"]')).toHaveCount(4);
  await expect(cwnd.locator('li[data-legend^="flow"]').nth(1)).toHaveText(
    'flow 2 (SCTP (RFC 4960))',
  );
  // The throughput plot: one line per flow (its legend), the total off by default with 4 flows.
  await showPanel(page, 'tput');
  const tput = page.getByTestId('panel-tput');
  await expect(tput.locator('li[data-legend^="flow"]')).toHaveCount(4);

  // Metrics: every number is the metrics module's for the same URL, computed here in Node.
  await showPanel(page, 'metrics');
  const metrics = page.getByTestId('panel-metrics');
  await metrics.scrollIntoViewIfNeeded();
  const rows = metrics.getByTestId('metrics-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const f = want.flows[i]!;
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('data-flow', String(i + 1));
    await expect(row).toHaveAttribute('data-tput-bps', String(f.tputBps));
    await expect(row).toHaveAttribute('data-pct', String(f.pctTput));
    await expect(row).toHaveAttribute('data-fr', String(f.frEpisodes));
    await expect(row).toHaveAttribute('data-timeouts', String(f.timeouts));
    await expect(row.locator('td').nth(1)).toHaveText(`${f.pctTput!.toFixed(1)} %`);
  }
  await expect(metrics.getByTestId('metric-jain').locator('dd')).toHaveAttribute(
    'data-value',
    String(want.jain),
  );
  await expect(metrics.getByTestId('metric-jain').locator('dd')).toHaveText(want.jain!.toFixed(3));
  await expect(metrics.getByTestId('metric-link-util').locator('dd')).toHaveText(
    `${want.linkUtilPct.toFixed(1)} %`,
  );
  const inc = want.pctIncrease!;
  await expect(metrics.getByTestId('metric-pct-increase').locator('dd')).toHaveText(
    `${inc >= 0 ? '+' : ''}${inc.toFixed(1)} %`,
  );
  await metrics.screenshot({ path: `${SHOTS}/geo4-metrics.png` });

  // "Up to the cursor": at the first event almost nothing is sent yet; at the end, the run again.
  await metrics.getByRole('button', { name: 'up to the cursor' }).click();
  await expect(metrics.getByTestId('metrics-span')).toHaveText(/cursor’s bin/);
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await expect(metrics.getByTestId('metric-jain').locator('dd')).toHaveText(want.jain!.toFixed(3));
}

async function flowFilter(page: Page) {
  const log = page.getByTestId('explanation-log');
  const filter = page.getByTestId('log-flow-filter');
  await expect(filter.locator('option')).toHaveCount(5);
  await filter.selectOption({ label: '■ flow 2 (SCTP (RFC 4960))' });
  await expect(page).toHaveURL(/[?&]flow=2(&|$)/);
  const rows = log.locator('li.log-row[data-decision]');
  await expect(rows.first()).toBeVisible();
  const flows = await rows.locator('.log-flow').allTextContents();
  expect(flows.length).toBeGreaterThan(5);
  for (const t of flows) expect(t.trim()).toMatch(/^■ flow 2$/);
  await expect(page.getByTestId('log-count')).toHaveText(/^\d+ \/ \d+$/);
  // The time–sequence plot (4 flows: one at a time) follows the filter.
  await showPanel(page, 'timeseq');
  await expect(page.getByTestId('timeseq-flow')).toHaveValue('1');
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await page.screenshot({ path: `${SHOTS}/geo4-log-flow2.png` });
  // Keyboard: f shows the next flow.
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('f');
  await expect(filter).toHaveValue('2');
  await expect(page).toHaveURL(/[?&]flow=3(&|$)/);
  // A reload keeps it.
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('log-flow-filter')).toHaveValue('2');
}

test('flows editor: add a flow, set its start, remove one; each edit runs and goes into the address', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/?preset=satellite-dumbbell&stop=30');
  await ready(page);
  const editor = page.locator('fieldset[data-key="flows"]');
  await expect(editor.locator('li.flow-row')).toHaveCount(2);
  await editor.getByRole('button', { name: 'Add flow' }).click();
  await expect(editor.locator('li.flow-row')).toHaveCount(3);
  await expect(page).toHaveURL(/flows=sack,sctp-2960,sctp-2960/);
  await editor.getByLabel('Sender of flow 3').selectOption('newreno');
  await expect(page).toHaveURL(/flows=sack,sctp-2960,newreno/);
  const start = editor.getByLabel('Start of flow 3, seconds');
  await start.fill('5');
  await start.press('Enter');
  await expect(page).toHaveURL(/f3\.start=5/);
  await ready(page);
  await showPanel(page, 'metrics');
  await expect(page.getByTestId('metrics-table').locator('tbody tr')).toHaveCount(3);
  await editor.getByRole('button', { name: 'Remove flow 1' }).click();
  await expect(editor.locator('li.flow-row')).toHaveCount(2);
  await expect(page).toHaveURL(/flows=sctp-2960,newreno/);
  await expect(page).toHaveURL(/f2\.start=5/);
  await editor.screenshot({ path: `${SHOTS}/flows-editor.png` });
  expect(errors).toEqual([]);
});

async function eightSources(page: Page) {
  await openInPage(page, '/?preset=geo-table2&n=8&stop=60');
  await ready(page);
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  for (const p of ['router', 'cwnd', 'tput']) {
    await showPanel(page, p);
    await expect(page.getByTestId(`panel-${p}`).locator('li[data-legend^="flow"]')).toHaveCount(8);
  }
  // The aggregated router plot stacks the 8 flows; the cwnd panel is one plot, not eight.
  await expect(page.getByTestId('panel-router').locator('[data-aggregate="rate"]')).toHaveCount(1);
  await showPanel(page, 'cwnd');
  await expect(page.getByTestId('panel-cwnd').locator('.ackp-timeplot')).toHaveCount(1);
  await showPanel(page, 'metrics');
  await expect(page.getByTestId('metrics-table').locator('tbody tr')).toHaveCount(8);
  await page.screenshot({ path: `${SHOTS}/geo8-overview.png` });
  for (const p of ['router', 'cwnd', 'queue', 'tput', 'metrics']) {
    await showPanel(page, p);
    const el = page.getByTestId(`panel-${p}`);
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `${SHOTS}/geo8-${p}.png` });
  }
}
