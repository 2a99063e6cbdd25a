/**
 * Many flows in the browser (issue 12): a 40-flow TCP + SCTP run — the router plot coloured and
 * named by class, the flow list hiding a class in every panel, a flow chosen for the log, the
 * delay / jitter panel with its axes, in the three themes — and a 100-flow run: progress while it
 * runs, Cancel, then the run to the end with the long tasks after its result measured. (A link
 * with hide=: tests/ui/flows/hideLink.test.tsx.)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';
import { longestStop, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { traceFor } from './expected';
import { loadTimes, observeLongTasks } from './perf';

// Playwright's trace recording snapshots the page (its accessibility tree, ~30 ms on a 120-flow
// page) inside the page's own tasks, which would count as the app's long tasks: off here.
test.use({ trace: 'off' });

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

const SENDERS = ['reno', 'sack', 'sctp-4960', 'udp'];
/**
 * n flows cycling Reno, SACK (bulk/tcp), SCTP (bulk/sctp) and a UDP VoIP source (voip/udp) on a
 * 10 Mb/s bottleneck with a 50-packet queue.
 */
function manyFlows(n: number, stop: number): string {
  const flows = Array.from({ length: n }, (_, i) => SENDERS[i % 4]).join(',');
  const voip = Array.from({ length: n }, (_, i) => i)
    .filter((i) => i % 4 === 3)
    .map((i) => `f${i + 1}.app=voip`)
    .join('&');
  return `preset=fall-floyd&flows=${flows}&${voip}&stop=${stop}&bw=10000000&queue=50`;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
}

/** The SVG texts of one plot of the delay panel ('delay' or 'jitter'). */
const texts = (page: Page, plot: string) =>
  page
    .getByTestId('panel-delay')
    .locator(`[data-panel="${plot}"] svg text`)
    .evaluateAll((ts) => ts.map((t) => t.textContent ?? ''));

