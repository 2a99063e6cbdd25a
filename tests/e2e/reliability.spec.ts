/**
 * Hostile and heavy links: the app never leaves a blank page, never runs script or injects
 * markup from the address, shows a readable error for each problem, and is served with a
 * Content-Security-Policy that the engine's run (worker + WebAssembly) passes without a
 * violation.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

interface Watch {
  errors: string[];
  csp: string[];
  dialogs: string[];
}

/** Console errors, page errors, CSP violations and dialogs (a dialog fails the test). */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { errors: [], csp: [], dialogs: [] };
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) w.csp.push(text);
    if (msg.type() === 'error') w.errors.push(text);
  });
  page.on('pageerror', (err) => w.errors.push(err.message));
  page.on('dialog', (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  return w;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
}

/** Elements or script effects that only an injection could have made. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const scripts = [...document.querySelectorAll('script')].filter(
      (s) => !(s.type === 'module' && /\/assets\/index-[\w-]+\.js$/.test(s.src)),
    );
    for (const s of scripts) found.push(`script ${s.outerHTML.slice(0, 80)}`);
    for (const el of document.querySelectorAll(
      'img, iframe, object, embed, frame, base, form[action], meta[http-equiv="refresh"]',
    ))
      found.push(el.outerHTML.slice(0, 80));
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.getAttributeNames())
        if (a.toLowerCase().startsWith('on')) found.push(`${el.tagName} ${a}`);
      const href = el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '';
      if (/^\s*(javascript|data|vbscript):/i.test(href)) found.push(`${el.tagName} href=${href}`);
    }
    if ((window as unknown as { __pwned?: unknown }).__pwned !== undefined)
      found.push('window.__pwned');
    return found;
  });
}

/** The page shows the app (or its failure page) with some readable text: never blank. */
async function notBlank(page: Page): Promise<void> {
  await expect(page.locator('#root .app')).toHaveCount(1, { timeout: 20_000 });
  const text = (await page.locator('#root').innerText()).trim();
  expect(text.length).toBeGreaterThan(20);
}

test('the long compare link (100 k cwnd samples per run) shows the app and both runs, not a blank page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const w = await watch(page);
  const link =
    '/?preset=fall-floyd&sender=reno&window=10000&queue=10000&stop=1000&compare=reno,newreno';
  await page.goto(link);
  await notBlank(page);
  // Either the runs complete, or the budget refuses them with a message: never a blank page.
  const done = page.getByTestId('compare-newreno');
  const refused = page.getByTestId('url-error').filter({ hasText: /compare:/ });
  await expect(done.or(refused)).toBeVisible({ timeout: 90_000 });
  if (await done.isVisible()) {
    await expect(page.getByTestId('compare-reno')).toBeVisible();
    await expect(page.getByTestId('divergence')).toBeVisible();
    await expect(page.getByTestId('panel-error')).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/compare-long-run.png` });
  // Reloading the same link works again (the state in the address does not crash it).
  await page.reload();
  await notBlank(page);
  await expect(done.or(refused)).toBeVisible({ timeout: 90_000 });
  expect(w.dialogs).toEqual([]);
  expect(w.errors).toEqual([]);
});

test('a 20,000-character address loads the app and says what the limit is', async ({ page }) => {
  const w = await watch(page);
  const base = '/?preset=ff-1-drops&sender=reno&drops=';
  const link = base + '15,'.repeat(Math.ceil((20_000 - base.length) / 3));
  expect(link.length).toBeGreaterThanOrEqual(20_000);
  const res = await page.goto(link);
  expect(res?.status()).toBe(200);
  await notBlank(page);
  const banner = page.getByTestId('url-error');
  await expect(banner).toContainText(/query: [\d,]+ characters; the limit is 4,096/);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await page.screenshot({ path: `${SHOTS}/long-address.png` });
  expect(page.url().length).toBeGreaterThanOrEqual(20_000);
  expect(w.dialogs).toEqual([]);
  expect(w.errors).toEqual([]);
});

/** Hostile links: each must give a readable error, no dialog, no injected element. */
const HOSTILE: string[] = [
  '?sender=<script>alert(1)</script>',
  '?sender=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '?preset=<img src=x onerror=alert(1)>',
  '?preset=ff-1-drops&drops=<svg/onload=alert(1)>',
  '?theme="><script>window.__pwned=1</script>',
  '?theme=dark" onload="alert(1)',
  '?compare=javascript:alert(1)',
  '?e=javascript:alert(document.domain)',
  '?preset=javascript:alert(1)//',
  '?%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1',
  '?mod=<iframe src=javascript:alert(1)>',
  '?sender=%E2%80%AEonerq', // right-to-left override
  '?sender=r%C3%A9no%F0%9F%98%80',
  '?preset=ff-1-drops&sender=%00reno',
  '?drops=%E0%A4%A',
  '?predict=%F0%9F%92%A5&units=%E2%80%8B',
  '?stop=1e308',
  '?window=99999999999999999999999999999',
  '?bw=-0&delay=NaN&loss=Infinity',
  '?e=99999999999999999999999999999999',
  '?zoom=0-1e999',
  `?zoom=0-${'9'.repeat(400)}`,
  '?t=-1&mod=1e999',
  '?sender=reno&sender=newreno&sender=sack',
  '?preset=ff-1-drops&preset=ff-2-drops&e=1&e=2',
  '?compare=reno,reno',
  '?preset=__proto__&constructor=1&toString=1',
  '?__proto__%5Bpolluted%5D=1',
  '?v=3',
  '?&&&==&',
  `?drops=${'1,'.repeat(1500)}`,
  `?preset=alamgir-fig8&stop=2000&bw=1e10&window=10000`,
  `?${'a=1&'.repeat(900)}`,
];

/**
 * The links a page is opened on (the markup and script payloads: `<`, `%3C`, `javascript:`, an
 * `onload=`/`onerror=` attribute; pictured): the others are opened in that page as back/forward
 * would (inPage.ts). An address with problems takes the same
 * path either way (applyLocation; nothing is written back to the address), and every hostile
 * link starts a run in the page (checked: openInPage waits for it), so each link's banner and
 * DOM are its own.
 */
const PAGE_LOADED = (link: string) => /<|%3C|javascript:|\bon(load|error)=/i.test(link);

test('hostile links: no dialog, no injected element, a readable error for each', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const w = await watch(page);
  const unreadable: string[] = [];
  const injections: string[] = [];
  for (const [i, link] of HOSTILE.entries()) {
    const address = `/${link}#<img src=x onerror=alert(1)>`;
    if (i === 0 || PAGE_LOADED(link)) await page.goto(address);
    else await openInPage(page, address);
    await notBlank(page);
    const banner = page.getByTestId('url-error').or(page.getByTestId('app-error'));
    try {
      await expect(banner.first()).toBeVisible({ timeout: 15_000 });
      const text = (await banner.first().innerText()).trim();
      if (text.length < 20) unreadable.push(`${link}: "${text}"`);
    } catch {
      unreadable.push(`${link}: no error shown`);
    }
    // The app itself still runs a scenario.
    await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 20_000 });
    for (const x of await injected(page)) injections.push(`${link}: ${x}`);
    if (PAGE_LOADED(link)) await page.screenshot({ path: `${SHOTS}/hostile-${i}.png` });
  }
  expect(w.dialogs).toEqual([]);
  expect(injections).toEqual([]);
  expect(unreadable).toEqual([]);
  expect(w.errors).toEqual([]);
});

