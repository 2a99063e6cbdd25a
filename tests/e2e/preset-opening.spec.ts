/**
 * Where a preset opens and how a lecture steps through it (issue 21 items 7, 8, 13): a preset
 * whose story is the whole run opens at its end, drawn solid even in the projector theme, and
 * Play there plays it again; a preset with a story window opens at its start, so the first
 * Play moves packets inside the window at once; PgDn walks episodes (sctp-failover reaches its
 * failover in a few presses), Shift+PgDn every significant decision. Screenshots at 1280×720
 * in the projector theme, the classroom's worst case (ACKCLOCK_ALL_PRESETS=1: every preset).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots/opening';
mkdirSync(SHOTS, { recursive: true });

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 90_000 });
}

/** The transport's readout: event k of n (1-based) at t seconds. */
async function readout(page: Page): Promise<{ k: number; n: number; t: number }> {
  const text = (await page.getByTestId('readout').textContent()) ?? '';
  const m = /event (\d+) \/ (\d+) · t = ([\d.]+) s/.exec(text);
  if (!m) throw new Error(`readout: ${text}`);
  return { k: Number(m[1]), n: Number(m[2]), t: Number(m[3]) };
}

/** The plots whose static layer was drawn (the app's `ackclock:plot` marks), sorted by name. */
function plotDraws(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByName('ackclock:plot')
      .map((m) => String((m as PerformanceMark).detail))
      .sort(),
  );
}

/** The x-axis range of the router plot, from its tick labels. */
async function routerTicks(page: Page): Promise<number[]> {
  return page
    .locator('[data-panel="router"] .ackp-axis-x .tick text')
    .evaluateAll((ts) => ts.map((t) => Number(t.textContent)).filter((v) => Number.isFinite(v)));
}

test('the home page opens on the default scenario, paused at its story window, each plot drawn once, without console errors, and the first Play moves packets at once', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ackclock');
  await expect(page).toHaveTitle(/^ackclock/);
  await expect(page.getByTestId('panel-router').locator('svg, canvas').first()).toBeVisible();
  // Milliseconds since navigation start, read in the page (reported, not judged).
  const firstPlotMs = Math.round(await page.evaluate(() => performance.now()));
  test.info().annotations.push({ type: 'time-to-first-plot-ms', description: String(firstPlotMs) });
  await ready(page);
  // ff-3-drops opens paused at its story window's start (1.6 s).
  await expect(page.getByTestId('readout')).toContainText('event 59 / 1064 · t = 1.635 s');
  await expect(page.getByRole('button', { name: /First event/ })).toBeEnabled();
  await page.screenshot({ path: 'artifacts/screenshots/home.png' });
  const ticks = await routerTicks(page);
  const [from, to] = [Math.min(...ticks), Math.max(...ticks)];
  // ff-3-drops' story window is 1.6–3.6 s; the transfer starts at 1 s.
  expect(from).toBeGreaterThanOrEqual(1.6);
  const r0 = await readout(page);
  expect(r0.t, 'the cursor opens inside the window shown').toBeGreaterThanOrEqual(1.6);
  expect(r0.t).toBeLessThan(1.7);
  await expect.poll(() => new URL(page.url()).searchParams.get('e')).toBe(String(r0.k - 1));
  await page.screenshot({ path: `${SHOTS}/default-open.png` });
  // Each plot was drawn once: it drew after the page around it settled (useSize's sync), and the
  // run line under it kept its height when the fingerprint arrived (its width is reserved).
  const draws = await plotDraws(page);
  expect(draws, 'static layers drawn on open').toEqual(['cwnd', 'router']);
  await page.getByRole('button', { name: 'Play (Space)' }).click();
  await page.waitForTimeout(1000);
  const r1 = await readout(page);
  // One second of wall time at 0.25×: packets have moved, and the playhead is on the plot.
  expect(r1.k - r0.k, 'events played in the first second').toBeGreaterThanOrEqual(10);
  expect(r1.t).toBeGreaterThan(r0.t);
  expect(r1.t).toBeLessThanOrEqual(to);
  await page.screenshot({ path: `${SHOTS}/default-after-1s.png` });
  // Another preset opened in the page: again each plot once. Its window applies with its run,
  // not to the run still on screen (useShownXDomain), which would be drawn once more.
  await page.evaluate(() => performance.clearMarks('ackclock:plot'));
  await openInPage(page, '/?preset=ff-2-drops');
  const reopened = await plotDraws(page);
  expect(reopened, 'static layers drawn on an in-page open').toEqual(['cwnd', 'router']);
  expect(errors).toEqual([]);
});

