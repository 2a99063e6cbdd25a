/**
 * The embed view in a course page: a host serving the built site at /ackclock/ and, beside it,
 * a page with two iframes of different scenarios (`embed=1`), as the "Copy embed code" box
 * writes them. Both play; one steps with the keyboard once clicked; the 640×360 frame's
 * document never scrolls; "open in ackclock" leads to the full app.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { cliFingerprint, hostTree, serve, SHOTS, watch, type Site } from './site';

test.use({ serviceWorkers: 'allow' });

const APP = '/ackclock/';
const RENO = `${APP}?preset=ff-3-drops&sender=reno&embed=1`;
const SCTP = `${APP}?preset=caro-fig3-2-drops&sender=sctp-2960&panels=router,cwnd&embed=1`;

/** A course page of the same host, with no script or style of its own (the site's CSP). */
const COURSE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Week 3: loss recovery</title>
  </head>
  <body>
    <h1>Week 3: loss recovery</h1>
    <p>Reno with three drops:</p>
    <iframe id="reno" src="${RENO.replace(/&/g, '&amp;')}" width="640" height="360" title="ackclock: Reno, three drops" loading="lazy"></iframe>
    <p>SCTP (RFC 2960) with two drops:</p>
    <iframe id="sctp" src="${SCTP.replace(/&/g, '&amp;')}" width="800" height="450" title="ackclock: SCTP, two drops" loading="lazy"></iframe>
  </body>
