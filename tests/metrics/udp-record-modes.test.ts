/**
 * UDP flows, jittered links and Gilbert–Elliott loss: a metrics-only run keeps exactly what a
 * full run yields (counters, accumulators — delay and jitter included — and the metrics), and
 * the flows group into classes by application and protocol.
 */
import { describe, expect, it } from 'vitest';
import { run, runAccumulators, type FlowConfig, type SimConfig } from '../../src/engine';
import { classMetrics, computeMetrics } from '../../src/metrics';
import { flowOf, pathWith } from '../engine/udp/config';

function mixed(seed: number, jitterS: number, bursty: boolean): SimConfig {
  const flows: FlowConfig[] = [
    flowOf(0, { kind: 'cbr', pps: 60 }, 472),
    flowOf(1, { kind: 'onoff', onS: 0.1, offS: 0.1, rateBps: 400_000 }, 972, 1.5),
    flowOf(2, { kind: 'voip', holdS: 5, gapS: 2, talkS: 1, silenceS: 1.5, frameS: 0.02 }, 20, 0.5),
    flowOf(3, { kind: 'bulk' }, 1000, 2, 'sack'),
    flowOf(4, { kind: 'voip', holdS: 5, gapS: 2, talkS: 1, silenceS: 1.5, frameS: 0.02 }, 20, 0.7),
  ];
  const base = pathWith(flows, 20, { seed });
  return {
    ...base,
    links: base.links.map((l, i) => (i === 1 ? { ...l, jitterS } : l)),
    losses: base.losses.map((l) => ({
      ...l,
      seed: seed + 1,
      lossRate: 0.01,
      ...(bursty
        ? { gilbert: { pGoodBad: 0.02, pBadGood: 0.3, lossGood: 0.001, lossBad: 0.5 } }
        : {}),
    })),
  };
}

describe("UDP mixes: record 'metrics' = 'full'", () => {
  it.each([
    [1, 0, false],
    [2, 0.01, false],
    [3, 0, true],
    [4, 0.03, true],
  ])('seed %i, jitterS %f, gilbert %s', (seed, jitterS, bursty) => {
    const cfg = mixed(seed, jitterS, bursty);
    const full = run(cfg);
    const metrics = run(cfg, { record: 'metrics' });
    expect(metrics.flowStats).toEqual(full.flowStats);
    expect(metrics.linkStats).toEqual(full.linkStats);
    expect(metrics.eventCount).toBe(full.packets.length);
    expect(metrics.accumulators).toEqual(runAccumulators(full, cfg));
    const m = computeMetrics(full, cfg);
    expect(computeMetrics(metrics, cfg)).toEqual(m);
    // Something was measured on every flow.
    for (const f of m.flows) {
      expect(f.arrivals).toBeGreaterThan(0);
      expect(f.delayMeanS).toBeGreaterThan(0.1);
    }
    // UDP flows send each packet once: sent = arrived + dropped + in flight at the end.
    for (const f of m.flows.filter((x) => x.protocol === 'udp')) {
      expect(f.dataSent - f.arrivals - f.dataDropped).toBeGreaterThanOrEqual(0);
      expect(f.dataSent - f.arrivals - f.dataDropped).toBeLessThan(30);
      expect(f.offeredBytes).toBe(f.dataSent * cfg.flows[f.flow - 1]!.mssBytes);
    }
  });
});

describe('classMetrics', () => {
  it('groups by application/protocol in order of first flow, with sums and packet-weighted means', () => {
    const cfg = mixed(5, 0.01, false);
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    const cls = classMetrics(m);
    expect(cls.map((c) => [c.flowClass, c.flowNumbers])).toEqual([
      ['cbr/udp', [1]],
      ['onoff/udp', [2]],
      ['voip/udp', [3, 5]],
      ['bulk/tcp', [4]],
    ]);
    const voip = cls[2]!;
    const [f3, f5] = [m.flows[2]!, m.flows[4]!];
    expect(voip.flows).toBe(2);
    expect(voip.tputBps).toBe(f3.tputBps + f5.tputBps);
    expect(voip.meanTputBps).toBe((f3.tputBps + f5.tputBps) / 2);
    expect(voip.deliveredBytes).toBe(f3.deliveredBytes + f5.deliveredBytes);
    expect(voip.offeredBytes).toBe(f3.offeredBytes! + f5.offeredBytes!);
    expect(voip.arrivals).toBe(f3.arrivals + f5.arrivals);
    expect(voip.lossRate).toBe((f3.dataDropped + f5.dataDropped) / (f3.dataSent + f5.dataSent));
    expect(voip.delayMeanS).toBeCloseTo(
      (f3.delayMeanS! * f3.arrivals + f5.delayMeanS! * f5.arrivals) / (f3.arrivals + f5.arrivals),
      15,
    );
    expect(voip.delayMaxS).toBe(Math.max(f3.delayMaxS!, f5.delayMaxS!));
    expect(voip.jitterS).toBeCloseTo((f3.jitterS! + f5.jitterS!) / 2, 15);
    expect(voip.jitterMaxS).toBe(Math.max(f3.jitterMaxS!, f5.jitterMaxS!));
    // A bulk source offers no finite amount: its class has no requested rate.
    expect(cls[3]!.offeredBytes).toBeNull();
    expect(cls[3]!.requestedBps).toBeNull();
  });
});
