/**
 * SCTP's own features in the browser (issue 13): the failover preset's per-path cwnd and RTO,
 * the path each packet took (router plot at either path's router, time–sequence plot, queue
 * view), the path events in the explanation log reached with the keyboard; the head-of-line
 * preset's per-stream delivery timeline (TCP vs SCTP streams); the sentence a run without the
 * data shows instead. Screenshots in light and projector themes.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
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

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
}

/** A panel's legend entries (their titles), once it has drawn any: it draws after the run. */
async function legend(page: Page, panel: string): Promise<string[]> {
  const items = page.getByTestId(`panel-${panel}`).locator('li[data-legend]');
  await expect(items.first()).toBeAttached();
  return items.evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''));
}

test('sctp-failover: per-path cwnd and RTO, packets by path, failover in the log', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?preset=sctp-failover');
  await ready(page);

  // The cwnd panel: one plot with a line per path and the per-path RTO strip.
  const cwnd = page.getByTestId('panel-cwnd');
  await expect(cwnd.locator('[data-paths="2"]')).toHaveCount(1);
  const cw = await legend(page, 'cwnd');
  expect(cw).toContain('cwnd S0→K0 (primary)');
  expect(cw).toContain('cwnd S1→K1');
  expect(cw).toContain('path inactive');
  expect(cw).toContain('failover ● active again ◆ primary again');
  expect(cw).toContain('T3-rtx expiry ○ HEARTBEAT ⊗ unanswered');
  const rto = cwnd.getByTestId('path-rto-track');
  await expect(rto).toBeVisible();
  await expect(rto).toHaveAttribute(
    'aria-label',
    /^Retransmission timer per path of flow 1 \(SCTP.*\): S0→K0 \(primary\): RTO up to [\d.]+ s, 3 T3-rtx expiries; S1→K1: /,
  );
  await expect(cwnd.locator('[data-panel="cwnd"] .ackp-area')).toHaveAttribute(
    'aria-label',
    /S0→K0 \(primary\): cwnd peaks at [\d.]+ packets, inactive [\d.]+ s–[\d.]+ s; S1→K1: .* 1 failover, 1 recovery/,
  );

  // Step to the failover with the keyboard: from 8 s, "next significant" (PgDn) until the log's
  // current row is a path event of the failover.
  const log = page.getByTestId('explanation-log');
  await expect(page.getByTestId('log-count')).toHaveText(/^\d+ decisions · \d+ path events$/);
  await openInPage(page, '/?preset=sctp-failover&t=8');
  await ready(page);
  await page.getByTestId('visualizer').focus();
  let current = '';
  for (let k = 0; k < 60; k++) {
    await page.keyboard.press('PageDown');
    current = (await log.locator('.log-row.current').getAttribute('data-path-event')) ?? '';
    if (current === 'failover' || current === 'inactive') break;
  }
  expect(['failover', 'inactive']).toContain(current);
  const failover = log.locator('.log-path-row[data-path-event="failover"]');
  await expect(failover).toContainText(
    'Failover from S0→K0: new data goes to S1→K1 while the primary S0→K0 is inactive',
  );
  await expect(failover).toContainText('RFC 4960 §6.4.1');
  await expect(log.locator('.log-path-row[data-path-event="inactive"]')).toContainText(
    /Path S0→K0 inactive: 3 T3-rtx expiries in a row, error count 3 exceeds Path\.Max\.Retrans 2; new data fails over to S1→K1/,
  );
  await expect(log.locator('.log-path-row[data-path-event="heartbeat"]').first()).toContainText(
    /HEARTBEAT to K[01] \(idle path S[01]→K[01], every RTO \+ HB\.interval/,
  );
  await expect(page.getByTestId('readout')).toContainText('8.55');
  // The per-path plot's tooltip at 12 s (the preset's view is 4–18 s): the primary is down.
  const cwArea = cwnd.locator('[data-panel="cwnd"] .ackp-area');
  const ab = (await cwArea.boundingBox())!;
  const left = 62;
  const right = 18;
  await page.mouse.move(
    ab.x + left + ((12 - 4) / 14) * (ab.width - left - right),
    ab.y + ab.height * 0.35,
  );
  const cwTip = cwnd.locator('.ackp-tooltip');
  await expect(cwTip).toContainText(
    /S0→K0 \(primary\): INACTIVE · cwnd [\d.]+ · ssthresh [\d.]+ · RTO [\d.]+ s · errors \d+/,
  );
  await expect(cwTip).toContainText(/S1→K1: active · cwnd/);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/sctp-failover-light.png` });

  // The router plot, zoomed in to the failover: the alternate path's router shows its packets
  // with path 1's glyphs.
  await openInPage(page, '/?preset=sctp-failover&t=8.6&zoom=8.5-9.2');
  await ready(page);
  const router = page.getByTestId('panel-router');
  await expect(router.getByTestId('router-choice-0')).toHaveText('A0 (path S0→K0 (primary))');
  await router.getByTestId('router-choice-1').click();
  await expect(router.getByTestId('router-choice-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(router.locator('.ackp-title')).toContainText('Router A1 → B1');
  const rl = await legend(page, 'router');
  expect(rl).toContain('path S1→K1: ▲ arrival △ departure ⊙ ACK');
  expect(rl).toContain('path S0→K0 (primary): ■ arrival □ departure ○ ACK');

  // The time–sequence plot and the queue view name the paths too.
  await page.getByTestId('panel-tab-timeseq').click();
  expect(await legend(page, 'timeseq')).toContain('path S1→K1: data sent (bar with a dot)');
  await page.getByTestId('panel-tab-queue').click();
  expect(await legend(page, 'queue')).toContain('path S1→K1: round box');
  // After the failover the alternate's queue is the one that fills: shown at A1.
  const queue = page.getByTestId('panel-queue');
  await queue.getByTestId('queue-choice-1').click();
  await expect(queue.locator('.ackp-title')).toHaveText('Topology and queue · A1→B1');
  await expect(queue.locator('.ackp-stack-label').first()).toHaveText(/^\d+ \/ \d+ waiting$/);
  await page.screenshot({ path: `${SHOTS}/sctp-failover-queue-light.png` });

  // Dark, then projector: the cwnd panel and the log at the failover.
  await openInPage(page, '/?preset=sctp-failover&t=8.6&theme=dark');
  await ready(page);
  await expect(page.getByTestId('path-rto-track')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sctp-failover-dark.png` });
  await openInPage(page, '/?preset=sctp-failover&t=8.6&theme=projector');
  await ready(page);
  await expect(page.getByTestId('panel-cwnd').locator('[data-paths="2"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/sctp-failover-projector.png` });
  // At 1280×720 the per-path plot keeps a readable area and the panel stays on screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  const panel = (await page.getByTestId('panel-cwnd').boundingBox())!;
  expect(panel.y + panel.height).toBeLessThanOrEqual(721);
  const plot = (await page
    .getByTestId('panel-cwnd')
    .locator('[data-panel="cwnd"] .ackp-area')
    .boundingBox())!;
  expect(plot.height).toBeGreaterThanOrEqual(80);
  await page.screenshot({ path: `${SHOTS}/sctp-failover-projector-1280.png` });
  expect(errors).toEqual([]);
});

