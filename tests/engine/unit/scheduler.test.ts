import { describe, expect, it } from 'vitest';
import { Scheduler, Timer } from '../../../src/engine/core/scheduler';

describe('Scheduler', () => {
  it('runs events in time order and same-time events in insertion order', () => {
    const s = new Scheduler();
    const log: string[] = [];
    s.schedule(0.2, () => log.push('b'));
    s.schedule(0.1, () => log.push('a'));
    s.schedule(0.2, () => log.push('c'));
    s.schedule(0.2, () => log.push('d'));
    s.runUntil(1);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('computes event times as now + delay in double precision (ns-2 rounding)', () => {
    // REFERENCE.md: ns-2 schedules at clock + delay; 2.1328 reached two ways must keep the
    // rounding of each sum, so ties are decided by the doubles, not by exact arithmetic.
    const s = new Scheduler();
    const times: number[] = [];
    s.at(0.1, () => s.schedule(0.2, () => times.push(s.now)));
    s.at(0.3, () => times.push(s.now));
    s.runUntil(3);
    // 0.1 + 0.2 = 0.30000000000000004 > 0.3: the later-scheduled event at 0.3 runs first.
    expect(times).toEqual([0.3, 0.1 + 0.2]);
    expect(times[1]).not.toBe(0.3);
  });

  it('skips cancelled events and never moves time backwards', () => {
    const s = new Scheduler();
    const log: number[] = [];
    const ev = s.schedule(0.5, () => log.push(0.5));
    s.schedule(0.7, () => log.push(s.now));
    s.cancel(ev);
    s.runUntil(1);
    expect(log).toEqual([0.7]);
    expect(s.now).toBe(1);
    expect(() => s.at(0.5, () => undefined)).toThrow(RangeError);
    expect(() => s.schedule(-1, () => undefined)).toThrow(RangeError);
  });

  it('Timer.resched replaces the pending expiry', () => {
    const s = new Scheduler();
    const fired: number[] = [];
    const t = new Timer(s, () => fired.push(s.now));
    t.resched(1);
    s.at(0.5, () => t.resched(1));
    s.runUntil(3);
    expect(fired).toEqual([1.5]);
    expect(t.pending).toBe(false);
  });
});
