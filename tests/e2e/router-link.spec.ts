/**
 * The `router` view key in the browser: in sctp-failover (two first routers, A0 on the primary
 * path, A1 on the alternate) a press in the router plot shows A1 there and in the queue view,
 * the address gets `router=A1`, a reload keeps it; a router the run does not have is named in
 * the banner and A0 shown.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
}

const routerKey = (page: Page) => new URL(page.url()).searchParams.get('router');

test('router=: one router for the router plot and the queue view, kept in the link', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?preset=sctp-failover');
  await ready(page);
  const router = page.getByTestId('panel-router');
  await expect(router.getByTestId('router-choice-0')).toHaveAttribute('aria-pressed', 'true');
  expect(routerKey(page)).toBeNull();

  // A1 in the router plot: the address says so, and the queue view shows A1's queue too.
  await router.getByTestId('router-choice-1').click();
  await expect(router.getByTestId('router-choice-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(router.getByTestId('router-choice-0')).toHaveAttribute('aria-pressed', 'false');
  await expect(router.locator('.ackp-title')).toContainText('Router A1 → B1');
  await expect(page.getByTestId('summary-router')).toHaveText(/^A1: \d+ arrivals/);
  await expect.poll(() => routerKey(page)).toBe('A1');
  await page.getByTestId('panel-tab-queue').click();
  const queue = page.getByTestId('panel-queue');
  await expect(queue.getByTestId('queue-choice-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(queue.locator('.ackp-title')).toHaveText('Topology and queue · A1→B1');

  // A reload keeps A1 in both panels (once the address has the queue tab too).
  await expect.poll(() => new URL(page.url()).searchParams.get('panels')).toContain('queue');
  await page.reload();
  await ready(page);
  expect(routerKey(page)).toBe('A1');
  await expect(router.getByTestId('router-choice-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(router.locator('.ackp-title')).toContainText('Router A1 → B1');
  await expect(queue.getByTestId('queue-choice-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(queue.locator('.ackp-title')).toHaveText('Topology and queue · A1→B1');
  await page.screenshot({ path: `${SHOTS}/router-link-a1.png` });

  // Back to A0 from the queue view: the router plot follows, the key goes.
  await queue.getByTestId('queue-choice-0').click();
  await expect(router.locator('.ackp-title')).toContainText('Router A0 → B0');
  await expect.poll(() => routerKey(page)).toBeNull();

  // A router this run does not have: named in the banner, A0 shown, the rest of the link kept.
  await page.goto('/?preset=sctp-failover&router=Z9&theme=dark');
  await ready(page);
  await expect(page.getByTestId('url-error')).toContainText(
    'router: “Z9” is not a router this run can show (A0, A1); showing A0',
  );
  await expect(router.getByTestId('router-choice-0')).toHaveAttribute('aria-pressed', 'true');
  await expect(router.locator('.ackp-title')).toContainText('Router A0 → B0');
  await expect.poll(() => routerKey(page)).toBeNull();
  expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');
  expect(errors).toEqual([]);
});
