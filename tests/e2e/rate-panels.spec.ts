/**
 * The rate and RTT panels in the browser (issue 25): one BBR flow on a 10 Mb/s path with 20 ms
 * each way (40 ms RTT) and a 100-packet queue opens with the rate panel under the router plot —
 * the pacing rate, delivery-rate dots, BBR's bandwidth estimate, the bottleneck line and BBR's
 * state lane — without page scroll at 1280×720; a click on the plot moves the cursor to that
 * ACK's decision and the log's current row narrates it; the arrow keys step the cursor; the RTT
 * tab draws the samples, BBR's min RTT and the base RTT. Screenshots (light and projector) in
 * artifacts/screenshots/rate/. (Compare mode's rate minis, CUBIC vs BBR: layout.spec.ts.)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';
import { expectNoPageScroll } from './pageScroll';

const SHOTS = 'artifacts/screenshots/rate';
mkdirSync(SHOTS, { recursive: true });

const BBR = 'preset=fall-floyd&sender=bbr&bw=10e6&delay=0.02&queue=100&window=200&drops=&stop=3';

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
}

/** A panel's legend entries (their titles), once it has drawn. */
async function legend(page: Page, panel: string): Promise<string[]> {
  const items = page.getByTestId(`panel-${panel}`).locator('li[data-legend]');
  await expect(items.first()).toBeAttached();
  return items.evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''));
}

const cursorKey = (page: Page) => Number(new URL(page.url()).searchParams.get('e') ?? -1);

