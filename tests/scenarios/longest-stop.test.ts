import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  boundRunCost,
  budgetLoad as budgetLoadOf,
  longestStop,
  presetDefaults,
  roundStopDown,
  solveLongestStop,
  withinLimits,
  type Scenario,
} from '../../src/scenarios';
import { configOf } from '../../src/scenarios/config-of';
import { REPLAY_EVENTS } from '../../src/scenarios/cost-app';

/**
 * The bisection budget.ts, compare mode and the sweep each ran before the solver (kept here as
 * the reference): halve [latest start, stop] to 0.2 % of the stop, then round down to 2
 * significant digits. Returns the answer and the number of cost evaluations.
 */
function bisection(s: Scenario): { stop: number | null; evaluations: number } {
  const cfg = configOf(s)!;
  const replay = { events: REPLAY_EVENTS };
  let evaluations = 0;
  const fits = (stop: number) => {
    evaluations++;
    return withinLimits(boundRunCost({ ...cfg, stopS: stop }, replay));
  };
  const start = s.flows.reduce((m, f) => Math.max(m, f.start), 0);
  let lo = start;
  let hi = s.stop;
  if (fits(hi)) return { stop: hi, evaluations };
  for (let i = 0; i < 50 && hi - lo > Math.max(1e-3, 0.002 * lo); i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  const nice = roundStopDown(lo);
  return { stop: nice > start && fits(nice) ? nice : null, evaluations };
}

/**
 * Every preset of at most 8 flows made too long for the budget: at stop 2000 on its own
 * network, with 100 × its bandwidth, and with a 10000-packet window too (the window-limited
 * Fall & Floyd runs). (The many-flow presets fit at 2000 s and their bounds are slow to take.)
 */
function overBudget(): Scenario[] {
  const out: Scenario[] = [];
  for (const p of PRESETS) {
    const s = { ...presetDefaults(p.id), stop: 2000 };
    if (s.flows.length > 8) continue;
    const fast = { ...s, bw: Math.min(1e10, s.bw * 100) };
    const open = { ...fast, flows: fast.flows.map((f) => ({ ...f, window: 10000 })) };
    for (const x of [s, fast, open]) {
      const cfg = configOf(x)!;
      if (!withinLimits(boundRunCost(cfg, { events: REPLAY_EVENTS }))) out.push(x);
    }
  }
  return out;
}

describe('solveLongestStop', () => {
  it('is the exact answer in one step for a cost affine in stop', () => {
    let evaluations = 0;
    // load 1 at stop 812.5: rounded down to 810
    const stop = solveLongestStop(1, 2000, (t) => {
      evaluations++;
      const load = (t - 1) / 811.5;
      return { fits: load <= 1, load };
    });
    expect(stop).toBe(810);
    // stop, start, the formula's step (a hair inside the limit), the rounded answer
    expect(evaluations).toBeLessThanOrEqual(6);
  });

  it('returns stop when it fits, and null when nothing after the start does', () => {
    expect(solveLongestStop(1, 6, () => ({ fits: true, load: 0.5 }))).toBe(6);
    expect(solveLongestStop(1, 6, (t) => ({ fits: t < 1.05, load: t / 1.05 }))).toBeNull();
    expect(solveLongestStop(0, 6, () => ({ fits: false, load: Infinity }))).toBeNull();
  });

  it('rounds down to 2 significant digits, at least 0.1 s', () => {
    expect([812.7, 57.3, 0.734, 1000, 99.99].map(roundStopDown)).toEqual([810, 57, 0.7, 1000, 99]);
  });
});

describe('longestStop (the run budget)', () => {
  const cases = overBudget();

  it('covers presets of every kind over the budget', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it("equals the old bisection's answer on every preset over the budget, in fewer evaluations", () => {
    let solverTotal = 0;
    let bisectionTotal = 0;
    for (const s of cases) {
      const old = bisection(s);
      bisectionTotal += old.evaluations;
      const before = solverTotal;
      const cfg = configOf(s)!;
      const start = s.flows.reduce((m, f) => Math.max(m, f.start), 0);
      const replay = { events: REPLAY_EVENTS };
      const stop = solveLongestStop(start, s.stop, (t) => {
        solverTotal++;
        const c = boundRunCost({ ...cfg, stopS: t }, replay);
        return { fits: withinLimits(c), load: budgetLoadOf(c) };
      });
      expect(longestStop(s), `${s.preset} bw ${s.bw}`).toBe(stop);
      // Both search to 0.2 % of the stop and round down to 2 significant digits: the same
      // answer, or the next step below when the limit lies within 0.2 % above a round value.
      const label = `${s.preset} bw ${s.bw}: solver ${stop}, bisection ${old.stop}`;
      if (old.stop === null) expect(stop, label).toBeNull();
      else {
        expect(stop, label).not.toBeNull();
        const step = old.stop - roundStopDown(old.stop * 0.999);
        expect(Math.abs(stop! - old.stop), label).toBeLessThanOrEqual(Math.max(step, 0.1) + 1e-9);
      }
      expect(solverTotal - before, s.preset).toBeLessThanOrEqual(old.evaluations);
    }
    expect(solverTotal).toBeLessThan(bisectionTotal / 2);
  });
});
