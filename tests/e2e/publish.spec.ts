/**
 * The published site: the built dist/ served at /some/sub/path/ by the static server of
 * `npm run preview:dist` (sirv, no Vite), as a GitHub Pages project site or a university web
 * space would serve it. A class's journey: the default scenario plays, a preset link opens,
 * the engine's worker runs and the fingerprint equals the CLI's for the same link; then with
 * the network off (and the server gone), a reload and another preset work the same.
 */
import { expect, test } from '@playwright/test';
import {
  cliFingerprint,
  DIST,
  fingerprintShown,
  playsForAWhile,
  serve,
  serviceWorkerReady,
  SHOTS,
  SUB,
  watch,
  type Site,
} from './site';

test.use({ serviceWorkers: 'allow', viewport: { width: 1280, height: 720 } });

let site: Site | null = null;
test.beforeEach(async () => {
  site = await serve(DIST, SUB);
});
test.afterEach(async () => {
  await site?.close();
  site = null;
});

test('built site under a sub-path: plays, opens a preset, fingerprints equal the CLI’s; offline the same', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const w = watch(page);
  const url = site!.url;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/some\/sub\/path\/$/);

  // The default scenario, at the site's address: the app keeps to its path.
  await page.goto(url);
  const fp = await fingerprintShown(page);
  expect(new URL(page.url()).pathname).toBe(SUB);
  expect(new URL(page.url()).searchParams.get('preset')).toBe('ff-3-drops');
  expect(fp).toBe(cliFingerprint(page.url()));
  await playsForAWhile(page);
  // Every file came from under the sub-path, the engine's worker among them.
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  expect(loaded.filter((p) => !p.startsWith(SUB))).toEqual([]);
  expect(loaded.some((p) => /^\/some\/sub\/path\/assets\/engine\.worker-[\w-]+\.js$/.test(p))).toBe(
    true,
  );

  // A preset link (Caro et al.'s SCTP run) opens with no error; same fingerprint as the CLI.
  const preset = `${url}?preset=caro-fig3-2-drops&sender=sctp-2960`;
  await page.goto(preset);
  const fpPreset = await fingerprintShown(page);
  expect(fpPreset).toBe(cliFingerprint(page.url()));
  await expect(page.getByTestId('panel-router').locator('canvas, svg').first()).toBeVisible();

  // The offline worker has precached the site, scoped to the sub-path.
  const sw = await serviceWorkerReady(page);
  expect(sw).toEqual({ scope: `${new URL(url).origin}${SUB}`, state: 'activated' });
  const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifest).toBe('./manifest.webmanifest');

  // Network off, and the host gone: reload, play, open a preset never opened online.
  await context.setOffline(true);
  await site!.close();
  site = null;
  await page.reload();
  expect(await fingerprintShown(page)).toBe(fpPreset);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await playsForAWhile(page);
  const failover = `${url}?preset=sctp-failover`;
  await page.goto(failover);
  expect(await fingerprintShown(page)).toBe(cliFingerprint(page.url()));
  await page.goto(url);
  expect(await fingerprintShown(page)).toBe(fp);
  await playsForAWhile(page);
  await page.screenshot({ path: `${SHOTS}/publish-offline-subpath.png` });
  expect(w.problems).toEqual([]);
});

test('the installable manifest and its icons are served from the sub-path', async ({ page }) => {
  const w = watch(page);
  await page.goto(site!.url);
  await fingerprintShown(page);
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    const res = await fetch(href);
    return { href, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(new URL(manifest.href).pathname).toBe(`${SUB}manifest.webmanifest`);
  expect(manifest.type).toBe('application/manifest+json');
  expect(manifest.body).toMatchObject({
    short_name: 'ackclock',
    start_url: './',
    scope: './',
    display: 'standalone',
  });
  const icons = manifest.body.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  // Each icon loads (relative to the manifest: under the sub-path) and is the size it says.
  for (const icon of icons.filter((i) => i.sizes !== 'any')) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = new URL(
        src,
        document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href,
      ).href;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(size).toBe(icon.sizes);
  }
  expect(w.problems).toEqual([]);
});
