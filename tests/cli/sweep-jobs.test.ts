import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import { defaultJobs, sweepPacketEvents } from '../../src/cli/sweep-jobs';

const configOf = (q: string) => {
  const r = resolveQuery(q);
  if (!r.ok) throw new Error(q);
  return r.config;
};

describe('defaultJobs: sweep workers only when their start-up pays', () => {
  it('no workers for short sweeps, however many cores', () => {
    expect(defaultJobs(20, 0, 64)).toBe(1);
    // 20 × 1.3 M events ≈ 2.6 CPU s: two workers would add 0.66 s (25 %)
    expect(defaultJobs(20, 26e6, 2)).toBe(1);
    // 6.6 CPU s is the least for which two workers add at most 10 %
    expect(defaultJobs(50, 65e6, 2)).toBe(1);
    expect(defaultJobs(50, 66e6, 2)).toBe(2);
  });

  it('grows with the sweep, bounded by the cores and the run count', () => {
    expect(defaultJobs(100, 130e6, 2)).toBe(2);
    expect(defaultJobs(100, 130e6, 16)).toBe(3); // 13 CPU s: 3 × 0.33 ≤ 1.3 < 4 × 0.33
    expect(defaultJobs(1000, 1.3e9, 16)).toBe(16);
    expect(defaultJobs(3, 1.3e9, 16)).toBe(3);
    expect(defaultJobs(1, 1.3e9, 16)).toBe(1);
    expect(defaultJobs(1000, 1.3e9, 1)).toBe(1);
  });

  it('estimates a sweep from its configs (bound of the first runs × the run count)', () => {
    const long = configOf('preset=fall-floyd&sender=sack&stop=2000&loss=0.01');
    const one = sweepPacketEvents([long]);
    expect(one).toBeGreaterThan(1e6); // its bound: 1.31 M packet events
    expect(one).toBeLessThan(2e6);
    expect(sweepPacketEvents(Array.from({ length: 200 }, () => long))).toBeCloseTo(200 * one, -3);
    expect(sweepPacketEvents([])).toBe(0);
    // the bench's 20-seed sweep of it stays in one thread on any machine up to 64 cores
    expect(defaultJobs(20, 20 * one, 64)).toBe(1);
  });
});