test('BBR: the rate panel by default, its marks, the cursor, the RTT tab; light and projector; both figures export as SVG', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?${BBR}&t=2.2&zoom=full`);
  await ready(page);

  // The rate panel is the lower slot's, drawn, and the address did not need `panels`.
  const rate = page.getByTestId('panel-rate');
  await expect(rate.locator('.panel-body:not([aria-busy])')).toHaveCount(1);
  await expect(page.getByTestId('panel-tab-rate')).toHaveAttribute('aria-selected', 'true');
  expect(new URL(page.url()).searchParams.get('panels')).toBeNull();
  const area = rate.locator('[data-panel="rate"] .ackp-area');
  await expect(area).toHaveAttribute('aria-label', /^Rates of flow 1 \(BBR\): \d+ delivery-rate/);
  await expect(area).toHaveAttribute('aria-label', /modes STARTUP → .*PROBE_BW/);
  const items = await legend(page, 'rate');
  expect(items).toContain('pacing rate');
  expect(items).toContain('delivery rate');
  expect(items).toContain('BBR bw estimate');
  expect(items).toContain('bottleneck 10.0 Mb/s');
  expect(items).toContain('STARTUP (gain 2.89)');
  expect(items.some((t) => t.startsWith('PROBE_BW'))).toBe(true);
  // Lines and dots are drawn: SVG paths (a small run) or the canvas.
  const drawn = await area.evaluate((el) => ({
    renderer: el.getAttribute('data-renderer'),
    lines: el.querySelectorAll('.ackp-line').length,
    bands: el.querySelectorAll('.ackp-bands rect').length,
    marks: el.querySelectorAll('.ackp-marks path, .ackp-marks g').length,
  }));
  if (drawn.renderer === 'svg') {
    expect(drawn.lines).toBeGreaterThanOrEqual(3);
    expect(drawn.bands).toBeGreaterThanOrEqual(2);
    expect(drawn.marks).toBeGreaterThan(0);
  }
  await expectNoPageScroll(page, 'BBR light 1280×720');
  await page.screenshot({ path: `${SHOTS}/bbr-rate-light-1280x720.png` });

  // The ▼ where BBR enters DRAIN, along the plot's top: found by moving the pointer along the
  // top edge; its tooltip names the mode, a click puts the cursor on that ACK's decision.
  await expect(area).toHaveAttribute('aria-label', /modes STARTUP → DRAIN → PROBE_BW/);
  const top = (await area.boundingBox())!;
  const tip = page.locator('.ackp-tooltip');
  let found = -1;
  for (let px = 0; px < top.width && found < 0; px += 2) {
    await page.mouse.move(top.x + px, top.y + 20);
    if ((await tip.count()) && /BBR enters DRAIN/.test((await tip.first().textContent()) ?? ''))
      found = px;
  }
  expect(found, 'the DRAIN mark was hovered').toBeGreaterThan(0);
  await expect(tip.first()).toContainText('DRAIN, pacing gain 0.35');
  await page.mouse.click(top.x + found, top.y + 20);
  await expect(page.getByTestId('explanation-log').locator('.log-row.current')).toContainText(
    /DRAIN/,
  );
  // A click on the plot moves the cursor to the ACK at that time: the log's current row is
  // that ACK's decision.
  const box = (await area.boundingBox())!;
  const before = cursorKey(page);
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.6);
  await expect.poll(() => cursorKey(page)).not.toBe(before);
  const current = page.getByTestId('explanation-log').locator('.log-row.current');
  await expect(current).toContainText(/ACK for \d+/);

  // The arrow keys step it, one event at a time.
  await page.getByTestId('visualizer').focus();
  const at = cursorKey(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => cursorKey(page)).toBe(at + 2);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => cursorKey(page)).toBe(at + 1);

  // The RTT tab: samples, BBR's min RTT, the base RTT of the 40 ms path.
  await page.getByTestId('panel-tab-rtt').click();
  const rtt = page.getByTestId('panel-rtt');
  await expect(rtt.locator('.panel-body:not([aria-busy])')).toHaveCount(1);
  await expect(rtt.locator('[data-panel="rtt"] .ackp-area')).toHaveAttribute(
    'aria-label',
    /BBR min RTT \(RTprop\) 41\.\d ms at the end; the path's base RTT is 41\.9 ms/,
  );
  expect(await legend(page, 'rtt')).toContain('base RTT 41.9 ms');
  await expect.poll(() => new URL(page.url()).searchParams.get('panels')).toBe('router,rtt,log');
  await page.screenshot({ path: `${SHOTS}/bbr-rtt-light-1280x720.png` });

  // Projector: same panels, no page scroll.
  await openInPage(page, `/?${BBR}&t=2.2&zoom=full&theme=projector`);
  await ready(page);
  await expect(page.getByTestId('panel-rate').locator('.panel-body:not([aria-busy])')).toHaveCount(
    1,
  );
  await expectNoPageScroll(page, 'BBR projector 1280×720');
  await page.screenshot({ path: `${SHOTS}/bbr-rate-projector-1280x720.png` });
  await page.getByTestId('panel-tab-rtt').click();
  await expect(page.getByTestId('panel-rtt').locator('.panel-body:not([aria-busy])')).toHaveCount(
    1,
  );
  await page.screenshot({ path: `${SHOTS}/bbr-rtt-projector-1280x720.png` });

  // Dark theme, readable too.
  await openInPage(page, `/?${BBR}&t=2.2&zoom=full&theme=dark`);
  await ready(page);
  await expect(page.getByTestId('panel-rate').locator('.panel-body:not([aria-busy])')).toHaveCount(
    1,
  );
  await page.screenshot({ path: `${SHOTS}/bbr-rate-dark-1280x720.png` });

  // The rate and RTT figures export as SVG, on screen or drawn off-screen.
  await openInPage(page, `/?${BBR}&zoom=full`);
  await ready(page);
  await expect(page.getByTestId('panel-tab-rate')).toHaveAttribute('aria-selected', 'true');
  for (const id of ['rate', 'rtt']) {
    await page.getByLabel('Plot to export').selectOption(id);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SVG', exact: true }).click(),
    ]);
    expect(svg.suggestedFilename()).toMatch(new RegExp(`-${id}\\.svg$`));
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text).toMatch(/^<svg/);
    expect(text).toContain(id === 'rate' ? 'pacing rate' : 'base RTT 41.9 ms');
    const view = await page.context().newPage();
    await view.setContent(`<body style="margin:0">${text}</body>`);
    await view.screenshot({ path: `${SHOTS}/export-${id}.png`, fullPage: true });
    await view.close();
  }
  // The tab on screen did not change.
  await expect(page.getByTestId('panel-tab-rate')).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});
