/**
 * Alamgir et al. Table 2 at loss 0.03 under two ns-2.35 setups (issue 23 item 6;
 * tests/fixtures/ns2-tables/alamgir-setups.json, scripts/ns2/alamgir-setups.mjs; README.md there,
 * "Two setups of Table 2").
 *
 * The preset's own ns-2 setup (tables.tcl) and an independent one disagree at 0.03 (SCTP 57.4 %
 * vs 55.7 % of the throughput, Jain 0.978 vs 0.987) and agree at 0.01. Changing one difference
 * at a time finds the one that matters: SCTP's mtu_, 1500 (ns-2's default, the preset) or 1496
 * (the 1496-byte SCTP packet as the path MTU, the independent setup). ns-2 counts SCTP's cwnd in
 * MTUs of mtu_ − 32 bytes and sends while outstanding < cwnd (RFC 4960 §6.1 B): with 1468-byte
 * MTUs and 1464-byte chunks a window of k MTUs holds k + 1 chunks, with 1464-byte MTUs k. The
 * error model's random streams (one per flow or one for all) and the buffer limit on the
 * routers' other queues change nothing. ackclock follows the same rule: with the SCTP path MTU
 * set to 1496 it agrees with the independent setup.
 *
 * Every comparison is Welch's t over 30 seeds a side; |t| < 3 is "within sampling error", and a
 * difference is called real above 5. Nothing here depends on the particular seeds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { computeMetrics, metricsRows } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { compareSummaries, summarise, welch } from '../../src/metrics/table-stats';

interface Side {
  unique_pkts: number;
  fr_episodes: number;
  cwnd_cuts_not_to_min: number;
  timeouts: number;
  mean_cwnd_pkts: number;
}
interface SetupRow {
  setup: string;
  loss: number;
  runs: { seed: number; link_util: number; tcp: Side; sctp: Side }[];
}

const OUR_SEEDS = Array.from({ length: 30 }, (_, k) => k + 1);

const rows = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ns2-tables', 'alamgir-setups.json'), 'utf8'),
  ) as { rows: SetupRow[] }
).rows;
const rowOf = (setup: string, loss = 0.03) =>
  rows.find((r) => r.setup === setup && r.loss === loss)!;

/** A setup's runs in the per-flow form src/metrics/table-stats.ts summarises. */
const asRuns = (r: SetupRow) =>
  r.runs.map((x) => ({
    link_util: x.link_util,
    flows: [
      { sender: 'sack', ...x.tcp, unique_bytes: x.tcp.unique_pkts * 1448 },
      { sender: 'sctp-4960', ...x.sctp, unique_bytes: x.sctp.unique_pkts * 1448 },
    ],
  }));
const summaryOf = (setup: string, loss = 0.03) => summarise(asRuns(rowOf(setup, loss)));
const tOf = (a: ReturnType<typeof summarise>, b: ReturnType<typeof summarise>) =>
  Object.fromEntries(compareSummaries(a, b).map((c) => [c.metric, c.t]));
/** The metrics the issue names: SCTP's share, link utilisation, Jain's index, SCTP episodes. */
const NAMED = ['pct_tput_sctp', 'link_util', 'jain', 'fr_episodes_sctp'] as const;

