/**
 * Router-plot hover and click at 1280×720 (issue 21, item 12): the tooltip is never cut off (by
 * its panel or by the window), wherever the mark is; clicking the "R" of packet 15's
 * retransmission picks packet 15, not the duplicate ACKs for 14 drawn just under it.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
}

/**
 * Whether the tooltip shows whole: every point of a grid over its box is the tooltip when hit
 * (nothing covers it and no ancestor clips it), and the box lies in the window. Returns what
 * failed, or ''.
 */
function tooltipCut(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tips = Array.from(document.querySelectorAll<HTMLElement>('.ackp-tooltip'));
    if (tips.length !== 1) return `${tips.length} tooltips`;
    const tip = tips[0]!;
    const r = tip.getBoundingClientRect();
    const where = `tooltip ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      return `${where} outside the ${innerWidth}×${innerHeight} window`;
    // The tooltip lets the pointer through; hit-test it for this check only.
    tip.style.pointerEvents = 'auto';
    try {
      for (const fx of [0.02, 0.5, 0.98])
        for (const fy of [0.02, 0.5, 0.98]) {
          const x = r.left + fx * r.width;
          const y = r.top + fy * r.height;
          const hit = document.elementFromPoint(x, y);
          if (!hit || !tip.contains(hit))
            return `${where}: at ${Math.round(x)},${Math.round(y)} the page shows ${hit?.tagName}.${hit?.className}`;
        }
    } finally {
      tip.style.pointerEvents = '';
    }
    return '';
  });
}

/** Centres of the router plot's marks of a kind and packet (data-kind, data-packet), in the window. */
function markCentres(page: Page, kind: number, packet: number) {
  return page.evaluate(
    ([kind, packet]) =>
      Array.from(
        document.querySelectorAll<SVGGElement>(
          `[data-panel="router"] .ackp-marks g[data-kind="${kind}"][data-packet="${packet}"]`,
        ),
      ).map((g) => {
        const b = g.querySelector('path')!.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2, event: Number(g.dataset.event) };
      }),
    [kind, packet] as const,
  );
}

test('router plot at 1280×720: the tooltip shows whole; the “R” of packet 15 picks packet 15', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=ff-3-drops&sender=reno');
  await ready(page);
  const area = page.locator('[data-panel="router"] .ackp-area');
  const box = (await area.boundingBox())!;

  // Hover marks all over the plot, those at its edges too: the tooltip always shows whole.
  // Kind 5 = ACK at the router, 1 = departure, 0 = arrival (palette MarkKind).
  const targets = [
    ...(await markCentres(page, 5, 14)).slice(0, 6), // the duplicate ACKs: several entries
    ...(await markCentres(page, 1, 15)),
    ...(await markCentres(page, 0, 1)), // the first packet, at the bottom left
    ...(await markCentres(page, 1, 49)), // near the top
  ];
  expect(targets.length).toBeGreaterThan(5);
  // The rightmost and lowest marks in the plot.
  const all = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll('[data-panel="router"] .ackp-marks g path:first-child'),
    ).map((p) => {
      const b = p.getBoundingClientRect();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }),
  );
  const inside = all.filter((p) => p.x > box.x && p.x < box.x + box.width);
  const right = inside.reduce((a, p) => (p.x > a.x ? p : a));
  const low = inside.reduce((a, p) => (p.y > a.y ? p : a));
  for (const [k, t] of [...targets, right, low].entries()) {
    await page.mouse.move(t.x, t.y);
    await expect(page.locator('.ackp-tooltip'), `tooltip at mark ${k}`).toBeVisible();
    const why = await tooltipCut(page);
    expect.soft(why, `tooltip at mark ${k} (${Math.round(t.x)},${Math.round(t.y)})`).toBe('');
  }
  await page.mouse.move(low.x, low.y);
  await page.screenshot({ path: `${SHOTS}/router-tooltip-1280.png` });

  // The "R" of packet 15's retransmission, its lower part (over the row of ACKs for 14).
  const r = (await page
    .locator('[data-panel="router"] .ackp-marks g[data-kind="1"][data-packet="15"] text')
    .boundingBox())!;
  const retx = (await markCentres(page, 1, 15))[0]!;
  const at = { x: r.x + r.width / 2, y: r.y + r.height * 0.8 };
  await page.mouse.move(at.x, at.y);
  await expect(page.locator('.ackp-tooltip .ackp-tip-title').first()).toHaveText(
    /Packet 15 \(retransmission\)/,
  );
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('readout')).toContainText(`event ${retx.event + 1} /`);
  await expect(page.getByTestId('event-desc')).toContainText('15');
  await page.screenshot({
    path: `${SHOTS}/router-pick-r15.png`,
    clip: { x: at.x - 150, y: at.y - 120, width: 460, height: 240 },
  });
  expect(errors).toEqual([]);
});
