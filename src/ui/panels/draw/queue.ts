/**
 * The topology / queue view (nam-like): nodes left → right, each directed link a lane with the
 * packets on its wire, and the router's bottleneck queue as a stack of boxes. Layout and the
 * state at the cursor are pure; drawQueueView renders them with D3 into an SVG group.
 */
import { path as d3path, type Selection } from 'd3';
import { PacketType, type Trace } from '../../../engine';
import { glyphPath } from '../glyphs';
import { MARK_STYLES, METRICS, PALETTE } from '../palette';
import { dropKind } from '../router';
import { linkLabel } from '../traceCache';
import type { PacketRef, Theme } from '../types';
import { FONT_FAMILY } from './axes';
import { drawPacket, packetBox, shownNumber } from './queuePacket';

import { topologyLayout, type QueueViewState } from './queueState';

type G = Selection<SVGGElement, unknown, null, undefined>;

interface Sizes {
  r: number;
  boxW: number;
  boxH: number;
  font: number;
  lane: number;
}

interface VLayout {
  /** Text lines beside the stack (3, or 1 when short). */
  labelLines: number;
  /** Space above the stack for drop marks and the limit label. */
  topPad: number;
  /** Centre line of the node row. */
  centerY: number;
  /** Space needed below the centre line (reverse lane, ACK numbers, link labels). */
  below: number;
}

function sizes(theme: Theme, h: number, capacity: number, extraRows = 0): Sizes & VLayout {
  const m = METRICS[theme];
  const proj = theme === 'projector';
  const font = Math.max(proj ? 20 : 12, m.tickFontPx - 2);
  const r = proj ? 28 : 19;
  const boxW = proj ? 50 : 36;
  const lane = r * 0.62;
  const topPad = Math.max(font, m.markPx * 2.4) + 12;
  let boxH = proj ? 28 : 19;
  const below = lane + boxH * 0.42 + font * (2.6 + 1.25 * extraRows) + 8;
  const room = h - topPad - 8 - r - below;
  if (capacity * boxH > room) boxH = Math.max(3, room / Math.max(1, capacity));
  // The three text lines left of the stack need their own height when the stack is short.
  const labelLines = room >= font * 3.8 ? 3 : 1;
  const stackBlock = Math.max(capacity * boxH, Math.min(room, font * 1.25 * labelLines));
  const centerY = topPad + stackBlock + 8 + r;
  return { r, boxW, boxH, font, lane, topPad, centerY, below, labelLines };
}

export interface QueueDrawArgs {
  trace: Trace;
  state: QueueViewState;
  width: number;
  height: number;
  theme: Theme;
  highlight: PacketRef | null;
}

function isHighlighted(trace: Trace, ev: number, hl: PacketRef | null): boolean {
  if (!hl) return false;
  if (trace.transmissions.flow[trace.packets.uid[ev]!] !== hl.flow) return false;
  return shownNumber(trace, ev) === hl.packet;
}

/** An axis-aligned box, px: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Whether two boxes overlap (touching edges do not). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Width of `text` at `font` px (a generous estimate for the sans-serif the panels use). */
export function textWidth(text: string, font: number): number {
  return text.length * font * 0.58;
}

/** A link's label: "3 Mb/s · 250 ms · queue 10". */
export function linkText(l: { bandwidthBps: number; delayS: number; queueLimit: number }): string {
  const bw =
    l.bandwidthBps >= 1e6
      ? `${+(l.bandwidthBps / 1e6).toFixed(2)} Mb/s`
      : `${+(l.bandwidthBps / 1e3).toFixed(1)} kb/s`;
  return `${bw} · ${+(l.delayS * 1000).toFixed(1)} ms · queue ${l.queueLimit}`;
}

/**
 * Rows for labels centred at `cx` with widths `w` on one line: each label takes the first row
 * (0 = the line itself, 1 = one line lower, …) where it overlaps no label already placed, so
 * neighbouring link labels alternate between two lines instead of running into each other.
 */
export function labelRows(items: readonly { cx: number; w: number }[], gap = 8): number[] {
  const rows: { x0: number; x1: number }[][] = [];
  return items.map(({ cx, w }) => {
    const x0 = cx - w / 2 - gap / 2;
    const x1 = cx + w / 2 + gap / 2;
    let r = 0;
    while (rows[r]?.some((b) => x0 < b.x1 && b.x0 < x1)) r++;
    (rows[r] ??= []).push({ x0, x1 });
    return r;
  });
}

export interface LaneGeom {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  forward: boolean;
}

