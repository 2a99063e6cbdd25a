/**
 * The BBR presets (src/scenarios/presets/bbr.ts): every number their notices state, from runs
 * with their defaults, and the bar for BBR on the bufferbloat path — 10 Mb/s, 40 ms,
 * 100-packet queue: at least 90 % utilisation, and a queueing delay after STARTUP/DRAIN that is
 * a small fraction of CUBIC's, both from the `--out metrics` columns (link_util,
 * mean_queue_delay_s) and, for "after STARTUP/DRAIN", from the packets that left the queue
 * once BBR was in PROBE_BW.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, PacketEventKind, run, type Trace } from '../../src/engine';
import { computeMetrics, type RunMetrics } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { drops, timesOf } from './trace-facts';

const runs = new Map<string, { t: Trace; m: RunMetrics }>();

/** A full run of the query and its metrics, memoised. */
function runOf(q: string): { t: Trace; m: RunMetrics } {
  let r = runs.get(q);
  if (!r) {
    const p = parseScenarioQuery(q);
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    const cfg = buildSimConfig(p.scenario);
    const t = run(cfg);
    runs.set(q, (r = { t, m: computeMetrics(t, cfg) }));
  }
  return r;
}

/** The metrics of a metrics-only run (what `--out metrics` prints). */
function metricsOf(q: string): RunMetrics {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  const cfg = buildSimConfig(p.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

/** Most packets waiting in the bottleneck's queue (after a departure or drop) in [from, to). */
function maxWaiting(t: Trace, from: number, to: number): number {
  const P = t.packets;
  let max = 0;
  for (let i = 0; i < P.length; i++) {
    if (P.link[i] !== t.bottleneck || P.time[i]! < from || P.time[i]! >= to) continue;
    if (P.kind[i] === PacketEventKind.depart || P.kind[i] === PacketEventKind.drop)
      max = Math.max(max, P.qlen[i]!);
  }
  return max;
}

/**
 * Mean queueing delay (start of transmission on the bottleneck − arrival at its router, s) of
 * the data packets that started transmission at or after `from`.
 */
function meanQueueDelayAfter(t: Trace, from: number): number {
  const P = t.packets;
  const X = t.transmissions;
  const router = t.nodes.indexOf(t.links[t.bottleneck]!.from);
  const arrived = new Map<number, number>();
  let sum = 0;
  let n = 0;
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (X.type[u] !== 0) continue;
    if (P.kind[i] === PacketEventKind.arrive && P.node[i] === router) arrived.set(u, P.time[i]!);
    else if (P.kind[i] === PacketEventKind.depart && P.link[i] === t.bottleneck) {
      const a = arrived.get(u);
      if (a !== undefined && P.time[i]! >= from) {
        sum += P.time[i]! - a;
        n++;
      }
    }
  }
  return sum / n;
}

describe('bbr-startup (one BBR flow, 10 Mb/s, 40 ms, 100-packet queue, 25 s)', () => {
  const q = 'preset=bbr-startup';

  it('STARTUP fills the queue (8 overflows at 0.356–0.605 s, fast retransmits at 0.480 and 0.728 s) and ends at 0.724 s', () => {
    const { t } = runOf(q);
    const d = drops(t);
    expect(d).toHaveLength(8);
    expect(d[0]).toBe('295@0.356');
    expect(d[7]).toMatch(/@0\.605$/);
    expect(timesOf(t, 'bbr.fast-retransmit')).toEqual(['0.480', '0.728']);
    expect(timesOf(t, 'bbr.drain')).toEqual(['0.724']);
    // the queue full in STARTUP: 99 waiting and one on the wire
    expect(maxWaiting(t, 0, 0.724)).toBe(99);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('PROBE_BW from 0.842 s keeps fewer than 20 packets waiting; the link 94 % busy, mean queueing delay 8 ms', () => {
    const { t, m } = runOf(q);
    expect(timesOf(t, 'bbr.probe-bw')[0]).toBe('0.842');
    expect(maxWaiting(t, 0.842, t.stopS)).toBe(19);
    expect(m.linkUtilPct).toBeCloseTo(93.7, 1);
    expect(m.bottleneck.meanQueueDelayS! * 1000).toBeCloseTo(8.15, 2);
    // the cycle runs through its phases (a cycle row per phase change)
    expect(decisionsOf(t).filter((x) => x.code === 'bbr.cycle').length).toBeGreaterThan(100);
  });

  it('PROBE_RTT at 10.291 s and 20.581 s with cwnd 4, back in PROBE_BW at 10.539 s and 20.840 s', () => {
    const { t } = runOf(q);
    const probeRtt = decisionsOf(t).filter((x) => x.code === 'bbr.probe-rtt');
    expect(probeRtt.map((x) => `${x.time.toFixed(3)} cwnd ${x.after.cwnd}`)).toEqual([
      '10.291 cwnd 4',
      '20.581 cwnd 4',
    ]);
    expect(timesOf(t, 'bbr.probe-bw').slice(1)).toEqual(['10.539', '20.840']);
    // at least 200 ms each
    expect(10.539 - 10.291).toBeGreaterThan(0.2);
  });
});

describe('the bar: BBR on 10 Mb/s, 40 ms, 100-packet queue against CUBIC (--out metrics)', () => {
  it('BBR ≥ 90 % utilisation; its queueing delay an eighth of CUBIC’s over the run, a tenth after STARTUP/DRAIN', () => {
    const bbr = metricsOf('preset=bufferbloat-path&sender=bbr');
    const cubic = metricsOf('preset=bufferbloat-path&sender=cubic');
    expect(bbr.linkUtilPct).toBeGreaterThanOrEqual(90);
    expect(bbr.linkUtilPct).toBeCloseTo(93.7, 1);
    expect(cubic.linkUtilPct).toBeCloseTo(95.27, 2);
    const [b, c] = [bbr.bottleneck.meanQueueDelayS!, cubic.bottleneck.meanQueueDelayS!];
    expect(b * 1000).toBeCloseTo(8.15, 2);
    expect(c * 1000).toBeCloseTo(65.9, 1);
    expect(b / c).toBeLessThan(0.125);
    // after STARTUP/DRAIN: the packets that left the queue once BBR was in PROBE_BW (0.842 s)
    const after = meanQueueDelayAfter(runOf('preset=bbr-startup').t, 0.842);
    const cubicAfter = meanQueueDelayAfter(runOf('preset=bufferbloat-path&sender=cubic').t, 0.842);
    expect(after * 1000).toBeCloseTo(6.74, 2);
    expect(cubicAfter * 1000).toBeCloseTo(66.36, 2);
    expect(after / cubicAfter).toBeLessThan(0.11);
  });
  it('read as 40 ms one way (delay=0.04, an 82 ms round trip, as the ns-3.37 fixtures do): 92 % busy, a sixth of CUBIC’s queueing delay', () => {
    const bbr = metricsOf('preset=bufferbloat-path&sender=bbr&delay=0.04');
    const cubic = metricsOf('preset=bufferbloat-path&sender=cubic&delay=0.04');
    expect(bbr.linkUtilPct).toBeGreaterThanOrEqual(90);
    expect(bbr.linkUtilPct).toBeCloseTo(91.9, 1);
    expect(bbr.bottleneck.meanQueueDelayS! * 1000).toBeCloseTo(10.3, 1);
    expect(cubic.bottleneck.meanQueueDelayS! * 1000).toBeCloseTo(58.94, 2);
    expect(bbr.bottleneck.meanQueueDelayS! / cubic.bottleneck.meanQueueDelayS!).toBeLessThan(0.18);
  });
});

describe('bbr-vs-cubic and bbr-vs-cubic-deep (30 s)', () => {
  const shares = (m: RunMetrics) => m.flows.map((f) => `${f.sender} ${f.pctTput!.toFixed(0)} %`);

  it('10-packet queue: BBR 96 %, CUBIC 4 % with 12 timeouts; BBR loses 2.8 %; Jain 0.54, the link 92 % busy', () => {
    const m = metricsOf('preset=bbr-vs-cubic');
    expect(shares(m)).toEqual(['bbr 96 %', 'cubic 4 %']);
    expect(m.flows.map((f) => f.timeouts)).toEqual([1, 12]);
    expect(m.flows[0]!.lossRate).toBeCloseTo(0.028, 3);
    expect(m.jain).toBeCloseTo(0.544, 3);
    expect(m.linkUtilPct).toBeCloseTo(91.5, 1);
  });

  it('250-packet queue: BBR 16 %, CUBIC 84 %, mean queueing delay 181 ms, Jain 0.68, the link 96 % busy; queue=100: 41 % and 59 %', () => {
    const m = metricsOf('preset=bbr-vs-cubic-deep');
    expect(shares(m)).toEqual(['bbr 16 %', 'cubic 84 %']);
    expect(m.bottleneck.meanQueueDelayS! * 1000).toBeCloseTo(181, 0);
    expect(m.jain).toBeCloseTo(0.683, 3);
    expect(m.linkUtilPct).toBeCloseTo(95.8, 1);
    expect(shares(metricsOf('preset=bbr-vs-cubic-deep&queue=100'))).toEqual([
      'bbr 41 %',
      'cubic 59 %',
    ]);
  });
});

describe('bufferbloat-deep and bufferbloat-shallow (one flow at a time, 25 s)', () => {
  const row = (q: string) => {
    const m = metricsOf(q);
    const f = m.flows[0]!;
    return {
      util: Math.round(m.linkUtilPct!),
      queueMs: Math.round(m.bottleneck.meanQueueDelayS! * 1000),
      maxDelayMs: Math.round(f.delayMaxS! * 1000),
      lossPct: +(f.lossRate! * 100).toFixed(2),
    };
  };

  it('250 packets: Reno 90 % and CUBIC 95 % with 138 and 171 ms of queueing, up to 228 ms one way; BBR 94 % with 8 ms and no loss', () => {
    expect(row('preset=bufferbloat-deep&sender=reno')).toMatchObject({
      util: 90,
      queueMs: 138,
      maxDelayMs: 228,
    });
    expect(row('preset=bufferbloat-deep&sender=cubic')).toMatchObject({
      util: 95,
      queueMs: 171,
      maxDelayMs: 228,
    });
    expect(row('preset=bufferbloat-deep&sender=bbr')).toMatchObject({
      util: 94,
      queueMs: 8,
      lossPct: 0,
    });
    // the empty path: one way about 21 ms (1 + 19 ms and the two links' transmission times)
    const min = metricsOf('preset=bufferbloat-deep&sender=bbr&stop=0.1').flows[0]!.delayMaxS!;
    expect(min * 1000).toBeCloseTo(20.9, 1);
  });

  it('10 packets: Reno 71 %, CUBIC and BBR 90 %; BBR loses 2.8 % against Reno’s 0.15 % and CUBIC’s 0.14 %', () => {
    expect(row('preset=bufferbloat-shallow&sender=reno')).toMatchObject({
      util: 71,
      lossPct: 0.15,
    });
    expect(row('preset=bufferbloat-shallow&sender=cubic')).toMatchObject({
      util: 90,
      lossPct: 0.14,
    });
    expect(row('preset=bufferbloat-shallow&sender=bbr')).toMatchObject({ util: 90, lossPct: 2.82 });
  });
});
