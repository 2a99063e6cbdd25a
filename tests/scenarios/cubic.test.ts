/**
 * The cubic-vs-reno preset: the numbers its notice gives, from runs with its defaults (60 s,
 * metrics-only runs), and the first CUBIC cut it names.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run } from '../../src/engine';
import { computeMetrics } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

function metricsOf(q: string) {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const cfg = buildSimConfig(r.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

describe('preset cubic-vs-reno (long fat pipe, 60 s)', () => {
  it('CUBIC carries 65 % and SACK 35 %, the link 95 % busy, Jain 0.92', () => {
    const m = metricsOf('preset=cubic-vs-reno');
    expect(m.flows.map((f) => f.sender)).toEqual(['sack', 'cubic']);
    expect(m.flows[0]!.pctTput).toBeCloseTo(34.77, 2);
    expect(m.flows[1]!.pctTput).toBeCloseTo(65.23, 2);
    expect(m.linkUtilPct).toBeCloseTo(95.26, 2);
    expect(m.jain).toBeCloseTo(0.9151, 4);
    expect(m.flows.map((f) => f.timeouts)).toEqual([0, 0]);
  });

  it('alone, SACK keeps the link 90 % busy and CUBIC 95 %', () => {
    expect(metricsOf('preset=cubic-vs-reno&flows=sack').linkUtilPct).toBeCloseTo(89.6, 1);
    expect(metricsOf('preset=cubic-vs-reno&flows=cubic').linkUtilPct).toBeCloseTo(95.36, 2);
  });

  it('CUBIC’s first loss: 0.717 s, cwnd 118 → 84 = 0.7 × FlightSize 120', () => {
    const r = parseScenarioQuery('preset=cubic-vs-reno&stop=2');
    if (!r.ok) throw new Error('parse');
    const fr = decisionsOf(run(buildSimConfig(r.scenario))).find(
      (d) => d.flow === 1 && d.code === 'cubic.fast-retransmit',
    )!;
    expect(fr.time.toFixed(3)).toBe('0.717');
    expect(fr.changes.cwnd![0]).toBe(118);
    expect(fr.after.flightsize).toBe(120);
    expect(fr.after.cwnd).toBeCloseTo(84, 12);
    expect(fr.after.ssthresh).toBeCloseTo(84, 12);
  });
});
