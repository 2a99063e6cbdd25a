/**
 * The cursor layer of a time plot, redrawn on every cursor move and kept cheap: the static
 * layer masked (past solid, future faint), the marks straddling the playhead redrawn solid,
 * the highlighted packet's halo, the playhead.
 */
import { select } from 'd3';
import { lowerBound } from '../bisect';
import { maxGlyphHalfExtent, METRICS, PALETTE, RETX_RING } from '../palette';
import type { PacketRef, Theme } from '../types';
import { compositeCanvas, drawMarksCanvas, drawMarksSvg, markSize } from './layers';
import { drawnMarksOfPacket, type Static } from './staticLayer';

export interface CursorState {
  cursor: number;
  cursorTime: number;
  highlight: PacketRef | null;
  theme: Theme;
  futureAlpha: number;
}

export interface CursorTargets {
  dyn: SVGGElement;
  /** The visible canvas when the static layer is on canvas. */
  canvas: HTMLCanvasElement | null;
  /** Mask ids of the SVG static layer: lines, marks. */
  maskLines: string;
  maskMarks: string;
}

export function drawCursor(st: Static, s: CursorState, t: CursorTargets): void {
  const { frame, layer } = st;
  const marks = layer.marks;
  const { plot } = frame;
  const { cursor, cursorTime, theme } = s;
  const half = maxGlyphHalfExtent(theme);
  const before = cursor < 0;
  const xc = before ? -1e6 : frame.x(cursorTime);
  const edgeLines = xc;
  // Aggregated bars end at their bin: the edge is the playhead itself.
  const edgeMarks = st.agg ? xc : xc - half;
  const svg = select(t.dyn.ownerSVGElement!);
  // Marks straddling the mask edge that are already past are redrawn solid.
  const band: number[] = [];
  if (!before) {
    const tFrom = frame.x.invert(edgeMarks - half);
    const m = METRICS[theme];
    for (let i = lowerBound(marks.t, tFrom); i < marks.n && marks.t[i]! <= cursorTime; i++) {
      if (marks.event[i]! > cursor || !st.drawn(i)) continue;
      // Skip marks (with ring and label) that lie wholly in the solid part already.
      const label = marks.labels.get(i);
      const ring = layer.ring?.(i) ? (m.markPx * RETX_RING.scale) / 2 : 0;
      const ext =
        Math.max(ring, markSize(marks, i, theme) / 2) +
        m.strokePx * 2 +
        (label ? m.tickFontPx * 0.8 * label.length + 6 : 0);
      if (st.px[i]! + ext >= edgeMarks) band.push(i);
    }
  }
  // Past solid / future faint.
  const ctx = st.canvas && t.canvas ? t.canvas.getContext('2d') : null;
  if (st.canvas && ctx) {
    compositeCanvas(
      ctx,
      [
        { canvas: st.canvas.lines, edgePx: edgeLines },
        { canvas: st.canvas.marks, edgePx: edgeMarks },
      ],
      st.canvas.dpr,
      s.futureAlpha,
    );
    if (band.length) {
      ctx.save();
      ctx.setTransform(st.canvas.dpr, 0, 0, st.canvas.dpr, 0, 0);
      ctx.beginPath();
      ctx.rect(plot.left - 1, plot.top - 1, plot.width + 2, plot.height + 2);
      ctx.clip();
      drawMarksCanvas(ctx, layer, frame, band, st.labels);
      ctx.restore();
    }
  } else {
    for (const [id, edge] of [
      [t.maskLines, edgeLines],
      [t.maskMarks, edgeMarks],
    ] as const) {
      const e = Math.max(0, Math.min(frame.width, edge));
      svg.select(`#${id} .ackp-past`).attr('width', e);
      svg
        .select(`#${id} .ackp-future`)
        .attr('x', e)
        .attr('width', Math.max(0, frame.width - e));
    }
  }
  const dyn = select(t.dyn);
  dyn.selectAll('*').remove();
  if (!ctx && band.length)
    drawMarksSvg(dyn.append('g').attr('class', 'ackp-band'), layer, band, frame, {
      labels: st.labels,
    });
  // Highlighted packet.
  const hi = drawnMarksOfPacket(st, marks, s.highlight);
  if (hi.length) {
    const g = dyn.append('g').attr('class', 'ackp-highlight');
    const past = hi.filter((i) => marks.event[i]! <= cursor);
    const future = hi.filter((i) => marks.event[i]! > cursor);
    drawMarksSvg(g, layer, future, frame, {
      halo: true,
      opacity: 0.55,
      className: 'ackp-mark ackp-hl',
    });
    drawMarksSvg(g, layer, past, frame, { halo: true, className: 'ackp-mark ackp-hl' });
  }
  // Playhead.
  if (!before && xc >= plot.left - 1 && xc <= plot.left + plot.width + 1) {
    const c = PALETTE[theme];
    const m = METRICS[theme];
    dyn
      .append('line')
      .attr('class', 'ackp-playhead')
      .attr('x1', xc)
      .attr('x2', xc)
      .attr('y1', plot.top)
      .attr('y2', plot.top + plot.height)
      .attr('stroke', c.cursor)
      .attr('stroke-width', Math.max(1.5, m.linePx * 0.75));
    const sz = m.markPx;
    dyn
      .append('path')
      .attr('class', 'ackp-playhead-cap')
      .attr('d', `M${xc - sz},${plot.top - 1}L${xc + sz},${plot.top - 1}L${xc},${plot.top + sz}Z`)
      .attr('fill', c.cursor);
  }
}
