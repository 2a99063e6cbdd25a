/**
 * The cwnd panel's overlays (issue 10 item 10): flight size, SACK's pipe, cwnd + inflation and
 * the RTO track, ticked in the panel's toolbar, on Fall & Floyd's three drops under Reno and
 * SACK, light and dark; two flows' plots share the panel at 1280×720 (with the RTO tracks, the
 * panel scrolls); the panel tabs move with the arrow keys; the RTO tracks' readout in the
 * projector theme (values in seconds, inside the track, not overlapping); the plots' time axis
 * clear of the RTO track (projector, 1600×1000 and 1280×800; light and dark). Screenshots in
 * artifacts/screenshots/cwnd-overlays/. */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots/cwnd-overlays';
mkdirSync(SHOTS, { recursive: true });

async function open(page: Page, query: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?${query}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

/** Open `query` in the page already open (inPage.ts) and wait for its run. */
async function openNext(page: Page, query: string) {
  await openInPage(page, `/?${query}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

/** Lines drawn in the cwnd plot (one path per series). */
const lineCount = (page: Page) => page.locator('[data-panel="cwnd"] .ackp-lines path').count();

/**
 * The overlays on Reno's three drops, light then dark, in one page (the dark run opens in the
 * page of the light one, inPage.ts); each step leaves the overlays as a page opens them.
 */
test('overlays: Reno, 3 drops, light and dark', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const)
    await test.step(theme, async () => {
      const query = `preset=ff-3-drops&sender=reno&theme=${theme}&t=3.6`;
      if (theme === 'light') await open(page, query);
      else await openNext(page, query);
      const tools = page.getByTestId('cwnd-overlays');
      await expect(tools.getByTestId('cwnd-overlay-flightsize')).toBeVisible();
      await expect(tools.getByTestId('cwnd-overlay-inflated')).toBeVisible();
      // Reno keeps no pipe: not offered.
      await expect(tools.getByTestId('cwnd-overlay-pipe')).toHaveCount(0);
      for (const id of ['flightsize', 'inflated', 'rto'])
        await expect(tools.getByTestId(`cwnd-overlay-${id}`), theme).not.toBeChecked();
      const before = await lineCount(page);
      await tools.getByTestId('cwnd-overlay-flightsize').check();
      await tools.getByTestId('cwnd-overlay-inflated').check();
      await expect.poll(() => lineCount(page)).toBe(before + 2);
      await tools.getByTestId('cwnd-overlay-rto').check();
      const track = page.getByTestId('cwnd-rto-track');
      await expect(track).toBeVisible();
      await expect(track).toHaveAttribute('aria-label', /RTO 3 s at .*expired once, at 3\.292 s/);
      // Hover the track: the tooltip names the RTO at the cursor.
      const box = (await track.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
      await expect(track.locator('.ackp-tooltip')).toContainText(/RTO \d/);
      // The ticks survive a tab switch.
      await page.getByTestId('panel-tab-queue').click();
      await page.getByTestId('panel-tab-cwnd').click();
      await expect(page.getByTestId('cwnd-overlay-flightsize')).toBeChecked();
      await page.getByTestId('panel-cwnd').screenshot({ path: `${SHOTS}/reno-${theme}.png` });
      await page.screenshot({ path: `${SHOTS}/reno-${theme}-page.png` });
      for (const id of ['flightsize', 'inflated', 'rto'])
        await tools.getByTestId(`cwnd-overlay-${id}`).uncheck();
    });
});

/**
 * Four checks at 1280×720, each on its own run, opened one after the other in one page
 * (inPage.ts): the panel tabs, the compare picker's names, two flows' plots, SACK's overlays.
 */
test('cwnd panel at 1280×720: tabs, compare picker names, two flows, SACK overlays', async ({
  page,
}) => {
  await test.step('panel tabs: arrow keys move between tabs', async () => {
    await open(page, 'preset=ff-3-drops');
    const tabs = page.getByRole('tablist', { name: 'Lower panel' });
    await expect(tabs.getByRole('tab')).toHaveCount(11); // cwnd, time–sequence, queue, queue over time, throughput, delay, streams, rates, RTT, MAC, metrics
    const cwnd = tabs.getByRole('tab', { name: /cwnd/i });
    await expect(cwnd).toHaveAttribute('aria-selected', 'true');
    await expect(cwnd).toHaveAttribute('tabindex', '0');
    await cwnd.focus();
    await page.keyboard.press('ArrowRight');
    const second = tabs.getByRole('tab').nth(1);
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(cwnd).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab').last()).toBeFocused();
  });
  await test.step('compare picker: run names are the registry labels, wrapped, not cut off', async () => {
    await openNext(page, 'preset=ff-3-drops&compare=sctp-2960,sctp-newreno-ca');
    const names = page.getByTestId('compare-runs').locator('.compare-run-name');
    await expect(names).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      const el = names.nth(i);
      expect(await el.evaluate((n) => n.scrollWidth <= n.clientWidth + 1)).toBe(true);
      await expect(el).not.toHaveText(/…/);
    }
    await page.getByTestId('compare-runs').screenshot({
      path: `${SHOTS}/compare-picker-names.png`,
    });
  });
  await test.step('two flows: both cwnd plots fit in the panel at 1280×720', async () => {
    await openNext(page, 'preset=ff-3-drops&flows=reno,sack');
    const panel = page.getByTestId('panel-cwnd');
    const pb = (await panel.boundingBox())!;
    const plots = panel.locator('.ackp-cwnd-flow');
    await expect(plots).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      const b = (await plots.nth(i).boundingBox())!;
      expect(b.y + b.height, `flow ${i + 1}'s plot ends inside the panel`).toBeLessThanOrEqual(
        pb.y + pb.height + 1,
      );
      expect(b.height).toBeGreaterThan(60);
    }
    // With the RTO tracks too the plots keep their minimum height and the panel scrolls: each
    // track sits under its plot's time axis, not over it.
    await page.getByTestId('cwnd-overlay-rto').check();
    await expect(panel.getByTestId('cwnd-rto-track')).toHaveCount(2);
    await expectTimeAxisClear(page, 'two flows light 1280×720');
    await page.screenshot({ path: `${SHOTS}/two-flows-1280.png` });
  });
  await test.step('overlays: SACK, 3 drops (pipe, no inflation)', async () => {
    await openNext(page, 'preset=ff-3-drops&sender=sack&t=3.6');
    const tools = page.getByTestId('cwnd-overlays');
    await expect(tools.getByTestId('cwnd-overlay-inflated')).toHaveCount(0);
    const before = await lineCount(page);
    await tools.getByTestId('cwnd-overlay-pipe').check();
    await tools.getByTestId('cwnd-overlay-flightsize').check();
    await expect.poll(() => lineCount(page)).toBe(before + 2);
    await tools.getByTestId('cwnd-overlay-rto').check();
    await expect(page.getByTestId('cwnd-rto-track')).toHaveAttribute('aria-label', /never expired/);
    await page.getByTestId('panel-cwnd').screenshot({ path: `${SHOTS}/sack-light.png` });
  });
});

