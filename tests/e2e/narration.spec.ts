/**
 * Two levels of narration (issue 21): a preset's notice opens with a short text for the
 * student — what to watch, in plain words — and folds the paper-facing text for the
 * instructor under "For instructors: what the paper says". On a screen and in the projector's
 * presentation mode, at 1280×720; screenshots folded and unfolded.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios';
import { openInPage, partsOf } from './inPage';

const SHOTS = 'artifacts/screenshots/narration';
mkdirSync(SHOTS, { recursive: true });

async function ready(page: Page) {
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/, { timeout: 60_000 });
}

const student = (id: string) => PRESETS.find((p) => p.id === id)!.student;

// Two presets per test (one test per Playwright worker): the second opens in the page of the
// first (inPage.ts), as back/forward would.
const NARRATED = ['ff-3-drops', 'sctp-failover', 'vicuna-a-tcp-udp', 'hol-streams'];
for (const ids of partsOf(NARRATED, 2)) {
  test(`${ids.join(', ')}: what to watch first, the paper's text folded for the instructor`, async ({
    page,
  }) => {
    test.setTimeout(60_000 + ids.length * 30_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const [i, id] of ids.entries())
      await test.step(id, async () => {
        if (i === 0) await page.goto(`/?preset=${id}`);
        else await openInPage(page, `/?preset=${id}`);
        await ready(page);
        const notice = page.getByTestId('preset-notice');
        const watch = notice.getByTestId('notice-student');
        await expect(watch).toBeVisible();
        await expect(watch).toHaveText(`What to watch: ${student(id)}`);
        const paper = notice.getByTestId('notice-paper');
        const text = paper.locator('.notice-paper-text');
        await expect(text).toBeHidden();
        // The student's text fits its two lines at 1280 px: nothing to unfold there.
        const box = await watch.boundingBox();
        const font = await watch.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(box!.height, `${id}: two lines at most`).toBeLessThanOrEqual(2.6 * font);
        expect(await watch.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), id).toBe(true);
        await page.screenshot({ path: `${SHOTS}/${id}-folded.png` });
        await paper.getByText('For instructors: what the paper says').click();
        await expect(text).toBeVisible();
        await expect(text).not.toHaveText('');
        await page.screenshot({ path: `${SHOTS}/${id}-unfolded.png` });
        // Folded again, as a page opened on the next preset shows it (the open <details> is
        // kept when another preset opens in the page).
        await paper.getByText('For instructors: what the paper says').click();
        await expect(text).toBeHidden();
      });
  });
}

test('projector presentation: the folded notice opens on what to watch, the paper text one more click away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?preset=ff-1-drops&sender=newreno&theme=projector');
  await ready(page);
  const notice = page.getByTestId('preset-notice');
  await notice.locator('summary').first().click();
  await expect(notice.getByTestId('notice-student')).toBeVisible();
  await expect(notice.getByTestId('notice-student')).toContainText('What to watch: One packet, 15');
  await expect(notice.locator('.notice-paper-text')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/projector-watch.png` });
  await notice.getByText('For instructors: what the paper says').click();
  await expect(notice.locator('.notice-paper-text')).toContainText('Packet 15 is dropped at R1');
  await page.screenshot({ path: `${SHOTS}/projector-paper.png` });
});
