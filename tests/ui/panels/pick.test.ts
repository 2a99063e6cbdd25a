/**
 * Which mark the pointer picks (pick.ts): a mark whose glyph or label contains the point, then
 * data before ACK, then the nearer centre, then the earlier mark; the others under the pointer
 * follow in mark order. On the real Fall & Floyd Reno run the "R" of packet 15's retransmission
 * picks packet 15, where the nearest centre is a duplicate ACK for 14.
 */
import { quadtree } from 'd3';
import { describe, expect, it } from 'vitest';
import { makeFrame } from '../../../src/ui/panels/draw/frame';
import { placeLabels } from '../../../src/ui/panels/draw/layers';
import { pickMarks, type LabelBox, type PickIndex } from '../../../src/ui/panels/draw/pick';
import { hitRadius, pickIndex } from '../../../src/ui/panels/draw/staticLayer';
import { MarkKind } from '../../../src/ui/panels/palette';
import { routerMarks } from '../../../src/ui/panels/router';
import { tooltipPlace } from '../../../src/ui/panels/Tooltip';
import { renoThreeDrops } from './fixtures';

/** Marks at given centres: half-size, ACK or not, and label boxes. */
function index(
  marks: { x: number; y: number; half?: number; ack?: boolean; label?: LabelBox }[],
): PickIndex {
  const px = marks.map((m) => m.x);
  const py = marks.map((m) => m.y);
  const labels = new Map<number, LabelBox>();
  marks.forEach((m, i) => m.label && labels.set(i, m.label));
  return {
    quad: quadtree<number>()
      .x((i) => px[i]!)
      .y((i) => py[i]!)
      .addAll(marks.map((_, i) => i)),
    px,
    py,
    labels,
    half: (i) => marks[i]!.half ?? 3,
    isAck: (i) => marks[i]!.ack ?? false,
  };
}

describe('pickMarks: the tie rule', () => {
  it('picks nothing when no centre is within the radius and no label is hit', () => {
    const ix = index([{ x: 0, y: 0 }]);
    expect(pickMarks(ix, 9, 0, 8)).toEqual([]);
    expect(pickMarks(ix, 8, 0, 8)).toEqual([0]);
  });

  it('a label containing the point picks its mark over a nearer ACK', () => {
    // A retransmission at (0, 0) labelled "R" up and to the right; an ACK just below the label.
    const ix = index([
      { x: 20, y: 22, ack: true },
      { x: 0, y: 10, half: 5, label: [8, 0, 8, 11] },
    ]);
    // (12, 10): inside the label box; 13.4 px from the data centre, 14.4 from the ACK's.
    expect(pickMarks(ix, 12, 10, 8)).toEqual([1]);
    // (13, 14): 1.5 px below the label's slack, 10.6 px from the ACK: nothing within 8 px.
    expect(pickMarks(ix, 13, 14, 8)).toEqual([]);
    // (18, 17): off the label; the ACK is 5.4 px away.
    expect(pickMarks(ix, 18, 17, 8)).toEqual([0]);
    // The label is hit even beyond the hit radius of its mark's centre.
    expect(pickMarks(ix, 15.5, 1, 8)).toEqual([1]);
  });

  it('a glyph containing the point wins over a nearer centre that does not', () => {
    // A big ring (half 8) at (0, 0) and a small ACK (half 2) at (9, 0): the point (6, 0) is in the
    // ring, 3 px from the ACK's centre and outside its glyph.
    const ix = index([
      { x: 0, y: 0, half: 8 },
      { x: 9, y: 0, half: 2, ack: true },
    ]);
    expect(pickMarks(ix, 6, 0, 8)).toEqual([0]);
    // Between the two (outside both glyphs): data before ACK though the ACK is 1 px nearer; the
    // ACK, about as near, is listed with it.
    const gap = index([
      { x: 0, y: 0, half: 2 },
      { x: 9, y: 0, half: 2, ack: true },
    ]);
    expect(pickMarks(gap, 5, 0, 8)).toEqual([0, 1]);
  });

  it('data before ACK when both glyphs contain the point', () => {
    const ix = index([
      { x: 1, y: 0, ack: true },
      { x: 3, y: 0 },
    ]);
    // (1.5, 0): 0.5 px from the ACK, 1.5 px from the data mark, both contain it.
    expect(pickMarks(ix, 1.5, 0, 8)).toEqual([1, 0]);
  });

  it('the nearer centre among equals, then the earlier mark', () => {
    const ix = index([
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 0 },
    ]);
    expect(pickMarks(ix, 3, 0, 8)[0]).toBe(1);
    expect(pickMarks(ix, 4, 0, 8)).toEqual([1, 2]);
    // (2.5, 0): mark 0 contains it (half 3) and is nearer than 2 px more: listed after 1.
    expect(pickMarks(ix, 2.5, 0, 8)).toEqual([1, 0, 2]);
    // Far from the pointer and not containing it: not listed with the picked mark.
    const far = index([
      { x: 0, y: 0, half: 1 },
      { x: 7, y: 0, half: 1 },
    ]);
    expect(pickMarks(far, 0.5, 0, 8)).toEqual([0]);
  });
});

