import { describe, expect, it } from 'vitest';
import { dashPhase, VisibleSpan } from '../../../src/ui/panels/draw/lines';

/** Records the path a sink receives. */
function recorder() {
  const ops: string[] = [];
  return {
    ops,
    moveTo: (x: number, y: number) => ops.push(`M${x},${y}`),
    lineTo: (x: number, y: number) => ops.push(`L${x},${y}`),
  };
}

describe('VisibleSpan (a long step line drawn only where the plot shows it)', () => {
  it('starts at the last segment before the window, measures what it left out, drops the rest', () => {
    const r = recorder();
    const s = new VisibleSpan(r, 100, 200);
    s.moveTo(0, 10);
    s.lineTo(40, 10); // left out: 40
    s.lineTo(40, 30); // left out: 20
    s.lineTo(150, 30); // reaches into the window: kept, from its start
    s.lineTo(150, 5);
    s.lineTo(250, 5); // reaches past the window: kept
    s.lineTo(300, 5); // wholly past: dropped
    s.lineTo(300, 50);
    expect(r.ops).toEqual(['M40,30', 'L150,30', 'L150,5', 'L250,5']);
    expect(s.lead).toBe(60);
  });

  it('passes a line wholly inside the window on unchanged', () => {
    const r = recorder();
    const s = new VisibleSpan(r, 0, 1000);
    s.moveTo(10, 1);
    s.lineTo(20, 1);
    s.lineTo(20, 2);
    expect(r.ops).toEqual(['M10,1', 'L20,1', 'L20,2']);
    expect(s.lead).toBe(0);
  });
});

describe('dashPhase', () => {
  it('continues the pattern (an odd dash list repeats twice)', () => {
    expect(dashPhase(0, [4, 2])).toBe(0);
    expect(dashPhase(13, [4, 2])).toBe(1);
    expect(dashPhase(13, [3])).toBe(1);
    expect(dashPhase(13, [])).toBe(0);
  });
});
