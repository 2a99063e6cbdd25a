// `npm run preview:dist`: serve the built site (`dist/`, from `npm run build`) under a sub-path
// with a plain static file server (sirv on node:http, no Vite), as a static host would —
// GitHub Pages' project site, a university web space — and print its address.
//
//   npm run preview:dist [-- --base /ackclock/] [--port 4174] [--host 127.0.0.1] [--dir dist]
//
// Every response carries the site's security headers (site-headers.mjs: the page's
// Content-Security-Policy with `frame-ancestors 'self'`, nosniff, no referrer). Hashed files
// under assets/ may be cached for a year; everything else (index.html, sw.js, the manifest) is
// revalidated on each load, so a new version is found at once.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import { MAX_REQUEST_HEADER_BYTES, metaPolicyOfFile, securityHeaders } from './site-headers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The sub-path `npm run preview:dist` serves the site under unless told otherwise. */
export const DEFAULT_BASE = '/ackclock/';
export const DEFAULT_PORT = 4174;

/** `/a/b`, `a/b/` or `/a/b/` → `/a/b/`; `/` stays `/`. Throws on anything else. */
export function normaliseBase(base) {
  const b = `/${String(base).replace(/^\/+|\/+$/g, '')}/`.replace(/\/+/g, '/');
  if (!/^\/([A-Za-z0-9._~-]+\/)*$/.test(b) || b.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`--base must be a path such as /ackclock/ (got "${base}")`);
  return b;
}

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * A static file server for `dir` under `base` (`/some/sub/path/`): GET and HEAD only; the base
 * without its slash is redirected to it (relative URLs need it), `/` to the base, and any
 * other path outside it is a 404. `headers` go on every response. Resolves when listening;
 * `port` 0 takes a free port.
 *
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startSiteServer({
  dir,
  base = '/',
  host = '127.0.0.1',
  port = 0,
  headers = {},
}) {
  const prefix = normaliseBase(base);
  const files = sirv(resolve(dir), {
    dev: false,
    etag: true,
    extensions: ['html'],
    setHeaders: (res, pathname) =>
      res.setHeader(
        'Cache-Control',
        /^\/assets\//.test(pathname) ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache',
      ),
  });
  const text = (res, code, body, extra = {}) => {
    res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    res.end(body);
  };
  const server = createServer({ maxHeaderSize: MAX_REQUEST_HEADER_BYTES }, (req, res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return text(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    if (prefix !== '/' && url.pathname === prefix.slice(0, -1))
      return text(res, 301, '', { Location: `${prefix}${url.search}` });
    if (prefix !== '/' && url.pathname === '/') return text(res, 302, '', { Location: prefix });
    if (!url.pathname.startsWith(prefix))
      return text(res, 404, `Not found. The site is at ${prefix}\n`);
    req.url = `/${url.pathname.slice(prefix.length)}${url.search}`;
    files(req, res, () => text(res, 404, 'Not found\n'));
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}${prefix}`,
    port: actualPort,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

/** The security headers of the built site in `dir` (its index.html's policy). */
export function siteHeadersOf(dir) {
  return securityHeaders(metaPolicyOfFile(join(dir, 'index.html')));
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: DEFAULT_BASE },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: join(root, 'dist') },
    },
  });
  const dir = resolve(values.dir);
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`ackclock: ${dir} has no index.html; build the site first: npm run build`);
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`ackclock: --port must be a port number (got "${values.port}")`);
    process.exit(2);
  }
  let site;
  try {
    site = await startSiteServer({
      dir,
      base: values.base,
      host: values.host,
      port,
      headers: siteHeadersOf(dir),
    });
  } catch (err) {
    const why = err?.code === 'EADDRINUSE' ? `port ${port} is in use (try --port 0)` : err?.message;
    console.error(`ackclock: could not serve ${dir}: ${why ?? err}`);
    process.exit(1);
  }
  console.log(`ackclock (built site ${dir}) is served at ${site.url} (Ctrl-C to stop)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
