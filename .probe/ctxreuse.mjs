import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const busy = () => { const f = readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6])/100; };
const base = 'http://127.0.0.1:4799';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
async function open(page) { await page.goto(base + '/'); await page.getByTestId('fingerprint').filter({ hasText: /^ac3-/ }).waitFor({ timeout: 60000 }); }
const N = 6;
for (const mode of (process.argv[2] ?? 'fresh,shared').split(',')) {
  const b0 = busy(), t0 = Date.now();
  let shared = mode === 'shared' ? await browser.newContext({ serviceWorkers: 'block' }) : null;
  for (let i = 0; i < N; i++) {
    const ctx = shared ?? await browser.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await open(page);
    await page.close();
    if (!shared) await ctx.close();
  }
  if (shared) await shared.close();
  console.log(mode, 'wall', ((Date.now()-t0)/N/1000).toFixed(2), 's/page busy', ((busy()-b0)/N).toFixed(2), 'cpu-s/page');
}
await browser.close();
