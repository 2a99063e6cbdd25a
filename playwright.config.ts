import { spawnSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

// The system Chromium (CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium:
// scripts/chromium-path.mjs); otherwise a browser Playwright installed itself.
const executablePath = chromiumPath();

/**
 * The preview server's port: ACKCLOCK_E2E_PORT when set, else a free port the OS picks at start
 * (a fixed port fails when another server holds it, and reusing one silently tests another
 * build). It is written to the environment so the test workers, which load this file again,
 * use the same one.
 */
function e2ePort(): number {
  const given = process.env.ACKCLOCK_E2E_PORT;
  if (given) return Number(given);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
  const port = Number(probe.stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error('could not find a free port');
  process.env.ACKCLOCK_E2E_PORT = String(port);
  return port;
}

const port = e2ePort();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Both cores, in CI too (a 2-core machine: each worker's Chromium and the preview server
  // share them). ACKCLOCK_E2E_WORKERS overrides.
  workers: Number(process.env.ACKCLOCK_E2E_WORKERS ?? 2),
  // Playwright's default of 30 s per test assumed one worker; two workers on two cores make a
  // test up to about twice as slow under load, so 60 s (specs that run long set their own).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one for every test (to keep it only on failure) doubled the
    // tier's CPU time. To debug a failure: `npx playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The built site registers an offline service worker that precaches every file after the
    // first load. The specs of the app itself run without it (each test is a fresh profile, so
    // it would only add a background download to every test); the specs of the published site
    // (publish, offline, embed) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // Serves the production build (`npm test` runs `vite build` first) as a static host would:
  // scripts/serve-dist.mjs (sirv, the site's security headers, no compression) at the root. Vite's
  // preview server gzips every response anew: 1.9 MB of script per page load, about 9 CPU s of
  // the suite's.
  webServer: {
    command: `node scripts/serve-dist.mjs --base / --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
