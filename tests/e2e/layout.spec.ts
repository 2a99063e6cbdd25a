/**
 * The classroom layout (issue 10): at 1280×720 and 1440×900, in the light and the projector
 * theme, every preset shows the transport bar, the router plot, the cwnd plot and the
 * explanation log without scrolling (compare presets: every run's row). Screenshots of a few.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios/presets';

const SHOTS = 'artifacts/screenshots/layout';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'projector'] as const;
/** Screenshots saved, as `preset theme width` (every preset is checked; a few are pictured). */
const SHOTS_OF = new Set([
  'ff-3-drops light 1280',
  'ff-3-drops projector 1280',
  'ff-3-drops light 1440',
  'caro-fig5-2-drops light 1280',
  'caro-fig5-2-drops projector 1440',
  'caro-fig2-1-drop projector 1280',
  'geo-shared light 1280',
  'alamgir-fig9 projector 1440',
]);

/** The element's box lies inside the viewport (1 px slack for borders). */
async function inside(page: Page, loc: Locator, what: string) {
  const vp = page.viewportSize()!;
  const box = await loc.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  const b = box!;
  const where = `${what} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)} in ${vp.width}×${vp.height}`;
  expect.soft(b.width, `${where}: has width`).toBeGreaterThan(100);
  expect.soft(b.height, `${where}: has height`).toBeGreaterThan(60);
  expect.soft(b.x, where).toBeGreaterThanOrEqual(-1);
  expect.soft(b.y, where).toBeGreaterThanOrEqual(-1);
  expect.soft(b.x + b.width, where).toBeLessThanOrEqual(vp.width + 1);
  expect.soft(b.y + b.height, where).toBeLessThanOrEqual(vp.height + 1);
}

/**
 * Caro et al. Figure 5's six presets differ only in their drops (the same six rows): one of
 * them is checked at both sizes, the others at the tighter one (1280×720), to keep the spec fast.
 */
const sizesOf = (id: string) =>
  /^caro-fig5-/.test(id) && id !== 'caro-fig5-2-drops' ? VIEWPORTS.slice(0, 1) : VIEWPORTS;

for (const preset of PRESETS) {
  test(`layout: ${preset.id} fits 1280×720 and 1440×900, light and projector`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.setViewportSize(VIEWPORTS[0]);
    const comparing = (preset.compare?.length ?? 0) >= 2;
    await page.goto(
      `/?preset=${preset.id}${comparing ? `&compare=${preset.compare!.join(',')}` : ''}`,
    );
    await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 30_000 });
    for (const theme of THEMES) {
      await page.getByLabel('Theme').selectOption(theme);
      for (const vp of sizesOf(preset.id)) {
        await page.setViewportSize(vp);
        const tag = `${preset.id} ${theme} ${vp.width}×${vp.height}`;
        await inside(page, page.getByRole('region', { name: 'Playback' }), `${tag}: transport bar`);
        if (comparing) {
          const rows = page.locator('section.compare-row');
          await expect(rows).toHaveCount(preset.compare!.length);
          for (let i = 0; i < preset.compare!.length; i++)
            await inside(page, rows.nth(i), `${tag}: compare row ${i + 1}`);
        } else {
          await inside(page, page.getByTestId('panel-router'), `${tag}: router plot`);
          await inside(page, page.getByTestId('panel-cwnd'), `${tag}: cwnd plot`);
        }
        await inside(page, page.getByTestId('explanation-log'), `${tag}: log`);
        if (SHOTS_OF.has(`${preset.id} ${theme} ${vp.width}`))
          await page.screenshot({
            path: `${SHOTS}/${preset.id}-${theme}-${vp.width}x${vp.height}.png`,
          });
      }
    }
    expect(errors).toEqual([]);
  });
}