/** Where everything of the queue view goes: pure, so overlaps can be tested per topology. */
export interface QueueLayout {
  s: Sizes & VLayout;
  /** Per node: centre and radius. */
  nodes: { x: number; y: number; r: number }[];
  /** Nodes per layout column (a column of more than two is fanned). */
  layerOf: (i: number) => number;
  lanes: LaneGeom[];
  /** Link labels (one per distinct link, on the reverse lane), with their boxes. */
  linkLabels: { link: number; x: number; y: number; text: string; box: Box }[];
  /** The text beside the bottleneck queue: the side it goes, its anchor x, its lines' boxes. */
  stackLabel: { side: 'left' | 'right'; x: number; boxes: Box[] } | null;
}

/** Lines of text beside the stack, bottom first, with their y offset above the stack's base. */
export function stackLabelLines(
  trace: Trace,
  state: Pick<QueueViewState, 'slots' | 'capacity' | 'dropCounts'>,
  font: number,
  labelLines: number,
): { text: string; dy: number; strong: boolean }[] {
  const d = state.dropCounts;
  const dropsText = [
    d.scripted ? `${d.scripted} scripted` : '',
    d.overflow ? `${d.overflow} overflow` : '',
    d.random ? `${d.random} random` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const out = [
    { text: `${state.slots.length} / ${state.capacity} waiting`, dy: font * 0.2, strong: true },
  ];
  if (labelLines >= 3) {
    out.push({
      text: `queue ${linkLabel(trace, trace.bottleneck)}`,
      dy: font * 1.4,
      strong: false,
    });
    out.push({ text: `drops: ${dropsText || 'none'}`, dy: font * 2.6, strong: false });
  }
  return out;
}

export function queueLayout(
  trace: Trace,
  state: Pick<QueueViewState, 'slots' | 'capacity' | 'dropCounts'>,
  width: number,
  height: number,
  theme: Theme,
): QueueLayout {
  let s = sizes(theme, height, state.capacity);
  const padX = s.r + Math.max(60, s.boxW * 1.6);
  const layout = topologyLayout(trace);
  // Nodes of one layer spread vertically around the centre line, inside the view.
  const perLayer = new Map<number, number>();
  for (const p of layout) perLayer.set(p.x, (perLayer.get(p.x) ?? 0) + 1);
  let rows = 1;
  for (const k of perLayer.values()) if (k > rows) rows = k;
  const px = (i: number) => padX + layout[i]!.x * Math.max(10, width - 2 * padX);
  const layerOf = (i: number) => perLayer.get(layout[i]!.x) ?? 1;
  const nodeIdx = (name: string) => trace.nodes.indexOf(name);
  // The link labels' texts and x centres (they do not depend on the vertical layout).
  const labelled = new Set<string>();
  const wanted: { link: number; text: string; cx: number; w: number }[] = [];
  trace.links.forEach((l, i) => {
    const a0 = nodeIdx(l.from);
    const b0 = nodeIdx(l.to);
    const forward = px(a0) < px(b0) || (px(a0) === px(b0) && layout[a0]!.y < layout[b0]!.y);
    const key = `${l.bandwidthBps}|${l.delayS}|${l.queueLimit}`;
    // Parallel access links (n sources) are labelled once.
    if (forward || labelled.has(key)) return;
    labelled.add(key);
    const text = linkText(l);
    wanted.push({ link: i, text, cx: (px(a0) + px(b0)) / 2, w: textWidth(text, s.font) });
  });
  const rowOf = labelRows(wanted);
  const extraRows = rowOf.reduce((a, r) => Math.max(a, r), 0);
  if (extraRows > 0) s = sizes(theme, height, state.capacity, extraRows);

  // A column of many nodes (n sources) shares the view's height: closer rows, smaller nodes.
  const room = Math.max(s.r * 2, height - s.below - s.r * 0.2 - (s.topPad + s.r));
  const rowGap = Math.min(
    2 * s.r + 2 * s.lane + s.font * 3,
    rows > 1 ? room / (rows - 1) : Infinity,
  );
  const yTop = s.topPad + s.r;
  const yBottom = height - s.below - s.r * 0.2;
  const py = (i: number) => {
    const k = layerOf(i);
    // A column of many nodes spreads over the whole height (n sources on the left).
    if (k > 2) {
      const at = (layout[i]!.y * (k + 1) - 1) / (k - 1);
      return yTop + at * Math.max(0, yBottom - yTop);
    }
    return Math.max(
      yTop,
      Math.min(yBottom, s.centerY + (layout[i]!.y - 0.5) * rowGap * (rows + 1)),
    );
  };
  const rOf = (i: number) => (layerOf(i) > 2 ? Math.min(s.r, Math.max(6, rowGap * 0.42)) : s.r);
  const nodes = trace.nodes.map((_, i) => ({ x: px(i), y: py(i), r: rOf(i) }));
  const lanes = trace.links.map((l) => {
    const a0 = nodeIdx(l.from);
    const b0 = nodeIdx(l.to);
    const [ax, ay, bx, by] = [px(a0), py(a0), px(b0), py(b0)];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    // Each direction keeps to its own side: left → right above the centre line, back below.
    const ox = uy * s.lane;
    const oy = -ux * s.lane;
    const forward = ax < bx || (ax === bx && ay < by);
    const x0 = ax + ux * (rOf(a0) + 4) + ox;
    const y0 = ay + uy * (rOf(a0) + 4) + oy;
    const x1 = bx - ux * (rOf(b0) + 6) + ox;
    const y1 = by - uy * (rOf(b0) + 6) + oy;
    return { x0, y0, x1, y1, forward };
  });
  // Every label on the same line, under the lowest node row (rows 1, 2 … below it).
  let lowest = 0;
  for (const n of nodes) lowest = Math.max(lowest, n.y + n.r);
  const line0 = lowest + s.boxH * 0.42 + s.font * 1.3;
  const linkLabels = wanted.map((w, k) => {
    const y = line0 + rowOf[k]! * s.font * 1.25;
    return {
      link: w.link,
      x: w.cx,
      y,
      text: w.text,
      box: { x: w.cx - w.w / 2, y: y - s.font * 0.85, w: w.w, h: s.font * 1.1 },
    };
  });

  // The stack's text: left of the stack unless it would run into a node or a link label there.
  let stackLabel: QueueLayout['stackLabel'] = null;
  if (trace.links[trace.bottleneck]) {
    const rx = px(trace.router);
    const base = py(trace.router) - s.r - 8;
    const x0 = rx - s.boxW / 2;
    const lines = stackLabelLines(trace, state, s.font, s.labelLines);
    const boxesAt = (side: 'left' | 'right') =>
      lines.map((l) => {
        const w = textWidth(l.text, s.font);
        const y = base - l.dy - s.font * 0.85;
        return side === 'left'
          ? { x: x0 - 10 - w, y, w, h: s.font * 1.1 }
          : { x: x0 + s.boxW + 10, y, w, h: s.font * 1.1 };
      });
    const obstacles: Box[] = [
      ...nodes
        .filter((_, i) => i !== trace.router)
        .map((n) => ({ x: n.x - n.r, y: n.y - n.r, w: 2 * n.r, h: 2 * n.r })),
      ...linkLabels.map((l) => l.box),
    ];
    const hits = (bs: Box[]) =>
      bs.reduce(
        (n, b) =>
          n +
          obstacles.filter((o) => boxesOverlap(b, o)).length +
          (b.x < 0 || b.x + b.w > width ? 1 : 0),
        0,
      );
    const left = boxesAt('left');
    const right = boxesAt('right');
    const side = hits(left) > 0 && hits(right) < hits(left) ? 'right' : 'left';
    stackLabel = {
      side,
      x: side === 'left' ? x0 - 10 : x0 + s.boxW + 10,
      boxes: side === 'left' ? left : right,
    };
  }
  return { s, nodes, layerOf, lanes, linkLabels, stackLabel };
}

/** Draw the whole view (it is small: a few dozen elements) into `g`. */
export function drawQueueView(g: G, a: QueueDrawArgs): void {
  const { trace, state, width, height, theme, highlight } = a;
  const c = PALETTE[theme];
  const m = METRICS[theme];
  const P = trace.packets;
  const X = trace.transmissions;
  /** The flow of packet event ev (its transmission's). */
  const flowAt = (ev: number) => X.flow[P.uid[ev]!]!;
  g.selectAll('*').remove();
  g.attr('font-family', FONT_FAMILY);
  const Q = queueLayout(trace, state, width, height, theme);
  const s = Q.s;
  const px = (i: number) => Q.nodes[i]!.x;
  const py = (i: number) => Q.nodes[i]!.y;
  const rOf = (i: number) => Q.nodes[i]!.r;
  const layerOf = Q.layerOf;
  const nodeIdx = (name: string) => trace.nodes.indexOf(name);

  // Lanes
  const lanes = g.append('g').attr('class', 'ackp-lanes');
  const laneGeom = Q.lanes;
  const badges = new Map<string, number>();
  trace.links.forEach((l, i) => {
    const L = laneGeom[i]!;
    lanes
      .append('line')
      .attr('x1', L.x0)
      .attr('y1', L.y0)
      .attr('x2', L.x1)
      .attr('y2', L.y1)
      .attr('stroke', c.muted)
      .attr('stroke-width', Math.max(1.5, m.strokePx));
    const ang = Math.atan2(L.y1 - L.y0, L.x1 - L.x0);
    const ah = s.font * 0.55;
    const p = d3path();
    p.moveTo(L.x1, L.y1);
    p.lineTo(L.x1 - ah * Math.cos(ang - 0.45), L.y1 - ah * Math.sin(ang - 0.45));
    p.lineTo(L.x1 - ah * Math.cos(ang + 0.45), L.y1 - ah * Math.sin(ang + 0.45));
    p.closePath();
    lanes.append('path').attr('d', p.toString()).attr('fill', c.muted);
    // Queue badge for links other than the bottleneck (not for a column of many sources,
    // where the badges would pile up at the router).
    const q = state.occupancy[i] ?? 0;
    const fanned = layerOf(nodeIdx(l.from)) > 2 || layerOf(nodeIdx(l.to)) > 2;
    if (q > 0 && i !== trace.bottleneck && !fanned) {
      // Badges of links leaving the same node on the same side stack instead of overlapping.
      const slot = `${l.from}|${L.forward}`;
      const k = badges.get(slot) ?? 0;
      badges.set(slot, k + 1);
      const dy = (L.forward ? -1 : 1) * k * s.font * 1.1;
      lanes
        .append('text')
        .attr('x', L.x0 + 2)
        .attr('y', (L.forward ? L.y0 - s.boxH * 0.7 : L.y0 + s.boxH * 0.7 + s.font) + dy)
        .attr('font-size', s.font)
        .attr('fill', c.fg)
        .text(`${q} queued`);
    }
  });
  for (const l of Q.linkLabels)
    lanes
      .append('text')
      .attr('class', 'ackp-link-label')
      .attr('x', l.x)
      .attr('y', l.y)
      .attr('text-anchor', 'middle')
      .attr('font-size', s.font)
      .attr('fill', c.muted)
      .text(l.text);

  // Nodes
  const nodes = g.append('g').attr('class', 'ackp-nodes');
  trace.nodes.forEach((name, i) => {
    const isRouter = i === trace.router;
    nodes
      .append('circle')
      .attr('cx', px(i))
      .attr('cy', py(i))
      .attr('r', rOf(i))
      .attr('fill', c.bg)
      .attr('stroke', c.fg)
      .attr('stroke-width', isRouter ? m.strokePx * 2 : m.strokePx);
    const font = Math.min(s.font, rOf(i) * 1.1);
    nodes
      .append('text')
      .attr('x', px(i))
      .attr('y', py(i) + font * 0.36)
      .attr('text-anchor', 'middle')
      .attr('font-size', font)
      .attr('font-weight', 650)
      .attr('fill', c.fg)
      .text(name);
  });

  // Packets on the wires. A wire holding more packets than boxes fit along it (a fast, long
  // satellite link) draws them as thin unlabelled marks, still in their flow's colour.
  const onLink = new Map<number, number>();
  for (const f of state.inFlight) onLink.set(f.link, (onLink.get(f.link) ?? 0) + 1);
  const crowded = (link: number) => {
    const L = laneGeom[link]!;
    return (onLink.get(link) ?? 0) * s.boxW * 0.95 > Math.hypot(L.x1 - L.x0, L.y1 - L.y0);
  };
  const pk = g.append('g').attr('class', 'ackp-inflight');
  for (const f of state.inFlight) {
    const L = laneGeom[f.link]!;
    // The packet's box travels from just after the sender to just before the receiver.
    const inset = Math.min(s.boxW * 0.5, Math.hypot(L.x1 - L.x0, L.y1 - L.y0) / 4);
    const len = Math.hypot(L.x1 - L.x0, L.y1 - L.y0) || 1;
    const ux = (L.x1 - L.x0) / len;
    const uy = (L.y1 - L.y0) / len;
    const x = L.x0 + ux * (inset + (len - 2 * inset) * f.progress);
    const y = L.y0 + uy * (inset + (len - 2 * inset) * f.progress);
    drawPacket(
      pk,
      trace,
      f.depart,
      x,
      y,
      s,
      theme,
      isHighlighted(trace, f.depart, highlight),
      f.arrive,
      crowded(f.link),
    );
  }

  // Bottleneck queue stack above the router
  const bl = trace.links[trace.bottleneck];
  if (bl) {
    const rx = px(trace.router);
    const ry = py(trace.router);
    const stack = g.append('g').attr('class', 'ackp-stack');
    const base = ry - s.r - 8;
    const x0 = rx - s.boxW / 2;
    // The empty places (one outline for the whole queue when a place is too thin to draw).
    const thin = s.boxH < 5;
    for (let k = 0; k < (thin ? 1 : state.capacity); k++) {
      stack
        .append('rect')
        .attr('x', x0)
        .attr('y', thin ? base - state.capacity * s.boxH : base - (k + 1) * s.boxH)
        .attr('width', s.boxW)
        .attr('height', thin ? state.capacity * s.boxH : s.boxH)
        .attr('fill', 'none')
        .attr('stroke', c.muted)
        .attr('stroke-width', 1)
        .attr('stroke-dasharray', '3 3');
    }
    state.slots.forEach((q, k) => {
      if (k >= Math.max(state.capacity, 1) + 4) return;
      const y = base - (k + 1) * s.boxH;
      const hl = isHighlighted(trace, q.join, highlight);
      const pg = stack
        .append('g')
        .attr('class', 'ackp-qpkt')
        .attr('data-event', q.join)
        .attr('data-seek', q.depart)
        .attr('data-flow', flowAt(q.join))
        .attr('data-packet', shownNumber(trace, q.join));
      packetBox(
        pg,
        rx,
        y + s.boxH / 2,
        s.boxW - 2,
        s.boxH - 2,
        trace,
        q.join,
        s,
        theme,
        hl,
        s.boxH >= s.font * 0.9,
      );
    });
    const topOfStack = base - state.capacity * s.boxH;
    // Text beside the stack (left, or right when a node or a link label is in the way).
    const sl = Q.stackLabel;
    if (sl)
      for (const l of stackLabelLines(trace, state, s.font, s.labelLines))
        stack
          .append('text')
          .attr('class', 'ackp-stack-label')
          .attr('x', sl.x)
          .attr('y', base - l.dy)
          .attr('text-anchor', sl.side === 'left' ? 'end' : 'start')
          .attr('font-size', s.font)
          .attr('fill', l.strong ? c.fg : c.muted)
          .attr('font-weight', l.strong ? 650 : null)
          .text(l.text);
    // Limit line: at most limit − 1 wait.
    stack
      .append('line')
      .attr('x1', x0 - 4)
      .attr('x2', x0 + s.boxW + 4)
      .attr('y1', topOfStack)
      .attr('y2', topOfStack)
      .attr('stroke', c.retx)
      .attr('stroke-width', m.strokePx)
      .attr('stroke-dasharray', '4 3');
    stack
      .append('text')
      .attr('x', x0 + s.boxW + 8)
      .attr('y', topOfStack + s.font * 0.36)
      .attr('font-size', s.font)
      .attr('fill', c.retxText)
      .text(`limit ${bl.queueLimit} (${state.capacity} waiting + 1 sending)`);
    // Recent drops, beside the top of the stack (most recent nearest).
    state.recentDrops
      .slice(-4)
      .reverse()
      .forEach((ev, k) => {
        const kind = dropKind(P.cause[ev]!);
        const st = MARK_STYLES[kind];
        const gx = x0 + s.boxW + 8 + k * (s.boxW * 0.9);
        const gy = topOfStack - s.boxH * 0.9;
        const dg = stack
          .append('g')
          .attr('class', `ackp-qpkt ackp-drop${ev === state.cursor ? ' ackp-flash' : ''}`)
          .attr('data-event', ev)
          .attr('data-seek', ev)
          .attr('data-flow', flowAt(ev))
          .attr('data-packet', shownNumber(trace, ev))
          .attr('opacity', ev === state.cursor ? 1 : 0.85 - k * 0.15);
        const p = d3path();
        const size = m.markPx * st.scale * 1.2;
        glyphPath(p, st.glyph, gx + size / 2, gy, size);
        dg.append('path')
          .attr('d', p.toString())
          .attr('fill', 'none')
          .attr('stroke', c[st.color])
          .attr('stroke-width', m.strokePx * 1.5)
          .attr('stroke-linecap', 'round');
        dg.append('text')
          .attr('x', gx + size + 3)
          .attr('y', gy + s.font * 0.36)
          .attr('font-size', s.font)
          .attr('font-weight', 650)
          .attr('fill', c.fg)
          .text(`${X.type[P.uid[ev]!] === PacketType.ack ? 'a' : ''}${shownNumber(trace, ev)}`);
      });
  }
}
