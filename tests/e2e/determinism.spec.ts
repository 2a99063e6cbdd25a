/**
 * Determinism across runtimes: the fingerprint the browser shows (engine in a Web Worker) equals
 * the one Node computes for the same query (the CLI's `summary.fingerprint`), for TCP, SCTP,
 * two flows and seeded random loss.
 */
import { expect, test } from '@playwright/test';
import { fingerprint } from '../../src/engine/trace/fingerprint';
import { traceFor } from './expected';

const QUERIES = [
  'preset=ff-3-drops&sender=reno',
  'preset=ff-5-drops&sender=fack',
  'preset=caro-fig3-2-drops&sender=sctp-2960',
  'preset=fall-floyd&sender=sack&sender2=sctp-newreno&loss=0.02&seed=7&stop=10',
];

for (const query of QUERIES) {
  test(`browser and Node give the same trace fingerprint: ${query}`, async ({ page }) => {
    const expected = fingerprint(traceFor(query));
    await page.goto(`/?${query}`);
    await expect(page.getByTestId('fingerprint')).toHaveText(expected, { timeout: 20_000 });
  });
}
