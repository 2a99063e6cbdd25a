/**
 * The AQM presets (src/scenarios/presets/aqm.ts): every number their notices state, from
 * metrics-only runs (what `--out metrics` prints: link_util, delay_mean_s, fr_episodes) with
 * the presets' defaults and the one key the notice changes. The two presets whose runs fill a
 * 1000-packet drop-tail buffer (bufferbloat, codel-vs-droptail), red-floyd-jacobson (a full
 * trace of four flows) and the buffer sweep under every
 * discipline are checked in the tables tier, tests/tables/bufferbloat-sweep.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
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
