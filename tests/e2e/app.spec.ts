import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios';
import { routerCountsFor } from './expected';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('dialog', (d) => {
    errors.push(`unexpected dialog: ${d.message()}`);
    void d.dismiss();
  });
  return errors;
}

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
}

/**
 * Fall & Floyd's six drop lists under Reno, each opened as a shared link would be: the first as
 * a page, the others in it (inPage.ts), as back/forward would.
 */
test("shared links ff-0…5-drops (Reno): the router plot shows the engine's arrivals, departures, drops and ACKs", async ({
  page,
}) => {
  const errors = collectErrors(page);
  for (let n = 0; n <= 5; n++) {
    const query = `preset=ff-${n}-drops&sender=reno`;
    if (n === 0) await page.goto(`/?${query}`);
    else await openInPage(page, `/?${query}`);
    await ready(page);
    const want = routerCountsFor(query);
    const plot = page.getByTestId('panel-router');
    await expect(plot, query).toHaveAttribute('data-arrivals', String(want.arrivals));
    await expect(plot, query).toHaveAttribute('data-departures', String(want.departures));
    await expect(plot, query).toHaveAttribute('data-drops', String(want.drops));
    await expect(plot, query).toHaveAttribute('data-acks', String(want.acks));
    const plural = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
    await expect(page.getByTestId('summary-router'), query).toHaveText(
      `R1: ${plural(want.arrivals, 'arrival')}, ${plural(want.departures, 'departure')}, ${plural(want.drops, 'drop')}, ${plural(want.acks, 'ACK')}`,
    );
    if (n >= 1) expect(want.drops, query).toBeGreaterThanOrEqual(n);
    if (n === 1 || n === 3) await page.screenshot({ path: `${SHOTS}/ff-${n}-drops-reno.png` });
  }
  expect(errors).toEqual([]);
});

test('keyboard right after load: step to the 3rd duplicate ACK of Reno 1 drop and read the explanation; ? lists the shortcuts', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&sender=reno');
  await ready(page);
  // No click first: the keys work right after load (the visualizer has focus).
  // ff-1-drops opens at its story window's start: event 59 (1.635 s).
  await expect(page.getByTestId('readout')).toHaveText(/^event 59 \//);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveText(/^event 60 \//);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('readout')).toHaveText(/^event 59 \//);
  // PgDn: the loss episode (the drop of 15); Shift+PgDn: decision by decision.
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('event-desc')).toHaveText('packet 15 dropped at R1');
  for (let i = 0; i < 10; i++) {
    const desc = (await page.getByTestId('event-desc').textContent()) ?? '';
    if (desc.includes('3rd duplicate ACK')) break;
    await page.keyboard.press('Shift+PageDown');
  }
  await expect(page.getByTestId('event-desc')).toHaveText('3rd duplicate ACK, fast retransmit');
  const row = page.locator('.log-row.current');
  await expect(row).toContainText('3rd duplicate ACK');
  await expect(row).toContainText(/\b15\b/);
  await expect(row).toBeInViewport();
  await expect(page.getByRole('slider', { name: 'Event scrubber' })).toHaveAttribute(
    'aria-valuetext',
    /^event \d+ of \d+, 2\.080 s, 3rd duplicate ACK, fast retransmit$/,
  );
  await expect(page.getByTestId('log-announce')).toContainText('3rd duplicate ACK');
  // The row reads once: trigger, rule and numbers, then its source, set apart.
  expect(((await row.textContent()) ?? '').match(/3rd duplicate ACK/g)).toHaveLength(1);
  await expect(row.locator('.log-head')).toHaveText('3rd duplicate ACK for 14:');
  await expect(row.locator('cite.log-source')).toHaveText(/^RFC 2581 §3\.2/);
  await expect(row.locator('cite.log-source')).toBeVisible();
  await expect(row.locator('.log-text')).not.toContainText('RFC');
  // What the RFC text would do here (this is an ns-2 run) is its own line under the row.
  await expect(row.locator('.log-note')).toBeVisible();
  await expect(row.locator('.log-note')).toContainText(
    'RFC 5681 would set ssthresh = 7.5 here (half the FlightSize of 15 packets)',
  );
  const readout = await page.getByTestId('readout').textContent();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveText(readout ?? '');
  await page.screenshot({ path: `${SHOTS}/reno-1-drop-3rd-dupack.png` });
  // The cursor is in the address (written debounced, after the steps).
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('e'))).toBeGreaterThan(0);
  // ? lists the shortcuts; Escape closes the list; End reaches the last event.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('PgUp');
  await page.screenshot({ path: `${SHOTS}/help.png` });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: /Forward one event/ })).toBeDisabled();
});