test('hol-streams: one lane per stream, TCP blocked while SCTP streams deliver; voip-pr-sctp skips the messages it abandoned; a run without deliveries says so', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  // At 2.1 s, after both flows' losses at 1.1 s: the blocked TCP lane and the SCTP lanes drawn solid.
  await page.goto('/?preset=hol-streams&t=2.1');
  await ready(page);
  await page.getByTestId('panel-tab-streams').click();
  const panel = page.getByTestId('panel-streams');
  const area = panel.locator('[data-panel="streams"] .ackp-area');
  await expect(area).toBeVisible();
  const ticks = await panel
    .locator('[data-panel="streams"] svg text')
    .evaluateAll((ts) => ts.map((t) => t.textContent ?? ''));
  for (const lane of ['1 TCP', '2 s0', '2 s1', '2 s2', '2 s3']) expect(ticks).toContain(lane);
  expect(ticks).toContain('time (s)');
  await expect(area).toHaveAttribute(
    'aria-label',
    /^Deliveries to the application, one lane per stream: flow 1 \(SACK\): byte stream: \d+ delivered, longest gap [\d.]+ ms ending at [\d.]+ s, \d+ held back/,
  );
  await expect(page.getByTestId('summary-streams')).toHaveText(/^5 lanes · longest gap \d+ ms/);
  const lg = await legend(page, 'streams');
  expect(lg.some((l) => l.includes('one byte stream'))).toBe(true);
  expect(lg).toContain('held at the receiver (waiting for an earlier message)');

  // Hover a delivery: its stream, SSN and TSN, when it arrived and how long it waited.
  const box = (await area.boundingBox())!;
  const marks = await area.evaluate((el) => {
    const out: { x: number; y: number }[] = [];
    for (const g of el.querySelectorAll<SVGGElement>('.ackp-marks .ackp-mark')) {
      const b = g.getBoundingClientRect();
      out.push({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    }
    return out;
  });
  expect(marks.length).toBeGreaterThan(10);
  const lastLane = marks.reduce((a, m) => (m.y > a.y ? m : a));
  await page.mouse.move(lastLane.x, lastLane.y);
  const tip = panel.locator('.ackp-tooltip');
  await expect(tip).toContainText(/stream 3 · SSN \d+ · TSN \d+/);
  await expect(tip).toContainText(/delivered at [\d.]+ s/);
  expect(box.width).toBeGreaterThan(300);
  await page.screenshot({ path: `${SHOTS}/hol-streams-light.png` });

  await openInPage(page, '/?preset=hol-streams&t=2.1&theme=dark&panels=router,streams,log');
  await ready(page);
  await expect(page.getByTestId('panel-streams').locator('[data-panel="streams"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/hol-streams-dark.png` });

  await openInPage(page, '/?preset=hol-streams&t=2.1&theme=projector&panels=router,streams,log');
  await ready(page);
  await expect(page.getByTestId('panel-streams').locator('[data-panel="streams"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/hol-streams-projector.png` });
  // PR-SCTP (voip-pr-sctp): the stream skips the messages it abandoned.
  await openInPage(page, '/?preset=voip-pr-sctp&panels=router,streams,log&zoom=full&t=59');
  await ready(page);
  const voipPanel = page.getByTestId('panel-streams');
  await expect(voipPanel.locator('[data-panel="streams"] .ackp-area')).toHaveAttribute(
    'aria-label',
    /: flow 1 \(SCTP.*\): stream 0: \d+ delivered, .*, \d+ never delivered; flow 2 /,
  );
  expect(await legend(page, 'streams')).toContain('messages never delivered (SSNs skipped)');
  await page.screenshot({ path: `${SHOTS}/voip-pr-sctp-streams-light.png` });
  // A single-homed run without deliveries: the panels say what is missing.
  await openInPage(page, '/?preset=ff-3-drops&sender=sctp-4960&panels=router,streams,log');
  await ready(page);
  await expect(page.getByTestId('streams-empty')).toHaveText(
    /^No deliveries recorded: a run keeps per-message delivery/,
  );
  await page.getByTestId('panel-tab-cwnd').click();
  await expect(page.getByTestId('panel-cwnd').locator('[data-paths]')).toHaveCount(0);
  await expect(page.getByTestId('router-choice-0')).toHaveCount(0);
  await expect(page.getByTestId('explanation-log').locator('.log-path-row')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('sctp-failover under profile ns2: a HEARTBEAT path row says what RFC 4960 would do instead; mobile-multihomed-cmt: both paths through the shared router', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(
    '/?preset=sctp-failover&profile=ns2&hb=1&pmr=2&fail=primary@3.3&repair=primary@7.5&t=8.95',
  );
  await ready(page);
  const log = page.getByTestId('explanation-log');
  // The HEARTBEAT ns-2 resends to the failed primary as soon as the previous one timed out.
  const row = log.locator('.log-path-row[data-path-event="heartbeat"]', { hasText: '8.9156' });
  await expect(row).toBeVisible();
  await expect(row.locator('.log-head')).toHaveText('HEARTBEAT to K0');
  await expect(row.locator('.log-note')).toBeVisible();
  await expect(row.locator('.log-note')).toContainText(
    'RFC text RFC 4960 would send the next HEARTBEAT to this path RTO + HB.interval ± RTO/2 after the unanswered one, with its backed-off RTO of 2 s; ns-2.35 resends it as soon as the HEARTBEAT times out',
  );
  await expect(row.locator('.log-note-source')).toHaveText(
    'RFC 4960 §8.3; ns-2 sctp.cc Timeout (SendHeartbeat)',
  );
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/sctp-failover-ns2-heartbeat-note.png` });
  await openInPage(
    page,
    '/?preset=sctp-failover&profile=ns2&hb=1&pmr=2&fail=primary@3.3&repair=primary@7.5&t=8.95&theme=projector',
  );
  await ready(page);
  await expect(row.locator('.log-note')).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/sctp-failover-ns2-heartbeat-note-projector.png` });
  // Under rfc the HEARTBEAT that recovers K0 comes from its own timer (10.0145 s): no note.
  await openInPage(
    page,
    '/?preset=sctp-failover&profile=rfc&hb=1&pmr=2&fail=primary@3.3&repair=primary@7.5&t=10.05',
  );
  await ready(page);
  const rfcRow = log.locator('.log-path-row[data-path-event="heartbeat"]', { hasText: '10.0145' });
  await expect(rfcRow).toBeVisible();
  await expect(rfcRow.locator('.log-head')).toHaveText('HEARTBEAT to K0');
  await expect(rfcRow.locator('.log-note')).toHaveCount(0);
  // mobile-multihomed-cmt: both paths carry data through the shared router.
  await openInPage(page, '/?preset=mobile-multihomed-cmt&t=10.2&zoom=10-10.6');
  await ready(page);
  // One router (n1) carries both paths: no router choice, both paths' glyphs in the plot.
  await expect(page.getByTestId('router-choice-0')).toHaveCount(0);
  const rl = await legend(page, 'router');
  expect(rl).toContain('path S→M0 (primary): ■ arrival □ departure ○ ACK');
  expect(rl).toContain('path S→M1: ▲ arrival △ departure ⊙ ACK');
  await expect(
    page.getByTestId('panel-router').locator('[data-panel="router"] .ackp-area'),
  ).not.toHaveAttribute('data-aggregate', /./);
  await expect(page.getByTestId('panel-cwnd').locator('[data-paths="2"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/mobile-multihomed-cmt-light.png` });
  expect(errors).toEqual([]);
});
