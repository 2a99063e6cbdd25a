/**
 * Issue 23, "Cost estimate": the estimate (src/scenarios/cost.ts) is never below a run's real
 * counts and within 2× of its packet events — on the grid of N-flow dumbbells (tests/scenarios/cost-grid.ts: 1–128 flows, several bandwidths, delays, queues and
 * stops, every TCP and SCTP sender, UDP and paced applications, profiles, random loss). Every
 * point is run (metrics only) and compared with the estimate the budget uses (estimateRunCost)
 * and with the bound alone (boundRunCost, which a small run's estimate replaces by its count).
 * Every preset: cost.test.ts (one full run each). The long tier and the table: `npx tsx bench/cost-table.ts [presets] [grid] [long]` (cost.ts
 * holds the measured table).
 */
import { describe, expect, it } from 'vitest';
import { run, type SimConfig } from '../../src/engine';
import {
  COUNT_BELOW_EVENTS,
  boundRunCost,
  buildSimConfig,
  estimateRunCost,
  parseScenarioQuery,
} from '../../src/scenarios';
import { COST_GRID } from './cost-grid';

function configOf(q: string): SimConfig {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(`${q}: ${JSON.stringify(p.errors)}`);
  return buildSimConfig(p.scenario);
}

/** What goes wrong with one link: '' when the estimate holds. */
function problems(q: string): { problem: string; ratio: number; counted: boolean } {
  const cfg = configOf(q);
  const e = estimateRunCost(cfg);
  const b = boundRunCost(cfg);
  const out: string[] = [];
  // the engine's own scheduler count stays within the bound's (run() throws past maxEvents)
  let t: ReturnType<typeof run>;
  try {
    t = run(cfg, { record: 'metrics', maxEvents: b.schedulerEvents });
  } catch (err) {
    return {
      problem: `${q}: ${String(err)} (the bound's scheduler events)`,
      ratio: 0,
      counted: false,
    };
  }
  const data = t.flowStats.reduce((n, f) => n + f.packetsSent, 0);
  const ratio = e.packetEvents / t.eventCount;
  if (ratio < 1 || ratio > 2) out.push(`estimate ${e.packetEvents} for ${t.eventCount} events`);
  if (b.packetEvents < t.eventCount) out.push(`bound ${b.packetEvents} < ${t.eventCount} events`);
  if (b.dataPackets < data || e.dataPackets < data) out.push(`data packets ${data}`);
  if (b.decisions < t.decisionCount || e.decisions < t.decisionCount)
    out.push(`decisions ${t.decisionCount}`);
  return {
    problem: out.length > 0 ? `${q}: ${out.join(', ')}` : '',
    ratio,
    counted: b.packetEvents <= COUNT_BELOW_EVENTS,
  };
}

describe('run-cost estimate: within 2× and never below', () => {
  it(`the grid of N-flow dumbbells (${COST_GRID.length} links, 1–128 flows)`, () => {
    const bad: string[] = [];
    let counted = 0;
    for (const q of COST_GRID) {
      const r = problems(q);
      if (r.problem) bad.push(r.problem);
      if (r.counted) counted++;
    }
    expect(bad).toEqual([]);
    // the grid tests the bound, not the count of small runs (15 of 81 counted when written;
    // ratios 1.00 / 1.21 / 1.98)
    expect(counted).toBeLessThan(COST_GRID.length / 5);
  }, 120_000);

  it('scheduler events: an application whose offers the link cannot carry is bounded by its offers', () => {
    // A CBR source of 100,000 packets/s into Reno over a 1 kb/s bottleneck: 53 packet events in
    // 40 s, and 3.9 M scheduler events, one per offer (the transport only queues them).
    const q = 'preset=fall-floyd&sender=reno&app=cbr&pps=100000&bw=1000&stop=40';
    const b = boundRunCost(configOf(q));
    expect(b.schedulerEvents).toBeGreaterThanOrEqual(3_900_000);
    expect(b.schedulerEvents).toBeLessThan(4_000_000);
    // the run stays within the bound's scheduler events (run() throws past maxEvents)
    expect(run(configOf(q), { record: 'metrics', maxEvents: b.schedulerEvents }).eventCount).toBe(
      53,
    );
  }, 60_000);
});