describe('pickMarks on the router plot of Reno with drops 15, 27, 29', () => {
  const trace = renoThreeDrops();
  const rm = routerMarks(trace);
  const m = rm.marks;
  // The plot of the 1280×720 page: 700 × 177 px, the preset's story window 1.6–3.6 s.
  const frame = makeFrame(700, 177, 'light', [1.6, 3.6], [-1.5, 50.5]);
  const layer = {
    marks: m,
    ring: (i: number) => m.kind[i] === MarkKind.departure && m.retx[i] === 1,
  };
  const px = new Float32Array(m.n);
  const py = new Float32Array(m.n);
  for (let i = 0; i < m.n; i++) {
    px[i] = frame.x(m.t[i]!);
    py[i] = frame.y(m.y[i]!);
  }
  const quad = quadtree<number>()
    .x((i) => px[i]!)
    .y((i) => py[i]!)
    .addAll(Array.from({ length: m.n }, (_, i) => i));
  const labels = placeLabels(layer, frame);
  const ix = pickIndex(layer, frame, labels, px, py, quad);
  const r = hitRadius('light');
  const retx15 = [...labels.keys()].find(
    (i) => m.kind[i] === MarkKind.departure && m.packet[i] === 15,
  )!;

  it('draws the "R" of packet 15 next to duplicate ACKs for 14', () => {
    expect(retx15).toBeDefined();
    expect(m.labels.get(retx15)).toBe('R');
  });

  it('the lower part of the "R" picks packet 15, where the nearest centre is an ACK for 14', () => {
    const [x, y, w, h] = labels.get(retx15)!;
    // Points across the lower half of the label, where the ACK row's circles come within 8 px.
    let checked = 0;
    for (let fx = 0.1; fx <= 0.9; fx += 0.2)
      for (let fy = 0.5; fy <= 1; fy += 0.25) {
        const qx = x + fx * w;
        const qy = y + fy * h;
        const nearest = quad.find(qx, qy, r);
        if (nearest !== undefined && m.kind[nearest] === MarkKind.ackAtRouter) {
          expect(m.packet[nearest], 'the old rule picked an ACK for 14').toBe(14);
          checked++;
        }
        const picked = pickMarks(ix, qx, qy, r)[0]!;
        expect(m.kind[picked]).toBe(MarkKind.departure);
        expect(m.packet[picked]).toBe(15);
      }
    // The trap is real at this size: the nearest centre was an ACK at several of these points.
    expect(checked).toBeGreaterThan(0);
  });

  it('an ACK for 14 away from the label is still picked as the ACK', () => {
    const ack = [...Array(m.n).keys()].find(
      (i) =>
        m.kind[i] === MarkKind.ackAtRouter &&
        m.packet[i] === 14 &&
        m.event[i]! > m.event[retx15]! &&
        px[i]! > labels.get(retx15)![0] + labels.get(retx15)![2] + 10,
    )!;
    const picked = pickMarks(ix, px[ack]!, py[ack]! + 1, r)[0]!;
    expect(m.kind[picked]).toBe(MarkKind.ackAtRouter);
    expect(m.packet[picked]).toBe(14);
  });
});

describe('tooltipPlace: the tooltip stays inside the window', () => {
  const win = { w: 1280, h: 720 };
  it('goes right of the point, centred on it', () => {
    expect(tooltipPlace({ x: 100, y: 300 }, { w: 200, h: 100 }, win)).toEqual({
      left: 116,
      top: 250,
    });
  });
  it('flips left of the point near the right edge', () => {
    expect(tooltipPlace({ x: 1200, y: 300 }, { w: 200, h: 100 }, win)).toEqual({
      left: 984,
      top: 250,
    });
  });
  it('is clamped to the window at the top and bottom, and when wider than both sides', () => {
    expect(tooltipPlace({ x: 100, y: 10 }, { w: 200, h: 300 }, win).top).toBe(4);
    expect(tooltipPlace({ x: 100, y: 700 }, { w: 200, h: 300 }, win).top).toBe(416);
    expect(tooltipPlace({ x: 640, y: 300 }, { w: 1000, h: 100 }, win).left).toBe(4);
  });
});
