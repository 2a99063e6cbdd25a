/**
 * A new version published while a class has the site open: the page offers "A new version of
 * ackclock is available — Reload", and Reload brings the new version (from the new service
 * worker's precache). The new version is the built site with another index.html, its revision
 * in sw.js changed to match, as the next `npm run build` of a changed page would write it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  fingerprintShown,
  hostTree,
  serve,
  serviceWorkerReady,
  SHOTS,
  watch,
  type Site,
} from './site';

test.use({ serviceWorkers: 'allow', viewport: { width: 1280, height: 720 } });

const BASE = '/ackclock/';

/** Publish "version 2" into the served folder: a new index.html and the sw.js that lists it. */
function publishNewVersion(app: string): void {
  const indexFile = join(app, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace('</title>', ' (version 2)</title>');
  writeFileSync(indexFile, html);
  const revision = createHash('md5').update(html).digest('hex');
  const swFile = join(app, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  // The precache list Workbox injected: {"revision":"…","url":"index.html"}.
  const next = sw.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${revision}$2`);
  if (next === sw) throw new Error('sw.js lists no index.html revision to change');
  writeFileSync(swFile, next);
}

test('a newly published version waits behind an update prompt; Reload brings it in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tree = hostTree(BASE);
  let site: Site | null = await serve(tree.app, BASE);
  try {
    const w = watch(page);
    const url = `${site.url}?preset=ff-1-drops&sender=newreno`;
    await page.goto(url);
    await fingerprintShown(page);
    expect(await serviceWorkerReady(page)).toMatchObject({ state: 'activated' });
    // The next load is served by the worker (the first install takes over no open page).
    await page.reload();
    await fingerprintShown(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // Publish version 2 on the same host (same port: the same origin).
    const port = site.port;
    await site.close();
    publishNewVersion(tree.app);
    site = await serve(tree.app, BASE, port);

    // The next load finds it; it installs and waits for the user's OK; version 1 still runs.
    await page.reload();
    await fingerprintShown(page);
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('A new version of ackclock is available.');
    await expect(page).not.toHaveTitle(/version 2/);
    await page.screenshot({ path: `${SHOTS}/update-prompt.png` });

    await page.evaluate(() => ((window as unknown as { before?: boolean }).before = true));
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveTitle(/\(version 2\)$/, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
      undefined,
    );
    await fingerprintShown(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, controlled: !!navigator.serviceWorker.controller };
      }),
    ).toEqual({ waiting: null, controlled: true });
    // Still the same address (the scenario is kept).
    expect(new URL(page.url()).searchParams.get('sender')).toBe('newreno');
    expect(w.problems).toEqual([]);
  } finally {
    await site?.close();
    tree.remove();
  }
});
