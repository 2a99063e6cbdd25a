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
import { compareKnobKey, presetCompare, PRESETS } from '../../src/ui/deps/scenarios';
import { traceFor } from './expected';
import { openInPage, partsOf } from './inPage';

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

/**
 * The queries are split between two tests (one per Playwright worker); each opens its first query
 * as a page and the others in that page (inPage.ts), as back/forward would: the fingerprint is the
 * run's, whichever way the address arrived. Failures name the query.
 */
for (const [part, queries] of partsOf([...QUERIES, ...randomLinks(6)], 2).entries()) {
  test(`browser and Node give the same trace fingerprints, part ${part + 1}/2: ${queries.length} links`, async ({
    page,
  }) => {
    test.setTimeout(60_000 + queries.length * 20_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    for (const [i, query] of queries.entries()) {
      // A comparison preset opened by a link naming no sender runs its senders side by side
      // (Preset.compare): the run info shows the first run's fingerprint, each row its own.
      const params = new URLSearchParams(query);
      const preset = PRESETS.find((p) => p.id === params.get('preset'));
      // (A list of one key's values, `aqm:droptail,aqm:codel`, unless the link sets that key.)
      const list = presetCompare(preset);
      const knob = list ? compareKnobKey(list) : null;
      const compare = params.has(knob ?? 'sender') ? null : list;
      const senders = compare ?? [null];
      const expected = senders.map((s) =>
        fingerprint(traceFor(s ? `${query}&${knob ? s.replace(':', '=') : `sender=${s}`}` : query)),
      );
      if (i === 0) await page.goto(`/?${query}`);
      else await openInPage(page, `/?${query}`);
      await expect(page.getByTestId('fingerprint'), query).toHaveText(expected[0]!, {
        timeout: 30_000,
      });
      const names = page.getByTestId('compare-name');
      await expect(names, `${query}: compared runs`).toHaveCount(compare?.length ?? 0);
      for (let k = 0; k < (compare?.length ?? 0); k++) {
        await expect(names.nth(k), `${query}: run ${k + 1}`).toHaveAttribute(
          'title',
          new RegExp(`fingerprint ${expected[k]}$`),
        );
      }
    }
    expect(errors).toEqual([]);
  });
}