/** The RTO track's readout texts (label and values), each with its box. */
async function readout(track: ReturnType<Page['getByTestId']>) {
  const texts = track.getByTestId('rto-readout').locator('text');
  const out: { text: string; box: { x: number; y: number; width: number; height: number } }[] = [];
  for (let i = 0; i < (await texts.count()); i++) {
    const t = texts.nth(i);
    out.push({ text: (await t.textContent()) ?? '', box: (await t.boundingBox())! });
  }
  return out;
}

/** Every readout text lies inside the track's box, and no two overlap. */
async function expectReadable(track: ReturnType<Page['getByTestId']>) {
  const tb = (await track.boundingBox())!;
  const texts = await readout(track);
  for (const { text, box } of texts) {
    expect(box.x, `"${text}" starts inside the track`).toBeGreaterThanOrEqual(tb.x);
    expect(box.y, `"${text}" inside the track (top)`).toBeGreaterThanOrEqual(tb.y - 0.5);
    expect(box.y + box.height, `"${text}" inside the track (bottom)`).toBeLessThanOrEqual(
      tb.y + tb.height + 0.5,
    );
  }
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i]!.box;
      const b = texts[j]!.box;
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y + 1 ||
        b.y + b.height <= a.y + 1;
      expect(apart, `"${texts[i]!.text}" and "${texts[j]!.text}" do not overlap`).toBe(true);
    }
  return texts.map((t) => t.text);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Each cwnd plot's x axis (tick labels and "time (s)") lies inside the panel's visible box
 * (scrolled to, when the panel has to scroll) and clear of the RTO track, which sits below it.
 */
async function expectTimeAxisClear(page: Page, tag: string) {
  // The panel may still be settling (going compact redraws the plots): retried until it holds.
  await expect(() => timeAxisClear(page, tag)).toPass({ timeout: 15_000 });
}

