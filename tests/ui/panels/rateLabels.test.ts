/**
 * The rate plot's in-plot row labels (rateLabels.ts): kept only where they fit their half of
 * the plot, shortened when the plot is narrow, never overlapping each other.
 */
import { describe, expect, it } from 'vitest';
import type { AggregateSpec, RateBins } from '../../../src/ui/panels/draw/density';
import { makeFrame } from '../../../src/ui/panels/draw/frame';
import { CHAR_EM, rateLabels } from '../../../src/ui/panels/draw/rateLabels';
import { METRICS } from '../../../src/ui/panels/palette';

const bins = (flows: number[], distinct: number[]): RateBins => ({
  x0: 0,
  binS: 1,
  binPx: 2,
  n: 1,
  flows,
  counts: flows.map(() => new Uint32Array(1)),
  max: 10,
  maxTotal: 20,
  distinct,
});

const spec: AggregateSpec = {
  mode: 'rate',
  counted: () => true,
  flows: [0, 1],
  flowLabel: (f) => (f === 0 ? 'ftp-clients/tcp (10 flows)' : 'voip/udp (10 flows)'),
  distinct: () => false,
  distinctLabel: 'drops',
};

describe('rateLabels', () => {
  it('names both rows with their drops in a tall plot (projector)', () => {
    const f = makeFrame(1000, 300, 'projector', [0, 200], [-13, 13]);
    const ls = rateLabels(bins([0, 1], [54, 52]), spec, f);
    expect(ls.map((l) => l.text)).toEqual([
      'ftp-clients/tcp (10 flows) ↑ · 54 drops (row above)',
      'voip/udp (10 flows) ↓ · 52 drops (row below)',
    ]);
    // The upper label's box ends above the axis, the lower one's starts below it.
    const font = METRICS.projector.tickFontPx;
    expect(ls[0]!.y + font * 0.25).toBeLessThanOrEqual(f.y(0));
    expect(ls[1]!.y - font).toBeGreaterThanOrEqual(f.y(0));
    expect(ls[1]!.y).toBeLessThanOrEqual(f.plot.top + f.plot.height);
  });

  it('leaves both out when a half of the plot is shorter than a line (the old 38 px plot)', () => {
    // 16 + 38 + 66: the plot area alamgir-table2 had at 1280×720 on the projector.
    const f = makeFrame(800, 120, 'projector', [0, 1000], [-13, 13]);
    expect(f.plot.height).toBe(38);
    expect(rateLabels(bins([0, 1], [247, 208]), spec, f)).toEqual([]);
  });

  it('shortens a label to the plot width, the "(row above)" first, then the count', () => {
    const font = METRICS.light.tickFontPx;
    const name = 'ftp-clients/tcp (10 flows) ↑ · 54 drops';
    const w = 62 + 18 + 12 + Math.ceil(name.length * font * CHAR_EM);
    const f = makeFrame(w, 300, 'light', [0, 200], [-13, 13]);
    expect(rateLabels(bins([0, 1], [54, 52]), spec, f)[0]!.text).toBe(name);
    const g = makeFrame(w - 40, 300, 'light', [0, 200], [-13, 13]);
    expect(rateLabels(bins([0, 1], [54, 52]), spec, g)[0]!.text).toBe(
      'ftp-clients/tcp (10 flows) ↑',
    );
  });

  it('has no labels for stacked rates (the legend names them)', () => {
    const f = makeFrame(800, 300, 'light', [0, 200], [0, 13]);
    expect(rateLabels(bins([0, 1, 2], [0, 0, 0]), spec, f)).toEqual([]);
  });
});