describe('two ns-2.35 setups of Alamgir et al. Table 2 (seeds 1–30 each)', () => {
  it('holds the preset and independent setups at 0.03 and 0.01 and four variants at 0.03', () => {
    expect(rows.map((r) => `${r.setup} ${r.loss}`)).toEqual([
      'preset 0.03',
      'preset 0.01',
      'independent 0.03',
      'independent 0.01',
      'preset-mtu1496 0.03',
      'independent-mtu1500 0.03',
      'preset-one-rng 0.03',
      'preset-sat-queues 0.03',
    ]);
    for (const r of rows) expect(r.runs.map((x) => x.seed)).toEqual(OUR_SEEDS);
  });

  it('at 0.03 they disagree (the issue’s numbers), at 0.01 they agree', () => {
    const p = summaryOf('preset');
    const i = summaryOf('independent');
    expect(p.pct_tput_sctp!.mean).toBeCloseTo(57.43, 1);
    expect(i.pct_tput_sctp!.mean).toBeCloseTo(55.65, 1);
    expect(i.link_util!.mean).toBeCloseTo(10.15, 1);
    expect(i.jain!.mean).toBeCloseTo(0.987, 3);
    const t = tOf(p, i);
    for (const m of NAMED) expect(Math.abs(t[m]!), m).toBeGreaterThan(5);
    const t01 = tOf(summaryOf('preset', 0.01), summaryOf('independent', 0.01));
    for (const m of ['pct_tput_sctp', 'link_util', 'jain'] as const)
      expect(Math.abs(t01[m]!), `0.01 ${m}`).toBeLessThan(3);
  });

  it('SCTP’s mtu_ is the difference: swapping it swaps the results; the loss streams and the other queues change nothing', () => {
    const p = summaryOf('preset');
    const i = summaryOf('independent');
    const within = (a: typeof p, b: typeof p, what: string) => {
      const t = tOf(a, b);
      for (const m of NAMED) expect(Math.abs(t[m]!), `${what}: ${m}`).toBeLessThan(3);
    };
    within(summaryOf('preset-mtu1496'), i, 'preset with mtu_ 1496 vs independent');
    within(summaryOf('independent-mtu1500'), p, 'independent with mtu_ 1500 vs preset');
    within(summaryOf('preset-one-rng'), p, 'one RNG for the error model vs preset');
    // The other queues never hold a packet: the same runs exactly.
    expect(rowOf('preset-sat-queues').runs).toEqual(rowOf('preset').runs);
  });

  it('“fast-retransmit episode” counted as a cwnd reduction other than to 1 MTU misses the episodes whose cut raises cwnd to the 4-MTU floor: ~1 % fewer, TCP unchanged', () => {
    for (const r of rows) {
      for (const x of r.runs) {
        expect(x.tcp.cwnd_cuts_not_to_min).toBe(x.tcp.fr_episodes);
        expect(x.sctp.cwnd_cuts_not_to_min).toBeLessThanOrEqual(x.sctp.fr_episodes);
      }
      const s = summaryOf(r.setup, r.loss);
      const reductions =
        r.runs.reduce((a, x) => a + x.sctp.cwnd_cuts_not_to_min, 0) / r.runs.length;
      expect(reductions / s.fr_episodes_sctp!.mean).toBeGreaterThan(0.98);
    }
  });
});

/** ackclock's runs of the preset at 0.03, SCTP's path MTU as given (1500: the preset's own). */
function ours(sctpMtu: number) {
  return OUR_SEEDS.map((seed) => {
    const p = parseScenarioQuery(`preset=alamgir-table2&loss=0.03&seed=${seed}`);
    if (!p.ok) throw new Error('parse');
    const cfg = buildSimConfig(p.scenario);
    for (const f of cfg.flows) if (f.sender === 'sctp-4960') f.pathMtuBytes = sctpMtu;
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    return { link_util: m.linkUtilPct, flows: metricsRows(m) };
  });
}

describe('ackclock follows the MTU the same way', () => {
  it('with the SCTP path MTU 1496 it agrees with the independent setup on every metric, and differs from the preset’s', () => {
    const mine = summarise(ours(1496));
    const vsIndependent = compareSummaries(mine, summaryOf('independent'));
    expect(vsIndependent.filter((c) => !(Math.abs(c.t!) < 3)).map((c) => c.metric)).toEqual([]);
    expect(
      Math.abs(welch(mine.pct_tput_sctp!, summaryOf('preset').pct_tput_sctp!)!),
    ).toBeGreaterThan(5);
  }, 120_000);
});
