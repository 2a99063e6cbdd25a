/**
 * Compare mode (issue 21 items 5 and 10): the first divergence is the first sender decision
 * that differs, and each run's log row says how its sender came through the 3 drops. (A
 * comparison preset opened by link enters compare mode: tests/ui/presetCompareLink.test.ts and
 * compare-fit-six.spec.ts; two profiles' divergence: tests/ui/divergence.test.ts and
 * app.spec.ts.)
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('first divergence of reno, newreno, sack, fack is a decision, not an ACK 80 µs late; Reno times out, NewReno retransmits on partial ACKs, SACK does neither', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?preset=ff-3-drops&compare=reno,newreno,sack,fack');
  await expect(page.getByTestId('compare-name')).toHaveCount(4, { timeout: 30_000 });
  await expect(page.getByTestId('compare-reno')).toContainText('retransmission timeout');
  await expect(page.getByTestId('compare-newreno')).toContainText('partial ACK');
  await expect(page.getByTestId('compare-newreno')).not.toContainText('retransmission timeout');
  await expect(page.getByTestId('compare-sack')).not.toContainText('retransmission timeout');
  const text = page.getByTestId('divergence');
  await expect(text).toContainText('3rd duplicate ACK for 14');
  await expect(text).not.toContainText('2.059');
  await expect(text).toContainText('fast retransmit');
  await expect(text).toContainText('inflation');
  await expect(text).toContainText('pipe');
  await expect(page.locator('.divergence-head')).toHaveText(
    'First different decision (vs Reno): the 3rd duplicate ACK for 14 (2.080 s) go to it — Reno: fast retransmit, cwnd 7 + 3 inflation; SACK: fast retransmit, cwnd 7, pipe 12; FACK: fast retransmit (FACK), cwnd 1, pipe 12. Parting later: NewReno at a partial ACK for 26 (2.292 s).',
  );
  // "go to it" moves the cursor to the decision.
  await page.getByTestId('divergence-go').click();
  await expect(page.getByTestId('readout')).toContainText('t = 2.080 s');
  await page.screenshot({ path: `${SHOTS}/compare-divergence-4.png` });
  expect(errors).toEqual([]);
});
