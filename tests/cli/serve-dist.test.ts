// `npm run preview:dist`'s static server (scripts/serve-dist.mjs) on a small site in a
// temporary folder: the sub-path, its redirects, the headers and the caching of each kind of file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseBase, siteHeadersOf, startSiteServer } from '../../scripts/serve-dist.mjs';

const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'";
const INDEX = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${POLICY}" /></head><body>app</body></html>`;

let dir = '';
let site: Awaited<ReturnType<typeof startSiteServer>>;
let origin = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ackclock-serve-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'sw.js'), 'self.x = 1;');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'export {};');
  site = await startSiteServer({
    dir,
    base: '/some/sub/path/',
    headers: siteHeadersOf(dir),
  });
  origin = new URL(site.url).origin;
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) =>
  fetch(`${origin}${path}`, { redirect: 'manual', ...init });

describe('preview:dist server', () => {
  it('serves the site at its sub-path, with a query too, and says where it is', async () => {
    expect(site.url).toBe(`${origin}/some/sub/path/`);
    for (const path of [
      '/some/sub/path/',
      '/some/sub/path/index.html',
      '/some/sub/path/?preset=ff-3-drops&e=4',
    ]) {
      const res = await get(path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        200,
        'text/html;charset=utf-8',
      ]);
      expect(await res.text()).toBe(INDEX);
    }
    expect((await get('/some/sub/path/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json',
    );
  });

  it('redirects the sub-path without its slash (relative URLs need it) and the root to it', async () => {
    const a = await get('/some/sub/path?preset=ff-1-drops');
    expect([a.status, a.headers.get('location')]).toEqual([
      301,
      '/some/sub/path/?preset=ff-1-drops',
    ]);
    const b = await get('/');
    expect([b.status, b.headers.get('location')]).toEqual([302, '/some/sub/path/']);
  });

  it('answers 404 outside the sub-path and for missing files, 405 for other methods', async () => {
    const outside = await get('/assets/index-abc123.js');
    expect(outside.status).toBe(404);
    expect(await outside.text()).toBe('Not found. The site is at /some/sub/path/\n');
    expect((await get('/some/sub/path/nope.js')).status).toBe(404);
    expect((await get('/some/sub/path/../../../etc/passwd')).status).toBe(404);
    const post = await get('/some/sub/path/', { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('sends the page’s policy with frame-ancestors, nosniff and no referrer on every response', async () => {
    for (const path of ['/some/sub/path/', '/some/sub/path/assets/index-abc123.js', '/elsewhere']) {
      const h = (await get(path)).headers;
      expect(h.get('content-security-policy')).toBe(`${POLICY}; frame-ancestors 'self'`);
      expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('lets hashed assets be cached for a year; index.html, sw.js and the manifest are revalidated', async () => {
    expect((await get('/some/sub/path/assets/index-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const f of ['', 'sw.js', 'manifest.webmanifest'])
      expect((await get(`/some/sub/path/${f}`)).headers.get('cache-control')).toBe('no-cache');
    const etag = (await get('/some/sub/path/sw.js')).headers.get('etag');
    expect(etag).toBeTruthy();
    expect(
      (await get('/some/sub/path/sw.js', { headers: { 'if-none-match': etag! } })).status,
    ).toBe(304);
  });

  it('accepts a long link (1 MiB of request head, as the dev server does)', async () => {
    const res = await get(`/some/sub/path/?preset=ff-1-drops&x=${'a'.repeat(60_000)}`);
    expect(res.status).toBe(200);
  });
});

describe('normaliseBase', () => {
  it('writes a base with both slashes, and refuses what is not a path', () => {
    expect(normaliseBase('ackclock')).toBe('/ackclock/');
    expect(normaliseBase('/a/b')).toBe('/a/b/');
    expect(normaliseBase('/a//b/')).toBe('/a/b/');
    expect(normaliseBase('/')).toBe('/');
    for (const bad of ['/a/../b/', '/a b/', '/%2e%2e/', 'http://x/'])
      expect(() => normaliseBase(bad)).toThrow(/--base must be a path/);
  });
});