test('compare one sender under two profiles: NewReno under ns-2.35 defaults and the RFC text, told apart by label and marker', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/?preset=ff-1-drops&compare=newreno@ns2,newreno@rfc');
  await ready(page);
  const ns2 = page.getByTestId('compare-newreno@ns2');
  const rfc = page.getByTestId('compare-newreno@rfc');
  await expect(ns2.getByTestId('compare-name')).toHaveText('NewReno · ns-2.35 defaults');
  await expect(rfc.getByTestId('compare-name')).toHaveText('NewReno · RFC text (5681, 6582, 4960)');
  // Same colour (NewReno's), a marker per profile on the cwnd line and in the swatch.
  await expect(ns2.locator('.compare-cwnd [data-marker="square"]').first()).toBeVisible();
  await expect(rfc.locator('.compare-cwnd [data-marker="triangle"]').first()).toBeVisible();
  await expect(ns2.locator('[data-marker="triangle"]')).toHaveCount(0);
  const strokes = await page
    .locator('.compare-cwnd path[stroke-width="2.5"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('stroke')));
  expect(strokes).toHaveLength(2);
  expect(strokes[0]).toBe(strokes[1]);
  await expect(page.getByTestId('divergence')).toContainText(
    /First different decision \(vs NewReno · ns2\): the start of the transfer go to it — NewReno · ns2: SYN, cwnd 1, sends 1 \(1\.000 s\); NewReno · rfc: start, cwnd 4/,
  );
  await page.getByTestId('visualizer').focus();
  await page.keyboard.press('End');
  await page.screenshot({ path: `${SHOTS}/compare-profiles-newreno.png` });
  // From the keyboard: add NewReno under the profile it does not run under yet (ff96).
  await page
    .getByRole('button', { name: 'Also run newreno under another profile' })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  const ff96 = page.getByTestId('compare-newreno@ff96');
  await expect(ff96.getByTestId('compare-name')).toHaveText('NewReno · Fall & Floyd test suite');
  await expect(ff96.locator('.compare-cwnd [data-marker="circle"]').first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get('compare')).toBe(
    'newreno@ns2,newreno@ff96,newreno@rfc',
  );
  await page.screenshot({ path: `${SHOTS}/compare-profiles-three.png` });
  await page
    .locator('fieldset[data-key="compare"]')
    .screenshot({ path: `${SHOTS}/compare-profiles-picker.png` });
  await ff96.locator('.compare-cwnd').screenshot({ path: `${SHOTS}/compare-profiles-cwnd.png` });
  expect(errors).toEqual([]);
});

test('browser back and forward restore earlier scenarios', async ({ page }) => {
  await page.goto('/?preset=ff-1-drops&sender=reno');
  await ready(page);
  const first = await page.getByTestId('fingerprint').textContent();
  await page.getByLabel('Preset').selectOption('ff-2-drops');
  await expect(page.getByTestId('fingerprint')).not.toHaveText(first ?? '');
  expect(new URL(page.url()).searchParams.get('preset')).toBe('ff-2-drops');
  await page.goBack();
  await expect(page.getByTestId('fingerprint')).toHaveText(first ?? '');
  await expect(page.getByLabel('Preset')).toHaveValue('ff-1-drops');
  await page.goForward();
  await expect(page.getByLabel('Preset')).toHaveValue('ff-2-drops');
});

test('predict mode pauses before the fast retransmit and reveals cwnd beside the guess', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&sender=reno&predict=fast-retransmit');
  await ready(page);
  await page.getByLabel('Speed').selectOption('10');
  await page.getByRole('button', { name: /^Play/ }).click();
  const predict = page.getByTestId('predict');
  await expect(predict).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();
  // The answer is not on screen before the reveal.
  await expect(page.getByTestId('explanation-log')).not.toContainText('fast retransmit of 15');
  await expect(page.getByTestId('next-hint')).toHaveCount(0);
  await page.getByLabel('Your guess (packets)').fill('7');
  await page.getByLabel('next packet sent').fill('15');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('predict-answer')).toHaveText('cwnd = 7');
  await expect(predict).toContainText('Your guess: 7');
  await expect(predict).toContainText('it sends 15 ✓');
  await page.screenshot({ path: `${SHOTS}/predict.png` });
  await expect(page.getByTestId('explanation-log')).toContainText('fast retransmit of 15');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('event-desc')).toHaveText('3rd duplicate ACK, fast retransmit');
});

