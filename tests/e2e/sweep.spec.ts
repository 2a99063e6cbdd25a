/**
 * The sweep panel in the browser: a small Alamgir et al. Table 2 sweep to the end (the table's
 * means against the same runs computed in Node, the paper's values beside them, the plot, the
 * CSV), a sweep over the budget refused with what to lower, and a bigger one cancelled while
 * the app keeps working. The full 7 × 30 sweep is timed by bench/sweep-browser.mjs, not here.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sweepMeanFor } from './flowMetrics';

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

async function openSweep(page: Page, query: string) {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`/?${query}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
  await page.getByTestId('sweep-toggle').click();
  const panel = page.getByTestId('panel-sweep');
  await expect(panel.getByLabel('Values', { exact: true })).toBeVisible();
  return panel;
}

test('a small Table 2 sweep runs to the end: 2 rows of means beside the paper’s values, a plot, a CSV', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const panel = await openSweep(page, 'preset=alamgir-table2&stop=100');
  // The form starts from the scenario on screen and its paper's table.
  await expect(panel.getByLabel('Preset', { exact: true })).toHaveValue('alamgir-table2');
  await expect(panel.getByLabel('Key', { exact: true })).toHaveValue('loss');
  await expect(panel.getByLabel('Values', { exact: true })).toHaveValue(
    '0.008,0.009,0.01,0.015,0.02,0.025,0.03',
  );
  await panel.getByLabel('Values', { exact: true }).fill('0.01,0.02');
  await panel.getByLabel('First seed').fill('1');
  await panel.getByLabel('Last seed').fill('3');
  await panel.getByTestId('sweep-run').click();
  const status = panel.getByTestId('sweep-status');
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(panel.getByTestId('sweep-progress-text')).toHaveText(/^6 runs in [\d.]+ s$/);

  const rows = panel.locator('[data-testid="sweep-table"] tbody tr');
  await expect(rows).toHaveCount(2);
  for (const [i, loss] of ['0.01', '0.02'].entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('data-value', loss);
    await expect(row).toHaveAttribute('data-runs', '3');
    const sctp = row.locator('td[data-column="pct_tput_sctp"]');
    const mean = Number(await sctp.getAttribute('data-mean'));
    // The same three runs in Node give the same mean.
    const want = sweepMeanFor(
      `preset=alamgir-table2&stop=100&loss=${loss}`,
      'pct_tput_sctp',
      [1, 2, 3],
    );
    expect(mean).toBeCloseTo(want, 9);
    expect(mean).toBeGreaterThan(40);
    expect(mean).toBeLessThan(70);
    const util = Number(await row.locator('td[data-column="link_util"]').getAttribute('data-mean'));
    expect(util).toBeGreaterThan(5);
    expect(util).toBeLessThan(40);
    const jain = Number(await row.locator('td[data-column="jain"]').getAttribute('data-mean'));
    expect(jain).toBeGreaterThan(0.5);
    expect(jain).toBeLessThanOrEqual(1);
  }
  // The paper's Table 2 beside them.
  await expect(rows.nth(0).locator('td[data-column="pct_tput_sctp"]')).toHaveAttribute(
    'data-published',
    '56.3',
  );
  await expect(rows.nth(1).locator('td[data-column="link_util"]')).toHaveAttribute(
    'data-published',
    '12.4',
  );
  await expect(panel.getByTestId('sweep-plot')).toBeVisible();
  // The paper by author and year, never by its file name (issue 21 item 13).
  await expect(panel.getByTestId('sweep-table').locator('caption')).toContainText(
    'paper: Alamgir et al. (undated), Table 2',
  );
  await expect(panel).toContainText('paper (Alamgir et al. (undated), Table 2)');
  expect(await panel.textContent()).not.toMatch(/\b00\d_/);
  await panel.screenshot({ path: `${SHOTS}/sweep-alamgir-small.png` });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByTestId('sweep-csv').click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\n');
  expect(csv[0]).toMatch(/^loss,seed,flow,sender,unique_bytes,tput_bps,pct_tput,/);
  expect(csv).toHaveLength(1 + 6 * 2);
  expect(csv[1]).toMatch(/^0\.01,1,1,sack,/);
  expect(errors).toEqual([]);
});

test('a preset with its own sweep opens the form on its axis: vicuna-f, queue 5–50 over seeds 1–10', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const panel = await openSweep(page, 'preset=vicuna-f-tcp-udp');
  await expect(panel.getByLabel('Preset', { exact: true })).toHaveValue('vicuna-f-tcp-udp');
  await expect(panel.getByLabel('Key', { exact: true })).toHaveValue('queue');
  await expect(panel.getByLabel('Values', { exact: true })).toHaveValue(
    '5,10,15,20,25,30,35,40,45,50',
  );
  await expect(panel.getByLabel('First seed')).toHaveValue('1');
  await expect(panel.getByLabel('Last seed')).toHaveValue('10');
  // Choosing another preset of the family in the form takes its axis: scenario G varies bw.
  await panel.getByLabel('Preset', { exact: true }).selectOption('vicuna-g-tcp-udp');
  await expect(panel.getByLabel('Key', { exact: true })).toHaveValue('bw');
  await expect(panel.getByLabel('Values', { exact: true })).toHaveValue(
    '250000,500000,1000000,2000000',
  );
  expect(errors).toEqual([]);
});

test('a sweep over the budget is refused before it runs; Cancel stops a big sweep, keeps the finished runs, and the app keeps working', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const panel = await openSweep(page, 'preset=alamgir-table2&stop=500');
  // Over the budget first: refused before it runs, naming what to lower
  // (1000 seeds: 100 now fit, at 0.24–0.45 s of CPU a run).
  await panel.getByLabel('Last seed').fill('1000');
  await panel.getByTestId('sweep-run').click();
  await expect(panel.getByRole('alert')).toHaveText(
    /^sweep: these 7,000 runs would simulate about [\d,]+ packet events .*sweep fewer values or seeds, or lower stop \(to at most \d+ s\) or bw$/,
  );
  await expect(panel.getByTestId('sweep-status')).toHaveCount(0);
  // Then a big sweep that fits, cancelled.
  await panel.getByLabel('Last seed').fill('30');
  await panel.getByTestId('sweep-run').click();
  const status = panel.getByTestId('sweep-status');
  await expect(status).toHaveAttribute('data-state', 'running');
  await expect(panel.getByTestId('sweep-progress-text')).toHaveText(/^run ([1-9]\d*) of 210/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('sweep-toggle')).toHaveText('Sweep (running)');
  await panel.getByTestId('sweep-cancel').click();
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  const text = (await panel.getByTestId('sweep-progress-text').textContent()) ?? '';
  const kept = Number(/after (\d+) of 210/.exec(text)?.[1]);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(210);
  // The finished runs stay in the table (the runs column adds up to them), and no more arrive.
  const runs = await panel
    .locator('[data-testid="sweep-table"] tbody tr')
    .evaluateAll((trs) => trs.reduce((s, tr) => s + Number(tr.getAttribute('data-runs')), 0));
  expect(runs).toBe(kept);
  await page.waitForTimeout(1500);
  await expect(panel.getByTestId('sweep-progress-text')).toHaveText(text);
  await panel.screenshot({ path: `${SHOTS}/sweep-cancelled.png` });

  // The single-run view still works: step, then change the scenario and get a new run.
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveText(/^event 2 \//);
  const before = await page.getByTestId('fingerprint').textContent();
  await page
    .locator('fieldset[data-key="flows"]')
    .getByLabel('Sender of flow 2')
    .selectOption('sctp-2960');
  await expect(page.getByTestId('fingerprint')).not.toHaveText(before ?? '');
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  // A new sweep can start again.
  await panel.getByLabel('Values', { exact: true }).fill('0.01');
  await panel.getByLabel('Last seed').fill('1');
  await panel.getByTestId('sweep-run').click();
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
