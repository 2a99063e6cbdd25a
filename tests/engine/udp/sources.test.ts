/**
 * The timed sources (cbr, onoff, voip) on their own: exact first offers from a fixed seed (the
 * same draws replayed from the named streams), and long-run means against their expectations.
 */
import { describe, expect, it } from 'vitest';
import type { AppConfig, FlowConfig } from '../../../src/engine';
import { makeSource } from '../../../src/engine/app';
import type { OnOffSource } from '../../../src/engine/app/onoff';
import type { VoipSource } from '../../../src/engine/app/voip';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { RandomStream } from '../../../src/engine/core/streams';
import { flowOf } from './config';

/** Runs a source alone until `untilS`; returns it and the times at which offered() grew. */
function drive<T>(
  app: AppConfig,
  mss: number,
  untilS: number,
  seed = 1,
  id = 0,
  startS = 1,
): { src: T; times: number[] } {
  const sched = new Scheduler();
  const flow: FlowConfig = flowOf(id, app, mss, startS);
  const src = makeSource(flow, sched, seed);
  const times: number[] = [];
  sched.at(startS, () =>
    src.start(() => {
      while (times.length < src.offered()) times.push(sched.now);
    }),
  );
  sched.runUntil(untilS);
  expect(src.offered()).toBe(times.length);
  expect(src.offeredBytes()).toBe(times.length * mss);
  expect(src.finished()).toBe(false);
  return { src: src as T, times };
}

describe('cbr', () => {
  it('offers one packet at the start and one every 1/pps s after it', () => {
    const { times } = drive({ kind: 'cbr', pps: 4 }, 512, 2.1);
    expect(times).toEqual([1, 1.25, 1.5, 1.75, 2]);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => drive({ kind: 'cbr', pps: 0 }, 512, 2)).toThrow(/pps > 0/);
  });
});

describe('onoff (ns-2 Exponential ON/OFF)', () => {
  const app = { kind: 'onoff', onS: 0.1, offS: 0.1, rateBps: 40_000 } as const; // interval 0.02 s at 100 B

  it('first bursts from seed 1, flow 0: burst lengths and OFF periods replayed from the named streams', () => {
    const { times } = drive(app, 100, 3);
    const on = new RandomStream(1, 'app.onoff.on', 0);
    const off = new RandomStream(1, 'app.onoff.off', 0);
    const expected: number[] = [];
    let t = 1;
    while (t <= 3) {
      const n = Math.max(1, Math.floor(on.exponential(5) + 0.5));
      for (let k = 0; k < n && t <= 3; k++) {
        expected.push(t);
        t += k < n - 1 ? 0.02 : 0.02 + off.exponential(0.1);
      }
    }
    expect(times).toEqual(expected);
    // Pinned: the first burst's length and the first OFF period of seed 1 (regression guard).
    const on1 = new RandomStream(1, 'app.onoff.on', 0).exponential(5);
    const off1 = new RandomStream(1, 'app.onoff.off', 0).exponential(0.1);
    expect([Math.floor(on1 + 0.5), off1]).toEqual([6, 0.24735859964535192]);
    // six packets 20 ms apart, then the OFF period
    const gaps = times.slice(1, 7).map((x, k) => x - times[k]!);
    for (const g of gaps.slice(0, 5)) expect(g).toBeCloseTo(0.02, 12);
    expect(gaps[5]).toBeCloseTo(0.02 + 0.24735859964535192, 12);
  });

  it('another flow draws from other streams (index = flow id)', () => {
    const a = drive(app, 100, 3, 1, 0).times;
    const b = drive(app, 100, 3, 1, 1).times;
    expect(a).not.toEqual(b);
  });

  it('long-run rate: E[n] packets per E[n]·interval + offS seconds', () => {
    const m = 5; // onS / interval
    // n = max(1, ⌊X + 0.5⌋), X ~ Exp(mean m): E[n] = Σ_{k≥1} P(X ≥ k − 0.5) + P(X < 0.5).
    const en = Math.exp(0.5 / m) / (Math.exp(1 / m) - 1) + (1 - Math.exp(-0.5 / m));
    const pps = en / (en * 0.02 + 0.1);
    const T = 4000;
    const { src, times } = drive<OnOffSource>(app, 100, 1 + T);
    expect(times.length / T / pps).toBeGreaterThan(0.98);
    expect(times.length / T / pps).toBeLessThan(1.02);
    expect(src.burstPackets / src.bursts / en).toBeCloseTo(1, 1);
    expect(src.offSumS / (src.bursts - 1) / 0.1).toBeCloseTo(1, 1);
  });
});

describe('voip (calls with G.729-like talk spurts)', () => {
  const app = { kind: 'voip', holdS: 30, gapS: 60, talkS: 1, silenceS: 1.5, frameS: 0.02 } as const;

  it('first call from seed 3, flow 2: hold, spurts and silences replayed from the named streams', () => {
    const { src, times } = drive<VoipSource>(app, 20, 1 + 10, 3, 2);
    const hold = new RandomStream(3, 'app.voip.hold', 2).exponential(30);
    const talk = new RandomStream(3, 'app.voip.talk', 2);
    const silence = new RandomStream(3, 'app.voip.silence', 2);
    expect(src.calls[0]).toEqual({ startS: 1, endS: 1 + hold });
    const callEnd = 1 + hold;
    const expected: number[] = [];
    let s = 1;
    while (s < callEnd && s <= 11) {
      const end = s + talk.exponential(1);
      let t = s;
      do {
        if (t <= 11) expected.push(t);
        t += 0.02;
      } while (t < end && t < callEnd);
      s = end + silence.exponential(1.5);
    }
    expect(times).toEqual(expected);
  });

  it('long run: calls, gaps and the talk share match their means; 8 kb/s while talking', () => {
    const T = 1_000_000;
    const { src, times } = drive<VoipSource>(app, 20, 1 + T, 11, 0);
    const calls = src.calls;
    const holds = calls.slice(0, -1).map((c) => c.endS - c.startS);
    const gaps = calls.slice(1).map((c, i) => c.startS - calls[i]!.endS);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    // ~11 000 calls: the standard error of an exponential mean is mean / √n ≈ 1 %.
    expect(Math.abs(mean(holds) / 30 - 1)).toBeLessThan(0.04);
    expect(Math.abs(mean(gaps) / 60 - 1)).toBeLessThan(0.04);
    expect(Math.abs(src.talkSumS / src.spurts - 1)).toBeLessThan(0.03);
    // Talk inside a call: an alternating ON (rate λ = 1/talkS) / OFF (μ = 1/silenceS) process
    // that starts ON, so E[talk in a call of length L] = μ/(λ+μ)·L + λ/(λ+μ)²·(1 − e^{−(λ+μ)L});
    // with L ~ Exp(holdS): 0.4 · 30 + 0.36 · (50/51) = 12.353 s per call. Each spurt sends
    // ⌈d / frameS⌉ frames: half a frame more than d / frameS on average.
    const lam = 1;
    const mu = 1 / 1.5;
    const c = lam + mu;
    const talkPerCall = (mu / c) * 30 + (lam / (c * c)) * ((c * 30) / (1 + c * 30));
    const expectedFrames = (T / 90) * (talkPerCall / 0.02) + 0.5 * src.spurts;
    expect(times.length / expectedFrames).toBeGreaterThan(0.97);
    expect(times.length / expectedFrames).toBeLessThan(1.03);
  });
});
