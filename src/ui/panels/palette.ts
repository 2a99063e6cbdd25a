/**
 * Colours, glyphs and sizes of every mark the panels draw. One table, so a term keeps its
 * colour and glyph in every panel and every session ("the words are the legend").
 *
 * Okabe–Ito hues; on white the amber is darkened so it stays readable, and every category also
 * differs by glyph or dash (never colour alone). panels.css mirrors these colours as CSS
 * variables for the HTML parts (legend, tooltip); a test keeps the two in sync.
 */
import type { ColorKey, Theme, ThemeColors } from './types';

export type { ColorKey, ThemeColors };

export const PALETTE: Record<Theme, ThemeColors> = {
  light: {
    bg: '#ffffff',
    fg: '#1a1a1a',
    muted: '#4d4d4d',
    grid: '#e3e3e3',
    data: '#0072B2',
    onData: '#ffffff',
    ack: '#009E73',
    window: '#A56A00',
    sack: '#CC79A7',
    retx: '#D55E00',
    retxText: '#B84C00',
    overflow: '#1a1a1a',
    random: '#A8508A',
    cursor: '#1a1a1a',
    highlight: '#E69F00',
    flow1: '#0072B2',
    flow2: '#A56A00',
    flow3: '#009E73',
    flow4: '#A8508A',
    flow5: '#1a1a1a',
    flow6: '#D55E00',
    flow7: '#2D8FC7',
    flow8: '#857500',
    phaseSlowStart: 'rgba(86, 180, 233, 0.16)',
    phaseAvoidance: 'rgba(0, 158, 115, 0.10)',
    phaseFastRecovery: 'rgba(230, 159, 0, 0.22)',
    phaseRto: 'rgba(213, 94, 0, 0.16)',
  },
  dark: {
    bg: '#15181c',
    fg: '#e8e8e8',
    muted: '#b8b8b8',
    grid: '#2c3137',
    data: '#56B4E9',
    onData: '#15181c',
    ack: '#009E73',
    window: '#E69F00',
    sack: '#CC79A7',
    retx: '#D55E00',
    retxText: '#F08A4B',
    overflow: '#e8e8e8',
    random: '#E6A0C8',
    cursor: '#e8e8e8',
    highlight: '#F0E442',
    flow1: '#56B4E9',
    flow2: '#E69F00',
    flow3: '#009E73',
    flow4: '#CC79A7',
    flow5: '#e8e8e8',
    flow6: '#D55E00',
    flow7: '#0072B2',
    flow8: '#F0E442',
    phaseSlowStart: 'rgba(86, 180, 233, 0.14)',
    phaseAvoidance: 'rgba(0, 158, 115, 0.14)',
    phaseFastRecovery: 'rgba(230, 159, 0, 0.20)',
    phaseRto: 'rgba(213, 94, 0, 0.22)',
  },
  projector: {
    bg: '#ffffff',
    fg: '#000000',
    muted: '#333333',
    grid: '#d6d6d6',
    data: '#0072B2',
    onData: '#ffffff',
    ack: '#00855F',
    window: '#9C6500',
    sack: '#A8508A',
    retx: '#C04F00',
    retxText: '#B84C00',
    overflow: '#000000',
    random: '#A8508A',
    cursor: '#000000',
    highlight: '#E69F00',
    flow1: '#0072B2',
    flow2: '#9C6500',
    flow3: '#00855F',
    flow4: '#A8508A',
    flow5: '#000000',
    flow6: '#C04F00',
    flow7: '#1F7FB8',
    flow8: '#7A6C00',
    phaseSlowStart: 'rgba(86, 180, 233, 0.22)',
    phaseAvoidance: 'rgba(0, 158, 115, 0.14)',
    phaseFastRecovery: 'rgba(230, 159, 0, 0.30)',
    phaseRto: 'rgba(213, 94, 0, 0.22)',
  },
};

export interface ThemeMetrics {
  /** Axis labels, legend. Projector: ≥ 1/50 of a 1080p viewport. */
  fontPx: number;
  /** Tick labels. */
  tickFontPx: number;
  /** Side of a square mark, px (≥ 8 on the projector). */
  markPx: number;
  /** Stroke of open glyphs, px (≥ 2 on the projector). */
  strokePx: number;
  /** Series lines (cwnd, ACK staircase), px. */
  linePx: number;
  /** Hover hit radius, px (≥ 8). */
  hitPx: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /**
   * Opacity of the future (events after the cursor): faint beside the solid past, yet
   * readable — a projector washes light colours out, so its future is drawn stronger.
   */
  futureOpacity: number;
}

