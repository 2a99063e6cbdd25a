/**
 * One packet of the queue view: a box with its number (data; retransmissions and ACKs
 * outlined) or, on a wire, an ACK as a circle. Split from queue.ts (the view's layout and the
 * rest of its drawing). Pure D3 drawing.
 */
import type { Selection } from 'd3';
import { PacketType, type Trace } from '../../../engine';
import { flowStyle, METRICS, PALETTE, textOn } from '../palette';
import type { Theme } from '../types';
import { pathOfEvent } from '../paths';

type G = Selection<SVGGElement, unknown, null, undefined>;

/** What packet drawing needs of the view's sizes (queue.ts). */
export interface PacketSizes {
  boxW: number;
  boxH: number;
  font: number;
  lane: number;
}

/** The number a packet event's box shows: an ACK's cumulative ACK, else its packet number. */
export function shownNumber(trace: Trace, ev: number): number {
  const X = trace.transmissions;
  const u = trace.packets.uid[ev]!;
  return X.type[u] === PacketType.ack ? X.cumAck[u]! : X.packet[u]!;
}

export function drawPacket(
  g: G,
  trace: Trace,
  ev: number,
  x: number,
  y: number,
  s: PacketSizes,
  theme: Theme,
  hl: boolean,
  seek: number,
  /** Too many on this wire for boxes: a thin unlabelled mark. */
  thin = false,
): void {
  const c = PALETTE[theme];
  const X = trace.transmissions;
  const u = trace.packets.uid[ev]!;
  const isAck = X.type[u] === PacketType.ack;
  const flow = X.flow[u]!;
  const pg = g
    .append('g')
    .attr('class', 'ackp-qpkt')
    .attr('data-event', ev)
    .attr('data-seek', seek)
    .attr('data-flow', flow)
    .attr('data-packet', shownNumber(trace, ev));
  if (thin) {
    const multi = trace.flows.length > 1;
    const color = X.retx[u]
      ? c.retx
      : isAck
        ? multi
          ? c[flowStyle(flow).color]
          : c.ack
        : multi
          ? c[flowStyle(flow).color]
          : c.data;
    const h = Math.min(s.boxH, s.lane * 1.5) * (isAck ? 0.6 : 1);
    if (hl)
      pg.append('rect')
        .attr('x', x - 4)
        .attr('y', y - h / 2 - 3)
        .attr('width', 8)
        .attr('height', h + 6)
        .attr('fill', c.highlight);
    pg.append('rect')
      .attr('x', x - 1)
      .attr('y', y - h / 2)
      .attr('width', 2)
      .attr('height', h)
      .attr('fill', color);
    return;
  }
  if (isAck) {
    const r = s.boxH * 0.42;
    if (hl)
      pg.append('circle')
        .attr('cx', x)
        .attr('cy', y)
        .attr('r', r + 4)
        .attr('fill', c.highlight);
    // Several flows: an ACK takes its flow's colour (the circle still says "ACK").
    const fill = trace.flows.length > 1 ? c[flowStyle(flow).color] : c.ack;
    pg.append('circle').attr('cx', x).attr('cy', y).attr('r', r).attr('fill', fill);
    pg.append('text')
      .attr('x', x)
      .attr('y', y + r + s.font + 1)
      .attr('text-anchor', 'middle')
      .attr('font-size', s.font)
      .attr('fill', c.fg)
      .text(String(X.cumAck[u]));
    return;
  }
  packetBox(pg, x, y, s.boxW * 0.9, Math.min(s.boxH, s.lane * 1.5), trace, ev, s, theme, hl, true);
}

/**
 * A packet as a box with its number: data filled blue, retransmissions and ACKs outlined. With
 * several flows a data packet is filled in its flow's colour and its number follows the flow's
 * glyph ("▲15"), so flows differ by more than colour.
 */
export function packetBox(
  g: G,
  cx: number,
  cy: number,
  w: number,
  h: number,
  trace: Trace,
  ev: number,
  s: PacketSizes,
  theme: Theme,
  hl: boolean,
  label: boolean,
): void {
  const c = PALETTE[theme];
  const m = METRICS[theme];
  const X = trace.transmissions;
  const u = trace.packets.uid[ev]!;
  const isAck = X.type[u] === PacketType.ack;
  const retx = X.retx[u] === 1;
  if (hl)
    g.append('rect')
      .attr('class', 'ackp-hl')
      .attr('x', cx - w / 2 - 4)
      .attr('y', cy - h / 2 - 4)
      .attr('width', w + 8)
      .attr('height', h + 8)
      .attr('rx', 3)
      .attr('fill', c.highlight);
  const outlined = retx || isAck;
  const multi = trace.flows.length > 1;
  const st = flowStyle(X.flow[u]!);
  const fill = multi ? c[st.color] : c.data;
  const sw = Math.max(2, m.strokePx);
  // Multi-homed SCTP: a packet on path 1 is a round box, on path 2 a dashed one (pathStyle.ts).
  const path = pathOfEvent(trace, ev);
  const round = path === 1 || path === 3;
  const dashed = path >= 2;
  const rect = g
    .append('rect')
    .attr('x', cx - w / 2 + (outlined ? sw / 2 : 0))
    .attr('y', cy - h / 2 + (outlined ? sw / 2 : 0))
    .attr('width', w - (outlined ? sw : 0))
    .attr('height', h - (outlined ? sw : 0))
    .attr('rx', round ? h / 2 : 2)
    .attr('fill', outlined ? c.bg : fill)
    .attr('stroke', outlined ? (retx ? c.retx : c.ack) : dashed ? c.fg : 'none')
    .attr('stroke-width', sw);
  if (dashed) rect.attr('stroke-dasharray', `${sw * 2} ${sw * 1.5}`);
  if (!label) return;
  const text = `${multi ? st.symbol : ''}${isAck ? `a${X.cumAck[u]}` : `${X.packet[u]}`}`;
  // Shrunk to fit the box (a long run's five-digit numbers).
  const font = Math.min(s.font, (w * 0.94) / (0.62 * text.length));
  g.append('text')
    .attr('x', cx)
    .attr('y', cy + font * 0.36)
    .attr('text-anchor', 'middle')
    .attr('font-size', font)
    .attr('font-weight', 700)
    .attr('fill', retx ? c.retxText : isAck ? c.fg : multi ? textOn(fill) : c.onData)
    .text(text);
}