</html>
`;

let site: Site | null = null;
let tree: ReturnType<typeof hostTree> | null = null;
test.beforeEach(async () => {
  tree = hostTree(APP, { '/course/week3.html': COURSE_PAGE });
  site = await serve(tree.root, '/');
});
test.afterEach(async () => {
  await site?.close();
  tree?.remove();
  site = null;
  tree = null;
});

async function eventIn(frame: FrameLocator): Promise<number> {
  const text = (await frame.getByTestId('readout').textContent()) ?? '';
  return Number(/event (\d+) \//.exec(text)?.[1] ?? NaN);
}

/** The frame's document: its scroll box and where it is scrolled to. */
async function scrollOf(page: Page, id: string) {
  const frame = page.frame({ url: (u) => u.href.includes(id === 'reno' ? 'ff-3-drops' : 'caro') });
  if (!frame) throw new Error(`no frame ${id}`);
  return frame.evaluate(() => {
    const s = document.scrollingElement!;
    return {
      scrollHeight: s.scrollHeight,
      clientHeight: s.clientHeight,
      scrollWidth: s.scrollWidth,
      clientWidth: s.clientWidth,
      scrollTop: s.scrollTop,
      scrollX: window.scrollX,
      scrollY: window.scrollY,
    };
  });
}

test('a course page with two embeds: both play, one steps with the keyboard, the 640×360 one never scrolls', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const w = watch(page);
  await page.setViewportSize({ width: 1500, height: 900 });
  await page.goto(`${site!.url}course/week3.html`);
  const reno = page.frameLocator('#reno');
  const sctp = page.frameLocator('#sctp');

  // Each frame is the embed view of its own scenario: transport bar and panels, no header.
  for (const [frame, panels] of [
    [reno, ['router', 'cwnd']],
    [sctp, ['router', 'cwnd']],
  ] as const) {
    await expect(frame.getByTestId('embed')).toBeVisible({ timeout: 30_000 });
    // At the preset's opening (its story window's start, or its end for a whole-run story).
    await expect(frame.getByTestId('readout')).toHaveText(/^event \d+ \/ \d+/, { timeout: 30_000 });
    for (const p of panels)
      await expect(frame.getByTestId(`panel-${p}`).locator('.ackp-area').first()).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  }
  await expect(reno.getByRole('heading', { name: 'Explanation log' })).toBeVisible();
  await expect(sctp.getByRole('heading', { name: 'Explanation log' })).toHaveCount(0);
  // Different runs: the readouts count different numbers of events.
  const total = async (f: FrameLocator) =>
    Number(/\/ (\d+)/.exec((await f.getByTestId('readout').textContent()) ?? '')?.[1]);
  expect(await total(reno)).not.toBe(await total(sctp));

  // Both play.
  for (const frame of [reno, sctp]) {
    const before = await eventIn(frame);
    await frame.getByRole('button', { name: 'Play (Space)' }).click();
    await expect.poll(() => eventIn(frame), { timeout: 10_000 }).toBeGreaterThan(before + 5);
    await frame.getByRole('button', { name: 'Pause (Space)' }).click();
  }

  // Keyboard: before a click the frame has no focus, and says how to get it.
  await expect(reno.locator('.embed-keys-idle')).toBeVisible();
  await reno.getByRole('button', { name: 'First event (Home)' }).click();
  await reno
    .getByTestId('panel-router')
    .locator('.panel-body')
    .click({ position: { x: 5, y: 5 } });
  await expect(reno.locator('.embed-keys-active')).toBeVisible();
  const sctpAt = await eventIn(sctp);
  const at = await eventIn(reno);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => eventIn(reno)).toBe(at + 3);
  await page.keyboard.press('PageDown');
  await expect.poll(() => eventIn(reno)).toBeGreaterThan(at + 3);
  await expect(reno.getByTestId('event-desc')).not.toHaveText('');
  await page.keyboard.press('End');
  await expect(reno.getByRole('button', { name: 'Last event (End)' })).toBeDisabled();
  await page.keyboard.press('Home');
  await expect.poll(() => eventIn(reno)).toBe(1);
  await page.keyboard.press(' ');
  await expect.poll(() => eventIn(reno), { timeout: 10_000 }).toBeGreaterThan(5);
  await page.keyboard.press(' ');
  // The keys went to the frame clicked only.
  expect(await eventIn(sctp)).toBe(sctpAt);

  // The 640×360 frame's document fits it and never scrolls: not with the wheel over a plot
  // and the log, not with PgDn and End (which move the cursor instead).
  const fits = await scrollOf(page, 'reno');
  expect(fits.scrollHeight).toBeLessThanOrEqual(fits.clientHeight);
  expect(fits.scrollWidth).toBeLessThanOrEqual(fits.clientWidth);
  expect([fits.clientWidth, fits.clientHeight]).toEqual([640, 360]);
  const box = (await page.locator('#reno').boundingBox())!;
  await page.mouse.move(box.x + 150, box.y + 150);
  await page.mouse.wheel(0, 2000);
  await page.mouse.move(box.x + 560, box.y + 250);
  await page.mouse.wheel(0, 4000);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  const after = await scrollOf(page, 'reno');
  expect({ top: after.scrollTop, x: after.scrollX, y: after.scrollY }).toEqual({
    top: 0,
    x: 0,
    y: 0,
  });
  await page.screenshot({ path: `${SHOTS}/embed-course-page.png` });
  await page.locator('#reno').screenshot({ path: `${SHOTS}/embed-640x360.png` });

  // "open in ackclock": the same view in the full app, in a new tab, at the app's path.
  const [full] = await Promise.all([
    page.context().waitForEvent('page'),
    reno.getByTestId('embed-open').click(),
  ]);
  await full.waitForLoadState();
  const url = new URL(full.url());
  expect(url.pathname).toBe(APP);
  expect(url.searchParams.get('preset')).toBe('ff-3-drops');
  expect(url.searchParams.has('embed')).toBe(false);
  await expect(full.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 30_000 });
  const fp = full.getByTestId('fingerprint');
  await expect(fp).toHaveText(/^ac3-/, { timeout: 30_000 });
  expect(await fp.textContent()).toBe(cliFingerprint(full.url()));
  await full.close();
  expect(w.problems).toEqual([]);
});

test('Copy embed code gives the frame the course page holds: it opens the same view', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(site!.url).origin,
  });
  const w = watch(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${site!.url.replace(/\/$/, '')}${APP}?preset=ff-3-drops&sender=reno&e=40`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByTestId('embed-code-status')).toHaveText('Embed code copied.');
  const code = await page.getByTestId('embed-code-text').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  expect(code).toMatch(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/ackclock\/\?preset=ff-3-drops&amp;sender=reno&amp;e=40&amp;embed=1" width="800" height="450" title="ackclock: Three drops: packets 15, 27 and 29 \(Reno TCP\)" loading="lazy"><\/iframe>$/,
  );
  await page.screenshot({ path: `${SHOTS}/embed-code-box.png` });
  // That code in a page: the frame shows event 41 of the same run.
  const src = /src="([^"]+)"/.exec(code)![1]!.replace(/&amp;/g, '&');
  await page.goto(src);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.getByTestId('readout')).toHaveText(/^event 41 \//, { timeout: 30_000 });
  expect(w.problems).toEqual([]);
});
