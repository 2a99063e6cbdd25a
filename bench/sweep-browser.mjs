// Times the app's sweep panel in Chromium: Alamgir et al.'s Table 2 (preset alamgir-table2,
// 7 loss rates × seeds 1–30 of 1000 s, the panel's defaults) run in the page's Web Workers, one
// per core. Prints the wall time, the workers used and the table (mean ± s.d. beside the paper).
//
//   npm run build                    # or: npx vite build --outDir <dir>
//   node bench/sweep-browser.mjs     # [--dist <dir>] [--seeds 1-30] [--values 0.01,0.02] [--query preset=alamgir-table2]
//
// Uses the system Chromium (scripts/chromium-path.mjs) as the Playwright tests
// do, and serves the build with `vite preview` on a free port, stopped at the end. Not part of
// `npm test`: the full sweep takes tens of seconds.
import { arg, builtDist, withPreview } from './preview-page.mjs';

const dist = builtDist();
const query = arg('query', 'preset=alamgir-table2');
const [seedFrom, seedTo] = arg('seeds', '1-30').split('-');
const values = arg('values', null);

await withPreview(dist, async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${base}/?${query}`);
  // The single run on screen first, so it does not compete with the sweep.
  await page.getByTestId('fingerprint').filter({ hasText: /^ac3-/ }).waitFor({ timeout: 120_000 });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByTestId('sweep-toggle').click();
  const panel = page.getByTestId('panel-sweep');
  if (values) await panel.getByLabel('Values', { exact: true }).fill(values);
  await panel.getByLabel('First seed').fill(seedFrom);
  await panel.getByLabel('Last seed').fill(seedTo ?? seedFrom);
  const started = Date.now();
  await panel.getByTestId('sweep-run').click();
  const status = panel.getByTestId('sweep-status');
  await status.waitFor();
  const state = async () => status.getAttribute('data-state');
  while ((await state()) === 'running') await page.waitForTimeout(250);
  const wallS = (Date.now() - started) / 1000;
  const text = await panel.getByTestId('sweep-progress-text').textContent();
  const rows = await panel.locator('[data-testid="sweep-table"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      value: tr.getAttribute('data-value'),
      runs: tr.getAttribute('data-runs'),
      cells: [...tr.querySelectorAll('td[data-column]')].map((td) => ({
        column: td.getAttribute('data-column'),
        mean: td.getAttribute('data-mean'),
        sd: td.getAttribute('data-sd'),
        published: td.getAttribute('data-published'),
      })),
    })),
  );
  console.log(`query ${query}, seeds ${seedFrom}–${seedTo}${values ? `, values ${values}` : ''}`);
  console.log(`navigator.hardwareConcurrency ${cores} (one sweep worker each)`);
  console.log(`state ${await state()}: ${text}; ${wallS.toFixed(1)} s from Run to the last row`);
  const show = (v) => (v === '' || v === null ? '—' : Number(v).toFixed(2));
  for (const r of rows) {
    const cells = r.cells
      .filter((c) =>
        ['pct_tput_tcp', 'pct_tput_sctp', 'pct_increase', 'link_util', 'jain'].includes(c.column),
      )
      .map(
        (c) =>
          `${c.column} ${show(c.mean)} ± ${show(c.sd)}${c.published ? ` (paper ${c.published})` : ''}`,
      );
    console.log(`  ${r.value} (${r.runs} runs): ${cells.join(', ')}`);
  }
});
