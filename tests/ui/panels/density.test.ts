import { describe, expect, it } from 'vitest';
import { run, type SenderId } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import {
  CROWDED_MEDIAN,
  isCrowded,
  medianColumnCount,
  rateBins,
  rateYDomain,
} from '../../../src/ui/panels/draw/density';
import { MarkKind } from '../../../src/ui/panels/palette';
import { routerMarks } from '../../../src/ui/panels/router';
import { timeSeqModel } from '../../../src/ui/panels/timeseq';
import { fullTimeDomain } from '../../../src/ui/panels/traceCache';
import { fallFloydTrace } from './fixtures';

function traceOf(q: string) {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(q);
  return run(buildSimConfig(p.scenario));
}

const DROPS: number[][] = [
  [],
  [15],
  [15, 29],
  [15, 27, 29],
  [15, 25, 27, 29],
  [15, 23, 25, 27, 29],
];

describe('aggregation only where marks overlap', () => {
  it('never aggregates the 6 s Fall & Floyd runs, down to a 250 px plot', () => {
    for (const sender of ['tahoe', 'reno', 'newreno', 'sack', 'fack', 'sctp-2960'] as SenderId[])
      for (const drops of DROPS) {
        const t = fallFloydTrace(sender, drops);
        const x = fullTimeDomain(t);
        for (const w of [250, 400, 700, 1400]) {
          expect(isCrowded(routerMarks(t).marks, x, w)).toBe(false);
          expect(isCrowded(timeSeqModel(t, 0).marks, x, w)).toBe(false);
        }
      }
  });

  it('aggregates a 100 s lossy run seen whole, but not a 5 s window of it', () => {
    const t = traceOf('preset=fall-floyd&sender=newreno&stop=100&loss=0.01');
    const m = routerMarks(t).marks;
    const x = fullTimeDomain(t);
    expect(medianColumnCount(m, x, 700)).toBeGreaterThan(CROWDED_MEDIAN);
    expect(isCrowded(m, x, 700)).toBe(true);
    expect(isCrowded(timeSeqModel(t, 0).marks, x, 500)).toBe(true);
    expect(isCrowded(m, [40, 45], 700)).toBe(false);
  });
});

describe('rate bins of the router plot', () => {
  const t = traceOf('preset=fall-floyd&sender=reno&sender2=newreno&stop=60&loss=0.01');
  const rm = routerMarks(t);
  const m = rm.marks;
  const x = fullTimeDomain(t);
  const spec = {
    mode: 'rate' as const,
    counted: (i: number) => m.kind[i] === MarkKind.departure,
    distinct: () => false,
    flows: [0, 1],
  };

  it('counts every departure of each flow exactly once', () => {
    const bins = rateBins(m, spec, x, 700);
    expect(bins.n).toBe(350);
    for (const [k, flow] of bins.flows.entries()) {
      const want = rm.departures.filter(
        (i) => t.transmissions.flow[t.packets.uid[i]!] === flow,
      ).length;
      expect(want).toBeGreaterThan(100);
      expect(bins.counts[k]!.reduce((a, b) => a + b, 0)).toBe(want);
    }
    let max = 0;
    for (const c of bins.counts) for (const v of c) max = Math.max(max, v);
    expect(bins.max).toBe(max);
  });

  it('draws two flows up and down from the axis, with headroom', () => {
    const bins = rateBins(m, spec, x, 700);
    const [lo, hi] = rateYDomain(bins);
    expect(lo).toBe(-hi);
    expect(hi).toBeGreaterThan(bins.max);
    expect(rateYDomain({ ...bins, flows: [0] })[0]).toBe(0);
  });
});
