/**
 * Many-flow and whole-run presets on the projector at 1280×720 (issue 21, the classroom bar):
 * the router plot's text (tick labels, axis labels, the in-plot row labels of a rate plot) never
 * overlaps, its plot area keeps at least MIN_ROUTER_PX (the y ticks 0, 20 and 40 with the
 * axis's 1.3-tick-height spacing of 22 px projector ticks: 3 × 1.3 × 22 ≈ 86 px, the same bar as
 * compare-fit.spec.ts) with its time axis inside the panel, and every cwnd plot area is at least
 * MIN_CWND_PX tall and lies inside its panel: the first as the panel opens (a legend must not
 * push it out), the others of a stack of small plots once the panel (not the page) is scrolled
 * to them. The page does not scroll.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoPageScroll } from './pageScroll';
import { openInPage, partsOf } from './inPage';

const SHOTS = 'artifacts/screenshots/density';
mkdirSync(SHOTS, { recursive: true });

const MIN_ROUTER_PX = 86;
/** A cwnd plot keeps two y ticks with room between them: 2 × 1.3 × 22 px ticks ≈ 58 px. */
const MIN_CWND_PX = 58;

const PRESETS = [
  'vicuna-a-tcp-udp',
  'alamgir-table2',
  'cubic-vs-reno',
  'vicuna-c-tcp-udp&n=100',
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The plot areas (clip rectangles, in window pixels) of a panel's time plots. */
async function plotAreas(page: Page, panel: string): Promise<Box[]> {
  return page.evaluate((id) => {
    const out: Box[] = [];
    for (const svg of Array.from(
      document.querySelectorAll(`[data-testid="panel-${id}"] svg.ackp-main`),
    )) {
      const r = svg.querySelector('clipPath rect');
      if (!r) continue;
      const s = svg.getBoundingClientRect();
      const n = (a: string) => Number(r.getAttribute(a));
      out.push({ x: s.x + n('x'), y: s.y + n('y'), width: n('width'), height: n('height') });
    }
    return out;
  }, panel);
}

/** Text of the router panel's plot that overlaps other text there: "a ∩ b" pairs. */
async function overlappingText(page: Page): Promise<{ texts: number; pairs: string[] }> {
  return page.evaluate(() => {
    const els = Array.from(
      document.querySelectorAll('[data-testid="panel-router"] .ackp-area svg text'),
    ).filter((t) => (t.textContent ?? '').trim() !== '');
    const boxes = els.map((t) => ({ text: t.textContent!.trim(), b: t.getBoundingClientRect() }));
    const pairs: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.b;
        const b = boxes[j]!.b;
        const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        // 1 px slack: glyph boxes of neighbouring lines may touch.
        if (ox > 1 && oy > 1) pairs.push(`"${boxes[i]!.text}" ∩ "${boxes[j]!.text}"`);
      }
    return { texts: boxes.length, pairs };
  });
}

/** A panel body's box in the window. */
function bodyBox(page: Page, panel: string): Promise<Box> {
  return page.locator(`[data-testid="panel-${panel}"] .panel-body`).evaluate((el) => {
    const b = el.getBoundingClientRect();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  });
}

/** Scroll the cwnd panel (only it) so that plot k's area ends at the panel's bottom. */
async function scrollCwndTo(page: Page, k: number): Promise<void> {
  await page.evaluate((i) => {
    const scroller = document.querySelector('[data-testid="panel-cwnd"] .ackp-cwnd')!;
    const area = document.querySelectorAll('[data-testid="panel-cwnd"] .ackp-area')[i]!;
    const over = area.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    scroller.scrollTop += Math.max(0, over);
  }, k);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

// Two presets per test (one test per Playwright worker): the second opens in the page of the
// first (inPage.ts), as back/forward would, with the cwnd panel scrolled back to its top first,
// as a page opened on it would be.
for (const presets of partsOf(PRESETS, 2)) {
  test(`${presets.join(', ')} on the projector at 1280×720: router text apart, plot areas readable and inside`, async ({
    page,
  }) => {
    test.setTimeout(60_000 + presets.length * 60_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const [i, preset] of presets.entries()) {
      await test.step(preset, async () => {
        if (i === 0) await page.goto(`/?preset=${preset}&theme=projector`);
        else {
          await page
            .locator('[data-testid="panel-cwnd"] .ackp-cwnd')
            .evaluateAll((els) => els.forEach((el) => (el.scrollTop = 0)));
          await openInPage(page, `/?preset=${preset}&theme=projector`);
        }
        await checkDensity(page, preset);
      });
    }
    expect(errors).toEqual([]);
  });
}

/** The checks of one preset, opened on the projector at 1280×720. */
async function checkDensity(page: Page, preset: string) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
  if ((await page.getByTestId('panel-cwnd').count()) === 0)
    await page.getByTestId('panel-tab-cwnd').click();
  for (const id of ['router', 'cwnd'])
    await expect(
      page.locator(`[data-testid="panel-${id}"] .panel-body:not([aria-busy])`),
    ).toHaveCount(1, { timeout: 60_000 });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const name = preset.replace(/[^a-z0-9-]+/g, '_');
  await page.screenshot({ path: `${SHOTS}/${name}-projector-1280x720.png` });

  const text = await overlappingText(page);
  expect(text.texts, `${preset}: the router plot has tick labels`).toBeGreaterThan(3);
  expect.soft(text.pairs, `${preset}: router text that overlaps`).toEqual([]);

  const router = await plotAreas(page, 'router');
  expect(router.length, `${preset}: one router plot`).toBe(1);
  expect
    .soft(router[0]!.height, `${preset}: router plot area height (px)`)
    .toBeGreaterThanOrEqual(MIN_ROUTER_PX);

  // The router plot's time axis (tick labels) inside its panel, not cut off by it.
  const routerPanel = await bodyBox(page, 'router');
  const axisBottom = await page
    .locator('[data-testid="panel-router"] .ackp-area')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  expect
    .soft(axisBottom, `${preset}: the router plot's time axis inside its panel`)
    .toBeLessThanOrEqual(routerPanel.y + routerPanel.height + 1);

  // The cwnd plots: the first one whole in the panel as it opens; a stack of one small plot
  // per flow scrolls inside the panel (never the page), each plot whole once scrolled to.
  const panel = await bodyBox(page, 'cwnd');
  const count = (await plotAreas(page, 'cwnd')).length;
  expect(count, `${preset}: a cwnd plot is drawn`).toBeGreaterThan(0);
  for (let k = 0; k < count; k++) {
    if (k > 0) await scrollCwndTo(page, k);
    const b = (await plotAreas(page, 'cwnd'))[k]!;
    const what = `${preset}: cwnd plot ${k + 1} at y ${Math.round(b.y)}, ${Math.round(b.height)} px tall, panel body y ${Math.round(panel.y)}–${Math.round(panel.y + panel.height)}`;
    expect.soft(b.height, `${what}: tall enough`).toBeGreaterThanOrEqual(MIN_CWND_PX);
    expect.soft(b.y, `${what}: top inside the panel`).toBeGreaterThanOrEqual(panel.y - 1);
    expect
      .soft(b.y + b.height, `${what}: bottom inside the panel`)
      .toBeLessThanOrEqual(panel.y + panel.height + 1);
  }
  if (count > 1)
    await page.screenshot({ path: `${SHOTS}/${name}-projector-1280x720-cwnd-scrolled.png` });
  await expectNoPageScroll(page, `${preset} projector 1280×720`);
}
