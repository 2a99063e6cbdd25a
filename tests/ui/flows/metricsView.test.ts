import { describe, expect, it } from 'vitest';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { run } from '../../../src/engine';
import { computeMetrics, type RunMetrics } from '../../../src/ui/deps/metrics';
import { metricsView } from '../../../src/ui/panels/metricsView';
import { autoBinS, binChoices, fmtRate, mergeBins, tputModel } from '../../../src/ui/panels/tput';

function metricsOf(q: string): RunMetrics {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error('bad query');
  const cfg = buildSimConfig(p.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

describe('throughput bins on screen', () => {
  it('merges the 0.1 s bins: bytes · 8 / the merged width, the last one narrower', () => {
    // 5 bins of 0.1 s, the last 0.05 s wide: merged by 2 → [0, 0.2), [0.2, 0.4), [0.4, 0.45].
    const pts = mergeBins([100, 300, 50, 50, 25], 0.1, 0.05, 2);
    expect(pts.map((p) => p.t)).toEqual([0, 0.2, 0.4]);
    expect(pts[0]!.v).toBeCloseTo((400 * 8) / 0.2, 9);
    expect(pts[1]!.v).toBeCloseTo((100 * 8) / 0.2, 9);
    expect(pts[2]!.v).toBeCloseTo((25 * 8) / 0.05, 9);
  });

  it('a width is chosen for about 250 bins; the choices stop at half the run', () => {
    expect(autoBinS(0.1, 6)).toBe(0.1);
    expect(autoBinS(0.1, 60)).toBe(0.5);
    expect(autoBinS(0.1, 1000)).toBe(5);
    expect(binChoices(0.1, 6)).toEqual([0.1, 0.2, 0.5, 1, 2]);
    expect(fmtRate(1_234_567)).toBe('1.23 Mb/s');
    expect(fmtRate(640_000)).toBe('640 kb/s');
  });

  it('per flow and total add up to the metrics module’s bytes', () => {
    const m = metricsOf('preset=geo-table2&n=4&stop=20');
    const model = tputModel(m.throughput, 1);
    expect(model.factor).toBe(10);
    expect(model.flows).toHaveLength(4);
    for (const [i, f] of model.flows.entries()) {
      const bytes = f.points.reduce((s, p, k) => {
        const width = k === f.points.length - 1 ? m.durationS - p.t : model.binS;
        return s + (p.v * width) / 8;
      }, 0);
      expect(bytes).toBeCloseTo(m.flows[i]!.uniqueBytes, 3);
    }
  });
});

describe('metrics panel numbers', () => {
  const m = metricsOf('preset=geo-table2&n=4&stop=20');

  it('whole run: the metrics module’s own values', () => {
    const v = metricsView(m, 'run', 3);
    expect(v.flows.map((f) => f.tputBps)).toEqual(m.flows.map((f) => f.tputBps));
    expect(v.flows.map((f) => f.pct)).toEqual(m.flows.map((f) => f.pctTput));
    expect(v.jain).toBe(m.jain);
    expect(v.linkUtilPct).toBe(m.linkUtilPct);
    expect(v.pctIncrease).toBe(m.pctIncrease);
    expect(v.protocols?.map((p) => p.protocol)).toEqual(['tcp', 'sctp']);
    const tcp = v.protocols![0]!.pct! + v.protocols![1]!.pct!;
    expect(tcp).toBeCloseTo(100, 9);
  });

  it('up to the cursor: the bins up to the cursor’s, with the module’s formulas', () => {
    const v = metricsView(m, 'cursor', 4.95);
    expect(v.endS).toBeCloseTo(5, 12); // bins 0 … 49 (up to 5.0 s)
    const bytes = m.throughput.flows.map((b) => b.slice(0, 50).reduce((a, x) => a + x, 0));
    const total = bytes.reduce((a, x) => a + x, 0);
    expect(v.flows.map((f) => f.bytes)).toEqual(bytes);
    v.flows.forEach((f, i) => {
      expect(f.tputBps).toBeCloseTo((bytes[i]! * 8) / 5, 9);
      expect(f.pct).toBeCloseTo((bytes[i]! / total) * 100, 9);
    });
    const sum = bytes.reduce((a, x) => a + x, 0);
    const sq = bytes.reduce((a, x) => a + x * x, 0);
    expect(v.jain).toBeCloseTo((sum * sum) / (4 * sq), 12);
    expect(v.linkUtilPct).toBeCloseTo(((total * 8) / 5 / m.bottleneck.capacityBps) * 100, 9);
    // At the end of the run it is the whole run again.
    const end = metricsView(m, 'cursor', m.durationS);
    expect(end.jain).toBeCloseTo(m.jain!, 12);
    expect(end.linkUtilPct).toBeCloseTo(m.linkUtilPct, 9);
  });

  it('up to the cursor, Jain’s index counts the TCP and SCTP flows, not a UDP one (src/metrics jainFairness)', () => {
    const voip = metricsOf('preset=voip-pr-sctp&stop=20');
    expect(voip.flows.map((f) => f.protocol)).toEqual(['sctp', 'sctp', 'udp']);
    const v = metricsView(voip, 'cursor', 9.95);
    const [a, b] = [v.flows[0]!.bytes, v.flows[1]!.bytes];
    expect(v.jain).toBe(((a + b) * (a + b)) / (2 * (a * a + b * b)));
    const udpOnly = metricsOf('preset=dainotti-eth2eth&sender=udp&stop=1');
    expect(metricsView(udpOnly, 'run', 0).jain).toBeNull();
    expect(metricsView(udpOnly, 'cursor', 0.5).jain).toBeNull();
  });
});
