/**
 * Issue 24, "the run-cost estimate is 11× too high at 128 flows": multi-homed SCTP
 * associations were bounded each alone, so the bound grew with their number while the links
 * they share cap the packets (64 associations on mobile-multihomed for 200 s: 50.6 M packet
 * events bounded, 0.62 M real; the budget refused 128). src/scenarios/cost-multihomed.ts shares
 * the slowest links of their paths. Here: 1–128 associations × 200 s on the three multi-homed
 * networks, each run (metrics only) against the estimate the budget uses.
 */
import { describe, expect, it } from 'vitest';
import { run, type SimConfig } from '../../src/engine';
import { buildSimConfig, estimateRunCost, parseScenarioQuery } from '../../src/scenarios';
import { MAX_RUN_EVENTS } from '../../src/scenarios/limits';

function configOf(q: string): SimConfig {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(`${q}: ${JSON.stringify(p.errors)}`);
  return buildSimConfig(p.scenario);
}

/** Estimate / real packet events of one link. */
function ratio(q: string): { estimate: number; real: number } {
  const cfg = configOf(q);
  const estimate = estimateRunCost(cfg).packetEvents;
  const real = run(cfg, { record: 'metrics' }).eventCount;
  return { estimate, real };
}

/**
 * Upper limits of estimate / real per network (measured, 1 / 8 / 64 / 128 associations, the
 * mobile in its 802.11g and 802.16 cells: mobile-multihomed 1.07 / 1.22 / 1.80 / 1.95, -cmt
 * 2.15 / 1.21 / 1.76 / 1.91;
 * sctp-failover 1.14 / 2.45 / 3.36 / 4.12 — its primary paths go down, the bound counts both).
 */
const LIMITS: Record<string, number> = {
  'mobile-multihomed': 2.75,
  'mobile-multihomed-cmt': 2.75,
  'sctp-failover': 4.5,
};

describe('run-cost estimate: multi-homed associations share their bottlenecks', () => {
  for (const [preset, limit] of Object.entries(LIMITS)) {
    it(`${preset}: 1–128 associations × 200 s within ${limit}× and never below`, () => {
      const bad: string[] = [];
      for (const n of [1, 8, 64, 128]) {
        const q = `preset=${preset}&flows=${n}*sctp-2960&stop=200`;
        const { estimate, real } = ratio(q);
        if (estimate < real || estimate > limit * real) bad.push(`${q}: ${estimate} for ${real}`);
        // the budget no longer refuses what it can run
        expect(estimate).toBeLessThan(MAX_RUN_EVENTS);
      }
      expect(bad).toEqual([]);
    }, 60_000);
  }

  it('64 and 128 associations: the estimate grows with the link, not with their number', () => {
    const e64 = estimateRunCost(configOf('preset=mobile-multihomed&flows=64*sctp-2960&stop=200'));
    const e128 = estimateRunCost(configOf('preset=mobile-multihomed&flows=128*sctp-2960&stop=200'));
    // (50.6 M for 64 before the links were shared; 1.33 M and 1.57 M after)
    expect(e64.packetEvents).toBeLessThan(1_500_000);
    expect(e128.packetEvents / e64.packetEvents).toBeLessThan(1.25);
  });
});
