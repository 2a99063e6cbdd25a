/**
 * Helpers of the specs of the published site (publish, offline, embed): the built `dist/`
 * served by `npm run preview:dist`'s static server (scripts/serve-dist.mjs: sirv, no Vite) at
 * a sub-path, the CLI's fingerprint of a link, and what went wrong in a page.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { siteHeadersOf, startSiteServer } from '../../scripts/serve-dist.mjs';

export const DIST = 'dist';
export const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** The sub-path the site is published at in these tests. */
export const SUB = '/some/sub/path/';

export type Site = Awaited<ReturnType<typeof startSiteServer>>;

/**
 * A host's folder tree in a temporary directory: a copy of dist/ at `appPath` (`/ackclock/`)
 * and other pages of the host (path → HTML). Returns the tree's root; `remove()` deletes it.
 */
export function hostTree(
  appPath: string,
  pages: Record<string, string> = {},
): { root: string; app: string; remove: () => void } {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('dist/ is missing: run `npx vite build` before the browser tests');
  const root = mkdtempSync(join(tmpdir(), 'ackclock-site-'));
  const app = join(root, ...appPath.split('/').filter(Boolean));
  cpSync(DIST, app, { recursive: true });
  for (const [path, html] of Object.entries(pages)) {
    const file = join(root, ...path.split('/').filter(Boolean));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  return { root, app, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Serve `dir` at `base` with the site's own headers (those of dist/index.html's policy). */
export function serve(dir: string, base: string, port = 0): Promise<Site> {
  return startSiteServer({ dir, base, port, headers: siteHeadersOf(DIST) });
}

/** The fingerprint `npm run sim` prints for a link copied from the app (view keys ignored). */
export function cliFingerprint(link: string): string {
  const out = execFileSync(
    process.execPath,
    ['scripts/sim.mjs', link, '--out', 'summary', '--format', 'json'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  const fp = (JSON.parse(out) as { fingerprint?: unknown }).fingerprint;
  if (typeof fp !== 'string') throw new Error(`no fingerprint in the CLI's summary of ${link}`);
  return fp;
}

/**
 * Console errors, page errors, failed requests and HTTP errors of a page, as they happen. A
 * request the browser itself cancels (net::ERR_ABORTED: the page navigated on while its favicon
 * was still loading — seen once offline under load) is not the site's failure: a file missing
 * from the host or the offline cache fails otherwise (HTTP 404, ERR_INTERNET_DISCONNECTED,
 * ERR_FAILED) and still counts.
 */
export function watch(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${error})`);
  });
  return { problems };
}

/** The run on screen has its fingerprint (the worker ran, the WebAssembly hash too). */
export async function fingerprintShown(page: Page): Promise<string> {
  const fp = page.getByTestId('fingerprint');
  await expect(fp).toHaveText(/^ac3-[0-9a-f]{16}$/, { timeout: 30_000 });
  return (await fp.textContent()) ?? '';
}

/** The 1-based event number in the transport readout (`event 12 / 400 · …`). */
export async function eventShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('readout').textContent()) ?? '';
  const m = /event (\d+) \//.exec(text);
  if (!m) throw new Error(`readout without an event number: "${text}"`);
  return Number(m[1]);
}

/** Press Play, see the cursor move, pause again: the run plays. */
export async function playsForAWhile(page: Page): Promise<void> {
  const before = await eventShown(page);
  await page.getByRole('button', { name: 'Play (Space)' }).click();
  await expect.poll(() => eventShown(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
  await page.getByRole('button', { name: 'Pause (Space)' }).click();
}

/**
 * The page's service worker once activated (it has then precached the whole site), or its state
 * when it is not activated within 30 s (`none`: no worker active). `navigator.serviceWorker.ready`
 * resolves as soon as a worker is active, which may still be `activating`: the activate event's
 * work (clearing old caches) has not ended, so this waits for the state change too.
 */
export async function serviceWorkerReady(page: Page): Promise<{ scope: string; state: string }> {
  return page.evaluate(async () => {
    const deadline = new Promise<null>((ok) => setTimeout(() => ok(null), 30_000));
    const reg = await Promise.race([navigator.serviceWorker.ready, deadline]);
    const active = reg?.active;
    if (active && active.state !== 'activated') {
      const activated = new Promise<void>((ok) => {
        const seen = () => {
          if (active.state === 'activated') ok();
        };
        active.addEventListener('statechange', seen);
        seen();
      });
      await Promise.race([activated, deadline]);
    }
    return { scope: reg?.scope ?? '', state: reg?.active?.state ?? 'none' };
  });
}