test('40 flows: router plot by class, hide a class, narrate one flow, delay and jitter', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`/?${manyFlows(40, 30)}`);
  await ready(page);

  // The router plot: one colour and legend entry per class (20 TCP, 10 SCTP, 10 VoIP flows).
  const router = page.getByTestId('panel-router');
  const classes = router.locator('li[data-legend^="class"]');
  await expect(classes).toHaveCount(3);
  await expect(classes.nth(0)).toContainText('bulk/tcp (20 flows)');
  await expect(classes.nth(1)).toContainText('bulk/sctp (10 flows)');
  await expect(classes.nth(2)).toContainText('voip/udp (10 flows)');
  await page.screenshot({ path: `${SHOTS}/traffic-40-flows.png` });

  // The flow list: hide the SCTP class in every panel.
  const picker = page.getByTestId('flow-picker');
  // By keyboard: Enter opens the list, Space ticks a class off (and does not start playing).
  const readout = await page.getByTestId('readout').textContent();
  await picker.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('open', '');
  await expect(picker.getByTestId('flow-picker-summary')).toHaveText('40 of 40 flows shown');
  await picker.getByTestId('class-toggle-bulk/sctp').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('readout')).toHaveText(readout ?? '');
  await expect(picker.getByTestId('flow-picker-summary')).toHaveText(
    '30 of 40 flows shown (hidden: bulk/sctp)',
  );
  await expect(classes).toHaveCount(2);
  await expect(classes.nth(0)).toContainText('bulk/tcp (20 flows)');
  await expect(classes.nth(1)).toContainText('voip/udp (10 flows)');
  // The address carries the hidden flows (SCTP is every fourth flow from flow 3).
  const sctpFlows = Array.from({ length: 10 }, (_, i) => 4 * i + 3).join(',');
  await expect.poll(() => new URL(page.url()).searchParams.get('hide')).toBe(sctpFlows);
  // Classes of 40 flows start folded: no flow rows until one is unfolded.
  await expect(picker.locator('.fp-row')).toHaveCount(0);
  await picker.getByRole('button', { name: 'List the flows of bulk/tcp' }).click();
  await expect(picker.locator('.fp-row')).toHaveCount(20);
  await page.screenshot({ path: `${SHOTS}/traffic-flow-list.png` });

  // Narrate flow 2 (SACK): the log lists its decisions only.
  await picker.getByTestId('flow-narrate-1').click();
  await expect(picker.getByTestId('flow-narrate-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('log-flow-filter')).toHaveValue('1');
  const count = (await page.getByTestId('log-count').textContent()) ?? '';
  const [listed, total] = count.split(' / ').map(Number);
  // Flow 2's decisions of all the run's, as Node's run of the same link counts them (1,313 of
  // 29,781 since the seeded streams' SplitMix64 seeding).
  const decisions = traceFor(manyFlows(40, 30)).decisions;
  const own = decisions.flow.filter((f) => f === 1).length;
  expect([listed, total]).toEqual([own, decisions.length]);
  expect(total).toBeGreaterThan(listed! * 10); // the other 39 flows' decisions are not listed
  // Over 1,000 decisions: the list is virtualised, rows built only for the ones in view.
  expect(listed).toBeGreaterThan(1000); // ExplanationLog's VIRTUAL_THRESHOLD
  expect(await page.locator('.log-row').count()).toBeLessThan(100);
  await expect(page.locator('.log-row').first()).toContainText('flow 2');
  // A VoIP flow over UDP takes no decisions: the list offers nothing to narrate.
  await picker.getByRole('button', { name: 'List the flows of voip/udp' }).click();
  await expect(picker.getByTestId('flow-narrate-3')).toBeDisabled();
  await picker.locator('summary').click(); // fold the list away

  // The delay panel: one-way delay and jitter, per class by default, axes with units.
  await page.getByTestId('panel-tab-delay').click();
  const delay = page.getByTestId('panel-delay');
  await expect(delay.locator('[data-panel="delay"]')).toBeVisible();
  await expect(delay.locator('[data-panel="jitter"]')).toBeVisible();
  // Each plot's axes: time in s, the value in ms (the short label when the plot is short).
  for (const [plot, yLabel] of [
    ['delay', 'one-way delay (ms)'],
    ['jitter', 'jitter (ms)'],
  ] as const) {
    const labels = await texts(page, plot);
    expect(labels).toContain('time (s)');
    expect(labels.includes(yLabel) || labels.includes('ms')).toBe(true);
  }
  await expect(delay.getByRole('button', { name: 'per class' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(delay.locator('li[data-legend^="class"]')).toHaveCount(2); // SCTP hidden
  // The header: each class's delay, jitter and loss (the metrics module's classMetrics).
  await expect(page.getByTestId('summary-delay')).toHaveText(
    /^bulk\/tcp [\d.]+ ms, jitter [\d.]+ (ms|µs), [\d.]+ % lost · bulk\/sctp .* · voip\/udp [\d.]+ ms, jitter [\d.]+ ms, [\d.]+ % lost$/,
  );
  // Tooltip on the delay plot: the bin's values per class.
  const area = delay.locator('[data-panel="delay"] .ackp-area');
  const box = (await area.boundingBox())!;
  // The whole run in the past (solid lines), then a tooltip.
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(delay.locator('.ackp-tooltip').first()).toContainText('bulk/tcp');
  await page.screenshot({ path: `${SHOTS}/traffic-delay-light.png` });

  // Exported like the other panels: one SVG with both plots, their axes and the legend.
  await page.getByLabel('Plot to export').selectOption('delay');
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/-delay\.svg$/);
  const svgText = readFileSync((await svg.path())!, 'utf8');
  const words = [...svgText.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  for (const w of ['jitter (ms)', 'time (s)', 'voip/udp (10 flows)']) expect(words).toContain(w);
  expect(words.includes('one-way delay (ms)') || words.includes('ms')).toBe(true);
  const view = await page.context().newPage();
  await view.setContent(`<body style="margin:0">${svgText}</body>`);
  await view.screenshot({ path: `${SHOTS}/traffic-delay-export.png`, fullPage: true });
  await view.close();

  // Per flow: one line per shown flow (12 named, the rest counted).
  await delay.getByRole('button', { name: 'per flow' }).click();
  await expect(delay.locator('li[data-legend^="flow"]')).toHaveCount(12);
  await expect(delay.locator('li[data-legend="more"]')).toContainText('… and 18 more flows');
  await delay.getByRole('button', { name: 'per class' }).click();

  // Show every flow again; the themes.
  await picker.locator('summary').click();
  await picker.getByRole('button', { name: 'Show all' }).click();
  await expect(picker.getByTestId('flow-picker-summary')).toHaveText('40 of 40 flows shown');
  await expect.poll(() => new URL(page.url()).searchParams.get('hide')).toBeNull();
  await picker.locator('summary').click();
  await expect(delay.locator('li[data-legend^="class"]')).toHaveCount(3);
  for (const theme of ['dark', 'projector'] as const) {
    await openInPage(page, `/?${manyFlows(40, 20)}&theme=${theme}&panels=router,delay,log`);
    await ready(page);
    // The projector's larger type leaves room for one plot: the delay plot, jitter a click away.
    const first = theme === 'projector' ? 'delay' : 'jitter';
    await expect(page.getByTestId('panel-delay').locator(`[data-panel="${first}"]`)).toBeVisible();
    await page.getByTestId('visualizer').focus();
    await page.keyboard.press('End');
    await page.screenshot({ path: `${SHOTS}/traffic-delay-${theme}.png` });
  }
  await page.getByTestId('panel-delay').getByRole('button', { name: 'jitter' }).click();
  await expect(page.getByTestId('panel-delay').locator('[data-panel="delay"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/traffic-jitter-projector.png` });
  expect(errors).toEqual([]);
});

test('100 flows: progress and Cancel, then the run stays responsive after its result', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await observeLongTasks(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  // A run long enough to show its progress bar, cancelled: the previous run stays.
  await page.goto(`/?${manyFlows(100, 2)}`);
  await ready(page);
  const fp = await page.getByTestId('fingerprint').textContent();
  // The longest stop the run budget allows for 100 flows here (560 s: 7.9 M packet events
  // estimated, 6.5 M real, about 5 s of engine in Node).
  const parsed = parseScenarioQuery(manyFlows(100, 2));
  if (!parsed.ok) throw new Error('the 100-flow link does not parse');
  const longest = longestStop({ ...parsed.scenario, stop: 2000 });
  expect(longest).toBeGreaterThan(100);
  await page.getByRole('textbox', { name: /Stop time/ }).fill(String(longest));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-error')).toContainText('cancelled');
  await expect(page.getByTestId('fingerprint')).toHaveText(fp ?? '');

  // The 100-flow run to its end, then the long tasks after its result.
  await page.goto(`/?${manyFlows(100, 30)}&panels=router,delay,log`);
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/traffic-100-progress.png` });
  await ready(page);
  await expect(page.getByTestId('panel-delay').locator('[data-panel="jitter"]')).toBeVisible();
  await page.waitForTimeout(1500);
  const load = await loadTimes(page);
  console.log(`100 flows: ${JSON.stringify(load)}`);
  test.info().annotations.push({ type: 'perf', description: JSON.stringify(load) });
  await expect(page.getByTestId('panel-router').locator('li[data-legend^="class"]')).toHaveCount(3);
  // The page answers: step one event.
  await page.getByTestId('visualizer').focus();
  const before = await page.getByTestId('readout').textContent();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).not.toHaveText(before ?? '');
  await page.screenshot({ path: `${SHOTS}/traffic-100-flows.png` });
  // The whole run: departures per bin, stacked by class, named by class.
  await page.keyboard.press('End');
  await page.keyboard.press('0');
  const router = page.getByTestId('panel-router');
  await expect(router.locator('[data-panel="router"] .ackp-area')).toHaveAttribute(
    'data-aggregate',
    'rate',
  );
  await expect(router.locator('li[data-legend^="class"]').first()).toContainText(
    'bulk/tcp (50 flows): departures (bottom of the stack)',
  );
  await page.screenshot({ path: `${SHOTS}/traffic-100-flows-whole-run.png` });
  // What cannot flake on a shared machine: no task anywhere near a frozen page.
  expect(load.longestTaskMs).toBeLessThan(2000);
  expect(errors).toEqual([]);
});

/** Vicuña et al. (003_…) scenario C with 100 noise clients: 120 flows in three classes. */
const VICUNA_C = 'preset=vicuna-c-tcp-udp&n=100';

test('003_… scenario C, 120 flows: progress, three classes, delay and jitter per class', async ({
  page,
}) => {
  expect(parseScenarioQuery(VICUNA_C).ok).toBe(true);
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await observeLongTasks(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`/?${VICUNA_C}&panels=router,delay,log`);
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await ready(page);
  const delay = page.getByTestId('panel-delay');
  await expect(delay.locator('[data-panel="jitter"]')).toBeVisible();
  await page.waitForTimeout(1500);
  const load = await loadTimes(page);
  console.log(`003_… C, 120 flows: ${JSON.stringify(load)}`);
  test.info().annotations.push({ type: 'perf', description: JSON.stringify(load) });
  const classes = ['ftp-clients/tcp (10 flows)', 'voip/udp (10 flows)', 'onoff/udp (100 flows)'];
  const legend = delay.locator('li[data-legend^="class"]');
  await expect(legend).toHaveCount(3);
  for (let k = 0; k < 3; k++) await expect(legend.nth(k)).toHaveText(classes[k]!);
  await expect(page.getByTestId('summary-delay')).toContainText('voip/udp ');
  // The noise clients send the other way: none of their data leaves on the bottleneck.
  await expect(page.getByTestId('panel-router').locator('li[data-legend="class2"]')).toContainText(
    'onoff/udp (100 flows): no departure on this link',
  );
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await page.screenshot({ path: `${SHOTS}/traffic-vicuna-c-120-flows.png` });
  expect(load.longestTaskMs).toBeLessThan(2000);
  expect(errors).toEqual([]);
});
