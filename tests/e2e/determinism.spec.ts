/**
 * Determinism across runtimes: the fingerprint the browser shows (engine in a Web Worker) equals
 * the one Node computes for the same query (the CLI's `summary.fingerprint`) — TCP, SCTP, two
 * flows and seeded random loss, and a run through every function whose bits JavaScript engines
 * may compute differently (src/engine/core/libm.ts; issue 23 item 7: Node 20 and Chromium
 * disagreed on CUBIC's cube root and on the exponential and Pareto draws): CUBIC's K (cbrt), the
 * exponential draws of ON–OFF and VoIP sources and of FTP think times (ln), the Pareto file
 * sizes (pow); and the other seeded streams: delay variation, Gilbert–Elliott loss, HEARTBEAT
 * jitter. Then a few links drawn at random (fixed draws) over the presets and keys.
 */
import { expect, test } from '@playwright/test';
import { fingerprint } from '../../src/trace/fingerprint';
import { presetCompare, PRESETS } from '../../src/ui/deps/scenarios';
import { traceFor } from './expected';

const QUERIES = [
  'preset=ff-3-drops&sender=reno',
  'preset=ff-5-drops&sender=fack',
  'preset=caro-fig3-2-drops&sender=sctp-2960',
  'preset=fall-floyd&sender=sack&sender2=sctp-newreno&loss=0.02&seed=7&stop=10',
  // cbrt: CUBIC (the issue's: Chromium showed ac3-b9f21e283ece4981, the CLI ac3-9f455b79789a611b)
  'preset=cubic-vs-reno&stop=20',
  // ln: VoIP talk spurts and silences (exponential), PR-SCTP
  'preset=voip-pr-sctp',
  // pow and ln: Pareto FTP files and exponential think times, VoIP calls, ON–OFF noise
  'preset=vicuna-e-tcp-sctp&n=30&stop=40&seed=9',
  // ln: an ON–OFF UDP source beside TCP; uniform delay variation on the bottleneck
  'preset=fall-floyd&flows=reno,udp&f2.app=onoff&f2.rate=400000&jitter=0.004&seed=5&stop=20',
  // Gilbert–Elliott bursty loss
  'preset=fall-floyd&sender=newreno&loss=0.03&burst=3&seed=11&stop=20',
  // HEARTBEAT jitter (RTO + HB.interval ± RTO/2)
  'preset=sctp-failover',
];

/** A few links drawn at random, with fixed draws: preset, sender, loss, seed, stop. */
function randomLinks(count: number): string[] {
  let x = 20231123;
  const next = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const senders = ['reno', 'newreno', 'sack', 'fack', 'cubic', 'sctp-4960', 'sctp-newreno'];
  const bulk = PRESETS.filter((p) => p.topology === 'fall-floyd');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = i % 2 === 0 ? bulk[next(bulk.length)]! : PRESETS[next(PRESETS.length)]!;
    const sender = i % 2 === 0 ? `&sender=${senders[next(senders.length)]}` : '';
    out.push(
      `preset=${p.id}${sender}&loss=0.0${1 + next(5)}&seed=${1 + next(1000)}&stop=${15 + next(10)}`,
    );
  }
  return out;
}

for (const query of [...QUERIES, ...randomLinks(6)]) {
  test(`browser and Node give the same trace fingerprint: ${query}`, async ({ page }) => {
    // A comparison preset opened by a link naming no sender runs its senders side by side
    // (Preset.compare): the run info shows the first run's fingerprint, each row its own.
    const params = new URLSearchParams(query);
    const preset = PRESETS.find((p) => p.id === params.get('preset'));
    const compare = params.has('sender') ? null : presetCompare(preset);
    const senders = compare ?? [null];
    const expected = senders.map((s) => fingerprint(traceFor(s ? `${query}&sender=${s}` : query)));
    await page.goto(`/?${query}`);
    await expect(page.getByTestId('fingerprint')).toHaveText(expected[0]!, { timeout: 30_000 });
    if (compare) {
      const names = page.getByTestId('compare-name');
      await expect(names).toHaveCount(compare.length);
      for (let i = 0; i < compare.length; i++) {
        await expect(names.nth(i)).toHaveAttribute(
          'title',
          new RegExp(`fingerprint ${expected[i]}$`),
        );
      }
    }
  });
}
