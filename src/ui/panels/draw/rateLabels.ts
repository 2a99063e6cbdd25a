/**
 * The in-plot row labels of a rate plot (density.ts): one or two flows (or classes) named inside
 * the plot, "flow 1 ↑ · 3 drops (row above)" in the upper half, the second flow's in the lower
 * half. A label is kept only where it fits: inside its own half of the plot, clear of the drop
 * strip along the edge and of the other label, and as wide as the plot. Too wide, it is
 * shortened (the drop count's "(row above)" goes first, then the count); too tall for its half,
 * it is left out — the legend names the rows too. Stacked rates (3+) have no labels (the legend
 * names them, bottom first). The layout is pure; the drawing is SVG in both renderers, so the
 * labels read crisply over canvas bars and stay measurable.
 */
import type { Selection } from 'd3';
import { METRICS, PALETTE } from '../palette';
import { FONT_FAMILY } from './axes';
import { flowColor, stacked, type AggregateSpec, type RateBins } from './density';
import type { Frame } from './frame';

export interface RateLabel {
  /** Left end and baseline, px. */
  x: number;
  y: number;
  text: string;
  /** Slot of the flow in bins.flows (its colour). */
  k: number;
}

/** Average advance of a 600-weight sans-serif glyph, in font sizes (a safe overestimate). */
export const CHAR_EM = 0.62;
/** Height of a label's box (ascent + descent), in font sizes. */
const LINE_EM = 1.25;

/** The label texts of slot k, longest first. */
function candidates(bins: RateBins, spec: AggregateSpec, k: number): string[] {
  const two = bins.flows.length === 2;
  const flow = bins.flows[k]!;
  const name = spec.flowLabel?.(flow) ?? `flow ${flow + 1}`;
  const arrow = two ? (k === 0 ? ' ↑' : ' ↓') : '';
  const out: string[] = [];
  if (spec.distinctLabel) {
    const nd = bins.distinct[k] ?? 0;
    const what = nd === 1 ? spec.distinctLabel.replace(/s$/, '') : spec.distinctLabel;
    const count = ` · ${nd} ${what}`;
    if (nd) out.push(`${name}${arrow}${count}${k === 1 && two ? ' (row below)' : ' (row above)'}`);
    out.push(`${name}${arrow}${count}`);
  }
  out.push(`${name}${arrow}`);
  return out;
}

/**
 * Where the labels go in frame f, px; labels that do not fit are left out (see the file's
 * comment). Pure.
 */
export function rateLabels(bins: RateBins, spec: AggregateSpec, f: Frame): RateLabel[] {
  if (stacked(bins) || bins.flows.length === 0) return [];
  const mt = METRICS[f.theme];
  const font = mt.tickFontPx;
  const two = bins.flows.length === 2;
  const { top, left, width, height } = f.plot;
  const bottom = top + height;
  // The drop strips along the outer edges (rateStripY) and, for two flows, the axis between the
  // halves: each label keeps to the band between them.
  const strip = mt.markPx * 2.6;
  const axis = two ? f.y(0) : bottom;
  const bands = two
    ? [
        { lo: top + strip, hi: axis - 2 },
        { lo: axis + 2, hi: bottom - strip },
      ]
    : [{ lo: top + strip, hi: bottom - 2 }];
  const room = width - 12;
  const out: RateLabel[] = [];
  bands.forEach((b, k) => {
    if (b.hi - b.lo < font * LINE_EM) return;
    const text = candidates(bins, spec, k).find((t) => t.length * font * CHAR_EM <= room);
    if (!text) return;
    // Upper label under the top strip; lower label above the bottom strip.
    const y = k === 0 ? b.lo + font : b.hi - font * (LINE_EM - 1);
    out.push({ x: left + 6, y, text, k });
  });
  return out;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

/** Draw the labels as SVG text (over the bars, in the flow's colour, haloed in the background). */
export function drawRateLabelsSvg(g: G, bins: RateBins, spec: AggregateSpec, f: Frame): void {
  const c = PALETTE[f.theme];
  const mt = METRICS[f.theme];
  for (const l of rateLabels(bins, spec, f)) {
    g.append('text')
      .attr('class', 'ackp-rate-label')
      .attr('x', l.x)
      .attr('y', l.y)
      .attr('font-size', mt.tickFontPx)
      .attr('font-weight', 600)
      .attr('font-family', FONT_FAMILY)
      .attr('fill', c[flowColor(bins.flows[l.k]!)])
      .attr('paint-order', 'stroke')
      .attr('stroke', c.bg)
      .attr('stroke-width', 3)
      .text(l.text);
  }
}