export const METRICS: Record<Theme, ThemeMetrics> = {
  light: {
    fontPx: 13,
    tickFontPx: 12,
    markPx: 6,
    strokePx: 1.5,
    linePx: 2,
    hitPx: 8,
    margin: { top: 12, right: 18, bottom: 42, left: 62 },
    futureOpacity: 0.15,
  },
  dark: {
    fontPx: 13,
    tickFontPx: 12,
    markPx: 6,
    strokePx: 1.5,
    linePx: 2,
    hitPx: 8,
    margin: { top: 12, right: 18, bottom: 42, left: 62 },
    futureOpacity: 0.15,
  },
  projector: {
    fontPx: 22,
    tickFontPx: 22,
    markPx: 10,
    strokePx: 2.5,
    linePx: 3.5,
    hitPx: 12,
    margin: { top: 16, right: 26, bottom: 66, left: 100 },
    futureOpacity: 0.4,
  },
};

export { DROP_MARK_KINDS, Glyph, MARK_STYLES, MarkKind, type MarkStyle } from './markStyles';
import { Glyph, MARK_STYLES, type MarkKind } from './markStyles';

/** The flow colours, flow 1 first (see ThemeColors.flow1). */
export const FLOW_COLORS: readonly ColorKey[] = [
  'flow1',
  'flow2',
  'flow3',
  'flow4',
  'flow5',
  'flow6',
  'flow7',
  'flow8',
];

/** The flow glyphs, flow 1 first, and how they are written in text (legends, the log filter). */
export const FLOW_GLYPHS: readonly { glyph: Glyph; symbol: string }[] = [
  { glyph: Glyph.circleFilled, symbol: '●' },
  { glyph: Glyph.squareFilled, symbol: '■' },
  { glyph: Glyph.triangleUp, symbol: '▲' },
  { glyph: Glyph.diamondFilled, symbol: '◆' },
  { glyph: Glyph.triangleDown, symbol: '▼' },
  { glyph: Glyph.circleOpen, symbol: '○' },
  { glyph: Glyph.squareOpen, symbol: '□' },
  { glyph: Glyph.diamondOpen, symbol: '◇' },
];

/** The flow dashes, flow 1 first (solid). */
export const FLOW_DASHES: readonly string[] = [
  '',
  '8 3',
  '2 3',
  '10 3 2 3',
  '5 2',
  '12 3 3 3',
  '1 3',
  '6 2 2 2 2 2',
];

/** How one flow is drawn in every panel: colour, glyph (and its text symbol) and line dash. */
export interface FlowStyle {
  color: ColorKey;
  glyph: Glyph;
  symbol: string;
  dash: string;
}

/**
 * The style of flow `flow` (0-based trace id; flow k of the URL is k − 1), fixed across panels,
 * modes and sessions. Flows 1–8 take the eight colours, glyphs and dashes in order. Beyond
 * eight the colour cycles and the glyph and dash shift by one per cycle (flow 9: flow 1's
 * colour with flow 2's glyph and dash), and from flow 65 the dashes are drawn twice as long, so
 * no two of the 128 flows a scenario may have look alike.
 */
export function flowStyle(flow: number): FlowStyle {
  const n = FLOW_COLORS.length;
  const k = Math.max(0, Math.floor(flow));
  const c = k % n;
  const cycle = Math.floor(k / n);
  const shape = (c + cycle) % n;
  const g = FLOW_GLYPHS[shape]!;
  let dash = FLOW_DASHES[shape]!;
  if (cycle >= n) dash = dash === '' ? '16 4' : dash.replace(/\d+/g, (d) => String(2 * Number(d)));
  return { color: FLOW_COLORS[c]!, glyph: g.glyph, symbol: g.symbol, dash };
}

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const ch = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lin = ch.map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** Black or white, whichever reads better on the #rrggbb fill (text on a flow-coloured box). */
export function textOn(fill: string): string {
  return contrastRatio('#000000', fill) >= contrastRatio('#ffffff', fill) ? '#000000' : '#ffffff';
}

/** Retransmitted packets get this extra ring (vermillion) in the router plot. */
export const RETX_RING = {
  color: 'retx' as ColorKey,
  scale: 2.7,
  label: 'retransmission (ring)',
  symbol: '◯',
};

/** Half the largest extent of any glyph (incl. stroke and halo), in px: used for the cursor band. */
export function maxGlyphHalfExtent(theme: Theme): number {
  const m = METRICS[theme];
  return (m.markPx * RETX_RING.scale) / 2 + m.strokePx * 2 + 3;
}

export { PHASES, SERIES_STYLES, type SeriesKey } from './seriesStyles';

/** Glyph legend: every mark kind with its style (for the shell's log and help). */
export const GLYPH_LEGEND = (Object.keys(MARK_STYLES) as unknown as string[]).map((k) => {
  const kind = Number(k) as MarkKind;
  return { kind, ...MARK_STYLES[kind] };
});

/** Opacity of the future (events after the cursor) on a screen; see ThemeMetrics.futureOpacity. */
export const FUTURE_OPACITY = METRICS.light.futureOpacity;
