/**
 * The Scenario → SimConfig compile runs once per scenario (config-of.ts): parsing a URL (whose
 * validation bounds the run's cost from its config), reading it again and building it compile
 * it once. Before: configOf ×3 and flowConfig ×6 for a 2-flow URL parsed and built.
 */
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ flowConfig: 0, bound: 0 }));

vi.mock('../../src/scenarios/topologies/flows', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/scenarios/topologies/flows')>();
  return {
    ...m,
    flowConfig: (...a: Parameters<typeof m.flowConfig>) => {
      calls.flowConfig++;
      return m.flowConfig(...a);
    },
  };
});

vi.mock('../../src/scenarios/cost', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/scenarios/cost')>();
  return {
    ...m,
    boundRunCost: (...a: Parameters<typeof m.boundRunCost>) => {
      calls.bound++;
      return m.boundRunCost(...a);
    },
  };
});

import {
  buildSimConfig,
  budgetError,
  parseScenarioQuery,
  readScenarioQuery,
  validateScenario,
  type Scenario,
} from '../../src/scenarios';

const parsed = (q: string): Scenario => {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.scenario;
};

describe('the Scenario → SimConfig compile', () => {
  it('runs once for a URL parsed, read again and built (flowConfig once per flow)', () => {
    calls.flowConfig = 0;
    const q = 'preset=fall-floyd&flows=reno,sack&f2.mss=1448&stop=20';
    const s = parsed(q);
    expect(calls.flowConfig).toBe(2);
    expect(readScenarioQuery(q).ok).toBe(true);
    const cfg = buildSimConfig(s);
    expect(validateScenario(s)).toEqual([]);
    expect(calls.flowConfig).toBe(2);
    expect(cfg.flows.map((f) => f.mssBytes)).toEqual([1000, 1448]);
  });

  it('hands each build its own copy: changing one changes no later build', () => {
    const s = parsed('preset=fall-floyd&flows=reno,sack&stop=21');
    const a = buildSimConfig(s);
    a.flows[0]!.mssBytes = 9000;
    a.links[0]!.queueLimit = 1;
    const b = buildSimConfig(s);
    expect(b.flows[0]!.mssBytes).toBe(1000);
    expect(b.links[0]!.queueLimit).not.toBe(1);
    expect(b).not.toBe(a);
  });

  it('compiles a scenario changed in place anew (the cache is keyed by content, not identity)', () => {
    const s = parsed('preset=fall-floyd&flows=reno,sack&stop=22');
    expect(buildSimConfig(s).flows[1]!.mssBytes).toBe(1000);
    calls.flowConfig = 0;
    s.flows[1]!.mss = 1200;
    expect(buildSimConfig(s).flows[1]!.mssBytes).toBe(1200);
    expect(calls.flowConfig).toBe(2);
    // and a clone (what a worker receives) is served the kept config
    calls.flowConfig = 0;
    expect(buildSimConfig(structuredClone(s)).flows[1]!.mssBytes).toBe(1200);
    expect(calls.flowConfig).toBe(0);
  });

  it('bounds the run once for a URL parsed and built (the budget verdict is kept beside the config)', () => {
    calls.bound = 0;
    const s = parsed('preset=fall-floyd&flows=reno,sack&stop=23');
    const once = calls.bound;
    expect(once).toBeGreaterThan(0);
    buildSimConfig(s);
    expect(validateScenario(structuredClone(s))).toEqual([]);
    expect(calls.bound).toBe(once);
  });

  it('gives the same budget verdict and message however often a scenario is checked', () => {
    const s = { ...parsed('preset=fall-floyd&bw=1e10&window=10000'), stop: 2000 };
    const first = budgetError(s);
    expect(first?.message).toMatch(
      /^stop: this run would simulate about .* lower stop \(to at most \d+ s\)/,
    );
    expect(budgetError(s)).toEqual(first);
    expect(budgetError(structuredClone(s))).toEqual(first);
  });
});
