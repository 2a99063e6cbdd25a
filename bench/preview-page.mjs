// What the browser benches share (bench/ui-browser.mjs, bench/sweep-browser.mjs): their
// command-line options, the built site served by `vite preview` on a free port, and the system
// Chromium (scripts/chromium-path.mjs) launched as the Playwright tests launch it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../scripts/chromium-path.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The build to serve (`--dist`, default dist/) as an absolute path; exits 1 when it is missing. */
export function builtDist() {
  const dist = resolve(ROOT, arg('dist', 'dist'));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`no build in ${dist}: run \`npm run build\` first (or pass --dist <dir>)`);
    process.exit(1);
  }
  return dist;
}

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * Serve `dist` with `vite preview` on a free port and launch Chromium; `body(browser, base)` runs
 * with both, which are closed after it (also when it throws).
 * @param {string} dist the build's directory
 * @param {(browser: import('@playwright/test').Browser, base: string) => Promise<void>} body
 */
export async function withPreview(dist, body) {
  const port = await freePort();
  const server = spawn(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['preview', '--outDir', dist, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  let browser;
  try {
    await waitFor(base, 30_000);
    const executablePath = chromiumPath();
    browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
    });
    await body(browser, base);
  } finally {
    await browser?.close();
    server.kill();
  }
}