test('export: SVG and PNG of the chosen plot, CSV of router or cwnd rows, one file per click', async ({
  page,
}) => {
  await page.goto('/?preset=ff-1-drops&sender=reno&panels=router,cwnd,log');
  await ready(page);
  const grab = async (button: string, count: number) => {
    const files: { name: string; size: number; head: string }[] = [];
    const done = new Promise<void>((resolve) => {
      page.on('download', async (d) => {
        const path = await d.path();
        const { readFileSync } = await import('node:fs');
        const buf = readFileSync(path);
        files.push({
          name: d.suggestedFilename(),
          size: buf.length,
          head: buf.subarray(0, 64).toString('latin1'),
        });
        if (files.length === count) resolve();
      });
    });
    await page.getByRole('button', { name: button, exact: true }).click();
    await done;
    page.removeAllListeners('download');
    return files.sort((a, b) => a.name.localeCompare(b.name));
  };
  // One click, one file: the chosen plot, or one kind of rows.
  const csv = [...(await grab('router CSV', 1)), ...(await grab('cwnd CSV', 1))];
  expect(csv.map((f) => f.name)).toEqual([
    'ackclock-ff-1-drops-router.csv',
    'ackclock-ff-1-drops-cwnd.csv',
  ]);
  expect(csv[0]!.head).toMatch(/^time,event,flow,packet/);
  await page.getByLabel('Plot to export').selectOption('cwnd');
  const svg = await grab('SVG', 1);
  expect(svg.map((f) => f.name)).toEqual(['ackclock-ff-1-drops-cwnd.svg']);
  expect(svg[0]!.head).toMatch(/<svg/);
  const png = await grab('PNG', 1);
  expect(png[0]!.head.slice(1, 4)).toBe('PNG');
  expect(png[0]!.size).toBeGreaterThan(5000);
});

test('drop the packet at the cursor and rerun; compare mode log shows each sender', async ({
  page,
}) => {
  await page.goto('/?preset=ff-0-drops&sender=newreno&e=40');
  await ready(page);
  const fp = await page.getByTestId('fingerprint').textContent();
  const btn = page.getByRole('button', { name: /^Drop packet \d+$/ });
  await expect(btn).toBeVisible();
  const packet = (await btn.textContent())!.match(/\d+/)![0];
  await btn.click();
  await expect(page.getByTestId('drop-list')).toContainText(packet);
  await expect(page.getByTestId('fingerprint')).not.toHaveText(fp ?? '');
  expect(new URL(page.url()).searchParams.get('drops')).toBe(packet);

  await openInPage(page, '/?preset=ff-3-drops&compare=reno,newreno');
  await ready(page);
  await page.getByLabel('Log of sender').selectOption('1');
  await expect(page.getByTestId('explanation-log')).toContainText('Partial ACK');
});

/**
 * Runs that must draw without errors, opened one after the other in one page (inPage.ts): a laptop
 * and a narrow window, the dark theme, an SCTP sender beside a TCP flow. Screenshots of each.
 */
test('renders: laptop (1280×720) and narrow (800×900) layouts, the dark theme, SCTP beside TCP', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await test.step('laptop and narrow', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/?preset=ff-4-drops&sender=newreno&e=600');
    await ready(page);
    await page.screenshot({ path: `${SHOTS}/laptop-1280x720.png` });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: `${SHOTS}/narrow-800.png`, fullPage: true });
    await expect(page.getByTestId('readout')).toBeVisible();
  });
  await test.step('dark theme', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openInPage(page, '/?preset=ff-2-drops&sender=sack&theme=dark&e=700');
    await ready(page);
    await expect(page.locator('.app')).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: `${SHOTS}/dark-1366x768.png` });
  });
  await test.step('an SCTP sender and a second flow', async () => {
    await openInPage(page, '/?preset=ff-3-drops&sender=sctp-newreno&sender2=reno&e=900');
    await ready(page);
    await expect(page.locator('.log-flow').first()).toBeVisible();
    await page.getByTestId('visualizer').focus();
    await page.keyboard.press('PageDown');
    await page.screenshot({ path: `${SHOTS}/sctp-two-flows.png` });
  });
  expect(errors).toEqual([]);
});

