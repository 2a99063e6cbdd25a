/** fitXAxis (frame.ts): a plot too short for its time axis's title drops the title. */
import { describe, expect, it } from 'vitest';
import { fitXAxis } from '../../../src/ui/panels/draw/frame';

describe('fitXAxis', () => {
  it('keeps the full axis while the plot keeps four tick labels, then drops the title', () => {
    // Projector: 16 px top + 66 px bottom margins, 22 px ticks: 88 px of plot.
    expect(fitXAxis('full', 16 + 66 + 88, 'projector')).toBe('full');
    expect(fitXAxis('full', 16 + 66 + 87, 'projector')).toBe('ticks');
    // Light: 12 + 42 px margins, 12 px ticks: 48 px of plot.
    expect(fitXAxis('full', 12 + 42 + 48, 'light')).toBe('full');
    expect(fitXAxis('full', 12 + 42 + 47, 'light')).toBe('ticks');
  });

  it('keeps a mode the caller chose other than full', () => {
    expect(fitXAxis('none', 40, 'projector')).toBe('none');
    expect(fitXAxis('ticks', 400, 'projector')).toBe('ticks');
  });
});
