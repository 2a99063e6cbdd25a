/**
 * Compare mode's minis are small multiples: every row's router plot is as tall, and only the
 * last row shows the time axis under it (frame.ts `ticks`, the rows above `none`). Their rotated
 * y label is chosen by the plot, so all rows read the same: the full one, the short one or none
 * (six runs at 1440×900 once read "packet mod 50" above and "packet number mod 50" in the last
 * row).
 */
import { describe, expect, it } from 'vitest';
import { yLabelFor } from '../../../src/ui/panels/draw/axes';
import { makeFrame, xAxisPx } from '../../../src/ui/panels/draw/frame';
import { METRICS } from '../../../src/ui/panels/palette';
import type { Theme } from '../../../src/ui/panels/types';

const SPEC = { xLabel: 'time (s)', yLabel: 'packet number mod 50', yLabelShort: 'packet mod 50' };

describe('small multiples: one y label for the whole stack', () => {
  for (const theme of ['light', 'projector'] as Theme[])
    it(`the last row (time axis ticks) chooses as the rows above it do (${theme})`, () => {
      const fontPx = METRICS[theme].fontPx;
      const axis = xAxisPx(theme, 'ticks') - xAxisPx(theme, 'none');
      const seen = new Set<string>();
      for (let h = 40; h <= 400; h++) {
        const above = makeFrame(300, h, theme, [0, 6], [0, 50], 'none');
        const last = makeFrame(300, h + axis, theme, [0, 6], [0, 50], 'ticks');
        expect(last.plot.height).toBe(above.plot.height);
        const label = yLabelFor(SPEC, above, fontPx);
        seen.add(label);
        expect(yLabelFor(SPEC, last, fontPx), `router mini ${h} px tall`).toBe(label);
      }
      // Every choice occurs in the range: none, the short label, the full one.
      expect([...seen].sort()).toEqual(['', 'packet mod 50', 'packet number mod 50']);
    });
  it('a full panel keeps the room its time axis leaves below the plot', () => {
    const f = makeFrame(600, 200, 'light', [0, 6], [0, 50], 'full');
    expect(yLabelFor(SPEC, f, METRICS.light.fontPx)).toBe('packet number mod 50');
  });
});