test('Content-Security-Policy, nosniff and frame headers are sent; a run passes the policy', async ({
  page,
}) => {
  const w = await watch(page);
  const res = await page.goto('/?preset=ff-3-drops&sender=sack');
  const h = res!.headers();
  expect(h['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  expect(h['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  expect(h['content-security-policy']).not.toMatch(/unsafe-inline|'unsafe-eval'/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('SAMEORIGIN');
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(meta).toMatch(/default-src 'self'/);
  expect(meta).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  expect(meta).toMatch(/object-src 'none'/);
  expect(meta).not.toMatch(/unsafe-inline|'unsafe-eval'|frame-ancestors/);
  // The run completes: worker, WebAssembly hash (fingerprint) and plots under the policy.
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  await expect(page.getByTestId('panel-router').locator('canvas, svg').first()).toBeVisible();
  // The worker script is served with the same policy.
  const worker = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .find((n) => /engine\.worker/.test(n)),
  );
  expect(worker).toBeTruthy();
  const wres = await page.request.get(worker!);
  expect(wres.headers()['content-security-policy']).toMatch(/'wasm-unsafe-eval'/);
  expect(wres.headers()['x-content-type-options']).toBe('nosniff');
  // Export still works under the policy (SVG and PNG are built from blobs).
  await page.getByRole('button', { name: 'PNG' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/csp-run.png` });
  expect(await violations(page)).toEqual([]);
  expect(w.csp).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(w.dialogs).toEqual([]);
});

test('an app that cannot start (WebAssembly refused) says so instead of a blank page', async ({
  page,
}) => {
  const w = await watch(page);
  // Serve the page with 'wasm-unsafe-eval' taken out of its <meta> policy.
  await page.route(/^https?:\/\/[^/]+\/(\?[^#]*)?$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(/(script-src 'self') 'wasm-unsafe-eval'/, '$1');
    await route.fulfill({ response: res, body });
  });
  await page.goto('/?preset=ff-1-drops&sender=reno');
  const failed = page.getByTestId('app-error');
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed).toContainText('ackclock could not start');
  await expect(failed).toContainText(/WebAssembly|wasm/i);
  await expect(failed.getByRole('link', { name: 'Open the default scenario' })).toHaveAttribute(
    'href',
    '/',
  );
  await page.screenshot({ path: `${SHOTS}/start-failure.png` });
  expect(w.dialogs).toEqual([]);
});
