/**
 * Compare mode (issue 21 items 5 and 10): the first divergence is the first sender decision
 * that differs, and a comparison preset opened by link enters compare mode with its senders.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openInPage } from './inPage';

const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('first divergence of reno, newreno, sack, fack is a decision, not an ACK 80 µs late', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?preset=ff-3-drops&compare=reno,newreno,sack,fack');
  await expect(page.getByTestId('compare-name')).toHaveCount(4, { timeout: 30_000 });
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
});

test('newreno@ns2 vs newreno@rfc: the first divergence names the opening decision', async ({
  page,
}) => {
  await page.goto('/?preset=ff-3-drops&compare=newreno@ns2,newreno@rfc');
  await expect(page.getByTestId('compare-name')).toHaveCount(2, { timeout: 30_000 });
  const text = page.getByTestId('divergence');
  await expect(text).toContainText('cwnd 1');
  await expect(text).toContainText('cwnd 4');
  await expect(text).not.toContainText('router event');
});

test('comparison presets opened by link enter compare mode, unless the link names a sender', async ({
  page,
}) => {
  await page.goto('/?preset=caro-fig5-3-drops');
  await expect(page.getByTestId('compare-name')).toHaveCount(6, { timeout: 40_000 });
  await expect(page).toHaveURL(/compare=newreno,sack,fack,sctp-2960,sctp-newreno,sctp-newreno-ca/);
  // The others open in the page (inPage.ts): the address is applied as on load.
  await openInPage(page, '/?preset=dainotti-eth2eth');
  await expect(page.getByTestId('compare-name')).toHaveCount(3, { timeout: 40_000 });
  await openInPage(page, '/?preset=caro-fig5-3-drops&sender=sack');
  await expect(page.getByTestId('fingerprint').first()).toHaveText(/^ac3-/, { timeout: 20_000 });
  await expect(page.getByTestId('compare-name')).toHaveCount(0);
});
