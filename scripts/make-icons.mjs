// Render the app's icons (public/icons/*.png) from public/favicon.svg with the browser the
// browser tests use, so every icon is the favicon at another size. Run it again after editing
// the favicon: `node scripts/make-icons.mjs` (needs Chromium: scripts/chromium-path.mjs says which).
//
// - icon-192.png, icon-512.png: the favicon on a transparent background (manifest "any").
// - icon-maskable-512.png: the favicon at 60 % on a white square, inside the safe zone a
//   launcher's mask keeps (a circle of 80 % of the width; manifest "maskable").
// - apple-touch-icon.png (180 px): the favicon on white (iOS draws transparency black).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium-path.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, background: null },
  { file: 'icon-512.png', size: 512, scale: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.6, background: '#ffffff' },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, background: '#ffffff' },
];

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const inner = Math.round(icon.size * icon.scale);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background ?? 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({
      path: join(root, 'public', 'icons', icon.file),
      omitBackground: icon.background === null,
    });
    console.log(`public/icons/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