test('each preset group opens with the sender its notice is about, at the start of its story window, without console errors', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?preset=ff-3-drops&sender=newreno&e=600');
  await ready(page);
  const cases = [
    // Fall & Floyd: written for every sender, so the chosen sender stays.
    { preset: 'ff-1-drops', sender: 'newreno', compare: null, shot: 'group-fall-floyd' },
    {
      preset: 'caro-fig3-2-drops',
      sender: 'sctp-2960',
      compare: 'sctp-2960,sctp-newreno',
      shot: 'group-caro',
    },
    { preset: 'alamgir-fig8', sender: 'sack', compare: null, shot: 'group-alamgir-fig8' },
    { preset: 'alamgir-fig9', sender: 'sctp-2960', compare: null, shot: 'group-alamgir-fig9' },
    { preset: 'geo-segment-8', sender: 'sack', compare: null, shot: 'group-geo' },
  ];
  for (const c of cases) {
    const before = await page.getByTestId('fingerprint').textContent();
    await page.getByLabel('Preset').selectOption(c.preset);
    await expect(page.getByTestId('fingerprint')).not.toHaveText(before ?? '');
    // Preset.open 'story': the first event from the window's start, inside the window.
    const view = PRESETS.find((p) => p.id === c.preset)!.view!;
    await expect(page.getByTestId('readout')).toHaveText(/ · t = [\d.]+ s$/);
    const t = Number(
      /t = ([\d.]+) s/.exec((await page.getByTestId('readout').textContent()) ?? '')![1],
    );
    expect(t).toBeGreaterThanOrEqual(view.from);
    expect(t).toBeLessThan(view.to);
    const url = new URL(page.url()).searchParams;
    expect(url.get('preset')).toBe(c.preset);
    expect(url.get('sender')).toBe(c.sender);
    expect(url.get('compare')).toBe(c.compare);
    await page.screenshot({ path: `${SHOTS}/${c.shot}.png` });
  }
  // GEO: two flows, numbered as its notice numbers them, each with its own cwnd plot.
  await expect(page.getByTestId('preset-notice')).toContainText('TCP (flow 1)');
  const cwnd = page.getByTestId('panel-cwnd');
  await expect(cwnd.getByText('cwnd · flow 1 (SACK)')).toBeVisible();
  await expect(cwnd.getByText('cwnd · flow 2 (SCTP (RFC 2960))')).toBeVisible();
  // A log row names its flow with the flow's glyph (● flow 1, ■ flow 2), as every panel draws it.
  await expect(page.locator('.log-flow').first()).toHaveText(/^[●■] flow [12]/);
  expect(errors).toEqual([]);
});

test('projector at 1280×720: large text, no scrolling, the sidebar hidden; log text, times and sources no smaller than 1/50 of the height; router legend on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=ff-1-drops&sender=reno&theme=projector&e=244');
  await ready(page);
  // Large text, no scrolling, the Scenario sidebar hidden.
  const dims = await page.evaluate(() => ({
    scrollH: document.documentElement.scrollHeight,
    scrollW: document.documentElement.scrollWidth,
    font: parseFloat(getComputedStyle(document.querySelector('.app')!).fontSize),
  }));
  expect(dims.scrollH).toBeLessThanOrEqual(720);
  expect(dims.scrollW).toBeLessThanOrEqual(1280);
  expect(dims.font).toBeGreaterThanOrEqual(720 / 50);
  await expect(page.getByRole('complementary', { name: 'Scenario' })).toBeHidden();
  const sizes = await page.evaluate(() => {
    const px = (sel: string) =>
      [...document.querySelectorAll(sel)].map((el) => parseFloat(getComputedStyle(el).fontSize));
    return {
      time: px('.log-row .log-time'),
      text: px('.log-row .log-text'),
      source: px('.log-row.current .log-source'),
      hiddenSources: [...document.querySelectorAll('.log-row:not(.current) .log-source')].filter(
        (el) => getComputedStyle(el).display !== 'none',
      ).length,
    };
  });
  for (const v of [...sizes.time, ...sizes.text, ...sizes.source])
    expect(v).toBeGreaterThanOrEqual(720 / 50);
  expect(sizes.source).toHaveLength(1);
  // Only the current row shows its source on the projector; the others keep their sentence.
  expect(sizes.hiddenSources).toBe(0);
  const legend = page.getByTestId('panel-router').getByRole('list', { name: 'legend' });
  const items = await legend
    .locator('li')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(items).size).toBe(1);
  await page.screenshot({ path: `${SHOTS}/projector-log-1280x720.png` });
});

test('projector compare at 1280×720: every sender fits without scrolling, labels stay readable and unclipped', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(
    '/?preset=ff-3-drops&sender=reno&compare=reno,newreno,sack&theme=projector&e=600',
  );
  await ready(page);
  await expect(page.getByTestId('compare-sack')).toBeVisible();
  const m = await page.evaluate(() => {
    const compare = document.querySelector('[data-testid="compare"]')!;
    const fonts = [...document.querySelectorAll('.compare-cwnd text, .compare-events li')].map(
      (el) => parseFloat(getComputedStyle(el).fontSize),
    );
    // A rotated y label longer than its plot would be cut off ("packet mod 5").
    const clipped = [
      ...document.querySelectorAll<SVGTextElement>('.compare .ackp-axis-label-y'),
    ].filter((t) => {
      const box = t.ownerSVGElement!.getBoundingClientRect();
      const r = t.getBoundingClientRect();
      return t.textContent !== '' && (r.top < box.top - 1 || r.bottom > box.bottom + 1);
    }).length;
    return { over: compare.scrollHeight - compare.clientHeight, fonts, clipped };
  });
  expect(m.over).toBeLessThanOrEqual(1);
  for (const f of m.fonts) expect(f).toBeGreaterThanOrEqual(720 / 50);
  expect(m.clipped).toBe(0);
  await page.screenshot({ path: `${SHOTS}/projector-compare-1280x720.png` });
  expect(errors).toEqual([]);
});
