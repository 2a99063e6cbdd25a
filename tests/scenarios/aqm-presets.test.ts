/**
 * The AQM presets (src/scenarios/presets/aqm.ts): every number their notices state, from
 * metrics-only runs (what `--out metrics` prints: link_util, delay_mean_s, fr_episodes) with
 * the presets' defaults and the one key the notice changes. The two presets whose runs fill a
 * 1000-packet drop-tail buffer (bufferbloat, codel-vs-droptail) and the buffer sweep under every
 * discipline are checked in the tables tier, tests/tables/bufferbloat-sweep.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, run } from '../../src/engine';
import { computeMetrics, type RunMetrics } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

function metricsOf(q: string): RunMetrics {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  const cfg = buildSimConfig(p.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

/** One-way delay of flow k (0-based), ms. */
const ms = (m: RunMetrics, k: number) => m.flows[k]!.delayMeanS! * 1000;

describe('fq-codel-fairness (CUBIC + thin NewReno, 30 s)', () => {
  it('FQ-CoDel: the thin flow 20.6 ms (20.5 of it propagation), no loss; the bulk flow 24 ms; 91 % busy', () => {
    const fq = metricsOf('preset=fq-codel-fairness');
    expect(ms(fq, 1)).toBeCloseTo(20.59, 2);
    expect(fq.flows[1]!.frEpisodes).toBe(0);
    expect(fq.flows[1]!.timeouts).toBe(0);
    expect(ms(fq, 0)).toBeCloseTo(24.0, 1);
    expect(fq.linkUtilPct).toBeCloseTo(90.72, 2);
  });
});

describe('red-floyd-jacobson (four SACK flows through RED 5/15/0.002/0.02, 20 s)', () => {
  it('after 2 s the average queue is 8.3 packets on average (at most 17.3), the real one up to 23; 388 early drops, 33 overflows before 2 s', () => {
    const p = parseScenarioQuery('preset=red-floyd-jacobson');
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    const t = run(buildSimConfig(p.scenario));
    const link = t.bottleneck;
    expect(t.links[link]!.aqm).toBe('red');
    const a = t.aqm!;
    const avg: number[] = [];
    for (let i = 0; i < a.length; i++) if (a.link[i] === link && a.time[i]! >= 2) avg.push(a.a[i]!);
    expect(avg.reduce((x, y) => x + y, 0) / avg.length).toBeCloseTo(8.34, 2);
    expect(Math.max(...avg)).toBeCloseTo(17.28, 2);
    const P = t.packets;
    let maxQ = 0;
    let lastOverflow = 0;
    for (let i = 0; i < P.length; i++) {
      if (P.link[i] !== link) continue;
      if (P.kind[i] === PacketEventKind.depart && P.time[i]! >= 2)
        maxQ = Math.max(maxQ, P.qlen[i]!);
      if (P.kind[i] === PacketEventKind.drop && P.cause[i] === DropCause.overflow)
        lastOverflow = P.time[i]!;
    }
    expect(maxQ).toBe(23);
    expect(lastOverflow).toBeLessThan(2);
    expect(t.linkStats[link]!.drops).toMatchObject({ overflow: 33, aqm: 388 });
    expect(t.flowStats[0]!.timeouts).toBe(4);
  });
});

describe('ecn-vs-drop (one CUBIC flow through CoDel, 30 s)', () => {
  it('ECN: 33 marks, no drop, no retransmission, 91 % busy; ecn=0: 38 drops, 25 fast retransmits, 42 retransmissions', () => {
    const run1 = (q: string) => {
      const p = parseScenarioQuery(q);
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      return run(buildSimConfig(p.scenario), { record: 'metrics' });
    };
    const ecn = run1('preset=ecn-vs-drop');
    const st = ecn.linkStats[ecn.bottleneck]!;
    expect(st.marks).toBe(33);
    expect(st.drops.aqm ?? 0).toBe(0);
    expect(ecn.flowStats[0]!.retransmissions).toBe(0);
    const drop = run1('preset=ecn-vs-drop&ecn=0');
    const sd = drop.linkStats[drop.bottleneck]!;
    expect(sd.marks ?? 0).toBe(0);
    expect(sd.drops.aqm).toBe(38);
    expect(drop.flowStats[0]!.fastRetransmits).toBe(25);
    expect(drop.flowStats[0]!.retransmissions).toBe(42);
  });
});
