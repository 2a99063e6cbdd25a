/**
 * The AQM presets (src/scenarios/presets/aqm.ts): every number their notices state, from
 * metrics-only runs (what `--out metrics` prints: link_util, delay_mean_s, fr_episodes) with
 * the presets' defaults and the one key the notice changes. The buffer sweep under every
 * discipline is tests/tables/bufferbloat-sweep.test.ts.
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

/** One-way delay of flow k (0-based), ms, and the link's utilisation, %. */
const ms = (m: RunMetrics, k: number) => m.flows[k]!.delayMeanS! * 1000;

describe('bufferbloat (CUBIC + ping, 1000-packet buffer, 30 s)', () => {
  it('drop-tail: 98 % busy, the ping 797 ms one way; aqm=codel: 23.2 ms at 90 %', () => {
    const dt = metricsOf('preset=bufferbloat');
    expect(dt.flows[1]!.sender).toBe('udp');
    expect(dt.linkUtilPct).toBeCloseTo(98.0, 1);
    expect(ms(dt, 1)).toBeCloseTo(797.2, 1);
    const codel = metricsOf('preset=bufferbloat&aqm=codel');
    expect(ms(codel, 1)).toBeCloseTo(23.21, 2);
    expect(codel.linkUtilPct).toBeCloseTo(89.99, 2);
  });
});

describe('codel-vs-droptail and fq-codel-fairness (CUBIC + thin NewReno, 30 s)', () => {
  it('CoDel: the thin flow 23.5 ms one way, 5 fast retransmits, 91 % busy; drop-tail 796 ms at 98 %', () => {
    const codel = metricsOf('preset=codel-vs-droptail');
    expect(ms(codel, 1)).toBeCloseTo(23.51, 2);
    expect(ms(codel, 0)).toBeCloseTo(24.14, 2);
    expect(codel.flows[1]!.frEpisodes).toBe(5);
    expect(codel.linkUtilPct).toBeCloseTo(91.12, 2);
    const dt = metricsOf('preset=codel-vs-droptail&aqm=droptail');
    expect(ms(dt, 1)).toBeCloseTo(795.8, 1);
    expect(dt.linkUtilPct).toBeCloseTo(98.03, 2);
  });
  it('FQ-CoDel: the thin flow 20.6 ms (20.5 of it propagation), no loss; the bulk flow 24 ms; 91 % busy', () => {
    const fq = metricsOf('preset=fq-codel-fairness');
    expect(ms(fq, 1)).toBeCloseTo(20.59, 2);
    expect(fq.flows[1]!.frEpisodes).toBe(0);
    expect(fq.flows[1]!.timeouts).toBe(0);
    expect(ms(fq, 0)).toBeCloseTo(24.0, 1);
    expect(fq.linkUtilPct).toBeCloseTo(90.72, 2);
  });
});