async function timeAxisClear(page: Page, tag: string) {
  const panel = page.getByTestId('panel-cwnd');
  const root = panel.locator('.ackp').first();
  const blocks = panel.locator('.ackp-cwnd-flow');
  for (let i = 0; i < (await blocks.count()); i++) {
    const block = blocks.nth(i);
    const texts = block.locator('[data-panel="cwnd"] .ackp-axis-x text, .ackp-axis-label-x');
    await expect(texts.last()).toHaveText('time (s)');
    await texts.last().scrollIntoViewIfNeeded();
    const visible = (await root.boundingBox())!;
    const track = await block.locator('.ackp-cwnd-rto').boundingBox();
    const n = await texts.count();
    expect(n, `${tag}: flow block ${i + 1} has x tick labels`).toBeGreaterThan(2);
    for (let k = 0; k < n; k++) {
      const text = (await texts.nth(k).textContent()) ?? '';
      const b = (await texts.nth(k).boundingBox())!;
      const what = `${tag}, block ${i + 1}: x-axis text "${text}"`;
      expect(b.y, `${what} below the panel's top`).toBeGreaterThanOrEqual(visible.y - 0.5);
      expect(b.y + b.height, `${what} above the panel's bottom`).toBeLessThanOrEqual(
        visible.y + visible.height + 0.5,
      );
      if (track) expect(overlaps(b, track), `${what} clear of the RTO track`).toBe(false);
    }
    if (track) {
      const axis = (await block.locator('.ackp-axis-label-x').boundingBox())!;
      expect(track.y, `${tag}, block ${i + 1}: RTO track below the axis`).toBeGreaterThanOrEqual(
        axis.y + axis.height - 0.5,
      );
    }
  }
}

/**
 * The projector at 1600×1000 and 1280×800, one page each: the RTO tracks' readout (values in
 * seconds, inside the track, apart) and the plots' time axis clear of the track, on
 * sctp-failover at 9 s, Reno's three drops and two flows; the runs after the first open in the
 * page (inPage.ts).
 */
for (const [w, h] of [
  [1600, 1000],
  [1280, 800],
] as const) {
  test(`RTO readout and time axis in the projector theme, ${w}×${h}; sctp-failover's axis in the ${w === 1280 ? 'light' : 'dark'} theme`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    const theme = 'projector';
    await test.step('sctp-failover at 9 s: per-path RTO readout, time axis clear', async () => {
      // sctp-failover at 9 s: the primary's RTO backed off to 2 s, the alternate's at 0.50 s.
      await page.goto(`/?preset=sctp-failover&theme=${theme}&t=9`);
      await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
      const paths = page.getByTestId('path-rto-track');
      await expect(paths.getByTestId('rto-readout-value')).toHaveText(['2 s', '0.50 s']);
      expect(await expectReadable(paths)).toEqual(['RTO', '2 s', '0.50 s']);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/rto-sctp-projector-${w}.png` });
      await expectTimeAxisClear(page, `sctp-failover ${theme} ${w}×${h}`);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/axis-sctp-${theme}-${w}.png` });
    });
    await test.step('Reno after its timeout: RTO readout 2 s', async () => {
      // Reno on the three drops after its timeout at 3.292 s: RTO 2 s.
      await openNext(page, `preset=ff-3-drops&sender=reno&theme=${theme}&t=3.5`);
      await page.getByTestId('cwnd-overlay-rto').check();
      const flow = page.getByTestId('cwnd-rto-track');
      await expect(flow.getByTestId('rto-readout-value')).toHaveText(['2 s']);
      expect(await expectReadable(flow)).toEqual(['RTO', '2 s']);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/rto-reno-projector-${w}.png` });
    });
    await test.step('Reno as it opens: time axis clear of the RTO track', async () => {
      await openNext(page, `preset=ff-3-drops&sender=reno&theme=${theme}`);
      await page.getByTestId('cwnd-overlay-rto').check();
      await expectTimeAxisClear(page, `reno ${theme} ${w}×${h}`);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/axis-reno-${theme}-${w}.png` });
    });
    await test.step('two flows: time axes clear of the RTO tracks', async () => {
      await openNext(
        page,
        `preset=fall-floyd&sender=reno&sender2=sack&stop=60&loss=0.01&theme=${theme}`,
      );
      await page.getByTestId('cwnd-overlay-rto').check();
      await expect(page.getByTestId('panel-cwnd').locator('.ackp-cwnd-flow')).toHaveCount(2);
      await expectTimeAxisClear(page, `two flows ${theme} ${w}×${h}`);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/axis-two-flows-${theme}-${w}.png` });
    });
    // sctp-failover's time axis clear of its path RTO tracks in another theme at this size:
    // light at 1280×800, dark at 1600×1000.
    const other = w === 1280 ? 'light' : 'dark';
    await test.step(`sctp-failover in the ${other} theme: time axis clear`, async () => {
      await openNext(page, `preset=sctp-failover&theme=${other}&t=9`);
      await expect(page.getByTestId('path-rto-track')).toBeVisible();
      await expectTimeAxisClear(page, `sctp-failover ${other} ${w}×${h}`);
      await page
        .getByTestId('panel-cwnd')
        .screenshot({ path: `${SHOTS}/axis-sctp-${other}-${w}.png` });
    });
  });
}