test('sctp-failover opens inside its 4–18 s story and PgDn reaches the failover in a few presses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=sctp-failover&theme=projector');
  await ready(page);
  const r0 = await readout(page);
  expect(r0.t).toBeGreaterThanOrEqual(4);
  expect(r0.t).toBeLessThanOrEqual(18);
  await page.screenshot({ path: `${SHOTS}/sctp-failover-open.png` });
  await page.getByTestId('visualizer').focus();
  const log = page.getByTestId('explanation-log');
  // The first episode in the window: the loss of 4.737 s, before the link fails at 5 s.
  await page.keyboard.press('PageDown');
  let presses = 1;
  const first = await readout(page);
  expect(first.t).toBeCloseTo(4.737, 3);
  // The finer level, one modifier away: the next drop (4.867 s) inside this episode.
  await page.keyboard.press('Shift+PageDown');
  const fine = await readout(page);
  await page.keyboard.press('Shift+PageUp');
  expect((await readout(page)).k).toBe(first.k);
  expect(fine.t).toBeCloseTo(4.867, 3);
  let current = '';
  while (presses < 12) {
    await page.keyboard.press('PageDown');
    presses++;
    current = (await log.locator('.log-row.current').getAttribute('data-path-event')) ?? '';
    if (current === 'failover' || current === 'inactive') break;
  }
  expect(['failover', 'inactive']).toContain(current);
  expect(presses, 'PgDn presses from the opening to the failover').toBeLessThanOrEqual(6);
  await expect(page.getByTestId('readout')).toContainText('8.55');
  await page.screenshot({ path: `${SHOTS}/sctp-failover-failover.png` });
  // The help names both levels.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('previous / next episode: a loss and its recovery');
  await expect(help).toContainText('previous / next significant decision: every drop');
});

// Every preset's opening, in the projector theme at 1280×720: at the start of its story
// window, or at its end. A few by default; all with ACKCLOCK_ALL_PRESETS=1 (about 4 minutes).
const SAMPLE = new Set([
  'ff-0-drops',
  'caro-fig2-1-drop',
  'caro-fig5-3-drops',
  'alamgir-fig9',
  'hol-streams',
  'geo-table2',
  'dainotti-w2w-ah',
  'mobile-multihomed',
  'voip-pr-sctp',
]);
const OPENED = process.env.ACKCLOCK_ALL_PRESETS ? PRESETS : PRESETS.filter((p) => SAMPLE.has(p.id));
test.describe('every preset opens where it says', () => {
  test.describe.configure({ timeout: 240_000 });
  test('projector, 1280×720', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    // One page: each preset after the first opens in it (inPage.ts), as back/forward would,
    // and lands where a link to it lands (the controller applies the address the same way).
    for (const [i, p] of OPENED.entries()) {
      if (i === 0) await page.goto(`/?preset=${p.id}&theme=projector`);
      else await openInPage(page, `/?preset=${p.id}&theme=projector`, 90_000);
      await ready(page);
      await expect.poll(async () => (await readout(page)).k, { message: p.id }).toBeGreaterThan(1);
      const r = await readout(page);
      if (p.open === 'story') {
        expect(r.t, p.id).toBeGreaterThanOrEqual(p.view!.from);
        expect(r.t, p.id).toBeLessThan(p.view!.to);
      }
      await page.screenshot({ path: `${SHOTS}/preset-${p.id}.png` });
      if (p.open === 'end') {
        expect(r.k, `${p.id}: the cursor is at the last event: every panel drawn solid`).toBe(r.n);
        const play = page.getByRole('button', { name: /Play again from the start/ });
        await expect(play, p.id).toHaveText('↻ Replay');
        // Space at the end plays again from the start of the window shown (the whole run).
        await page.getByTestId('visualizer').focus();
        await page.keyboard.press('Space');
        await expect.poll(async () => (await readout(page)).k, p.id).toBeLessThan(r.n / 2);
        await page.keyboard.press('Space');
      }
    }
    expect(errors).toEqual([]);
  });
});
