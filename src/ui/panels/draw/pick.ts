/**
 * Which mark the pointer is on (hover and click in a time plot), and the marks under it with it.
 * Pure: pixel positions, glyph sizes and label boxes in, mark indices out.
 *
 * Marks overlap: in the router plot the retransmission of packet 15 is drawn, ringed and labelled
 * "R", right above the row of duplicate ACKs for 14. The nearest centre alone picks an ACK when
 * the pointer is on the "R". So a mark is picked by, in order:
 *   1. its glyph (or its drawn label, such as "R" or "3") contains the point;
 *   2. data before ACK (a packet mark wins over an ACK mark drawn on top of it);
 *   3. the smaller distance from the point to the glyph's centre;
 *   4. the earlier mark (event order).
 * Candidates are the marks whose centre lies within the hit radius (UX.md §5: ≥ 8 px) and those
 * whose label box contains the point.
 */
import type { Quadtree } from 'd3';

/** A label's box in the plot's pixels: [left, top, width, height]. */
export type LabelBox = readonly [number, number, number, number];

export interface PickIndex {
  /** The drawn marks' centres, indexed by mark. */
  quad: Quadtree<number>;
  px: ArrayLike<number>;
  py: ArrayLike<number>;
  /** Half the glyph's extent of mark i, px (its ring's, for a ringed retransmission). */
  half: (i: number) => number;
  /** Boxes of the labels drawn ("R", "3"), by mark. */
  labels: ReadonlyMap<number, LabelBox>;
  /** ACK marks (they rank after data marks). */
  isAck: (i: number) => boolean;
}

/** Slack around a label box, px (a label's glyph is narrower than the pointer's aim). */
const LABEL_SLACK = 1.5;
/** Marks this much farther than the nearest are listed with it (the tooltip's ties), px. */
const TIE_PX = 2;

const inBox = (b: LabelBox, x: number, y: number) =>
  x >= b[0] - LABEL_SLACK &&
  x <= b[0] + b[2] + LABEL_SLACK &&
  y >= b[1] - LABEL_SLACK &&
  y <= b[1] + b[3] + LABEL_SLACK;

/**
 * The marks under the point (x, y): the picked one first (the rule above), then the others
 * under the pointer in mark order — when the picked glyph contains the point, the other glyphs
 * containing it; otherwise the centres within TIE_PX of the nearest. Empty when no mark is
 * within `radius` px and no label is hit.
 */
export function pickMarks(ix: PickIndex, x: number, y: number, radius: number): number[] {
  const { px, py } = ix;
  const dist = (i: number) => Math.hypot(px[i]! - x, py[i]! - y);
  const found = new Set<number>();
  ix.quad.visit((node, x0, y0, x1, y1) => {
    if (!node.length) {
      let n: typeof node | undefined = node;
      while (n && !n.length) {
        const i = (n as { data: number }).data;
        if (dist(i) <= radius) found.add(i);
        n = (n as { next?: typeof node }).next;
      }
    }
    return x0 > x + radius || x1 < x - radius || y0 > y + radius || y1 < y - radius;
  });
  for (const [i, box] of ix.labels) if (inBox(box, x, y)) found.add(i);
  if (found.size === 0) return [];
  const contains = (i: number) => {
    const h = ix.half(i);
    if (Math.abs(px[i]! - x) <= h && Math.abs(py[i]! - y) <= h) return true;
    const box = ix.labels.get(i);
    return box !== undefined && inBox(box, x, y);
  };
  const ranked = [...found].map((i) => ({
    i,
    contains: contains(i),
    ack: ix.isAck(i),
    d: dist(i),
  }));
  ranked.sort(
    (a, b) =>
      Number(b.contains) - Number(a.contains) ||
      Number(a.ack) - Number(b.ack) ||
      a.d - b.d ||
      a.i - b.i,
  );
  const best = ranked[0]!;
  const nearest = ranked.reduce((m, r) => Math.min(m, r.d), Infinity);
  // On a glyph or label: the others drawn there too; between marks: those about as near.
  const others = ranked
    .slice(1)
    .filter((r) => (best.contains ? r.contains : r.d <= nearest + TIE_PX))
    .map((r) => r.i)
    .sort((a, b) => a - b);
  return [best.i, ...others];
}
