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

  it('a lazily re-armed Timer keeps the place in the order its resched took (ns-2 cancel + schedule)', () => {
    // resched at 0.2 s to 1.0 s; an event for 1.0 s scheduled later (0.3 s) must run after the
    // expiry, and one scheduled earlier (0.1 s) before it, although the timer's heap entry only
    // moves to 1.0 s when its old expiry (0.5 s) comes up.
    const s = new Scheduler();
    const log: string[] = [];
    const t = new Timer(s, () => log.push(`timer@${s.now}`));
    t.resched(0.5);
    s.at(0.1, () => s.at(1, () => log.push(`early@${s.now}`)));
    s.at(0.2, () => t.resched(0.8));
    s.at(0.3, () => s.at(1, () => log.push(`late@${s.now}`)));
    s.runUntil(2);
    expect(0.2 + 0.8).toBe(1); // the same double: a true tie
    expect(log).toEqual(['early@1', 'timer@1', 'late@1']);
  });

  it('a resched to an earlier expiry fires there, and a cancelled timer does not fire', () => {
    const s = new Scheduler();
    const fired: number[] = [];
    const t = new Timer(s, () => fired.push(s.now));
    t.resched(1);
    s.at(0.25, () => t.resched(0.25)); // now 0.5 s, before the queued 1 s
    s.runUntil(2);
    expect(fired).toEqual([0.5]);
    const u = new Timer(s, () => fired.push(-1));
    u.resched(1);
    s.at(2.5, () => u.cancel());
    s.runUntil(4);
    expect(fired).toEqual([0.5]);
    expect(u.pending).toBe(false);
  });
});

