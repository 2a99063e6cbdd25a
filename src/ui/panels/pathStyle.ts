/**
 * How each path of a multi-homed SCTP association is drawn, fixed across panels and sessions:
 * a colour and a dash for its lines (cwnd, ssthresh, RTO), and a glyph family for its packets
 * (router plot: arrival filled, departure open, ACK; time–sequence plot: the segment bar), so
 * paths differ by shape as well as colour. Path 0 (the primary) keeps the marks a single-homed
 * run draws. Beyond four paths the styles repeat.
 */
import { FLOW_COLORS, FLOW_DASHES, Glyph, type ColorKey, type Glyph as GlyphId } from './palette';

export interface PathStyle {
  color: ColorKey;
  dash: string;
  /** Data packet arriving at the router (filled) and leaving on the link (open). */
  arrival: GlyphId;
  departure: GlyphId;
  /** ACK / SACK at the router. */
  ack: GlyphId;
  /** The time–sequence plot's data segment. */
  segment: GlyphId;
  /** How the glyphs are written in text: arrival, departure, ACK. */
  symbols: [string, string, string];
  /** A word for the packet shape in the queue view's legend. */
  box: string;
}

const STYLES: readonly Omit<PathStyle, 'color' | 'dash'>[] = [
  {
    arrival: Glyph.squareFilled,
    departure: Glyph.squareOpen,
    ack: Glyph.circleOpen,
    segment: Glyph.segment,
    symbols: ['■', '□', '○'],
    box: 'square box',
  },
  {
    arrival: Glyph.triangleUp,
    departure: Glyph.triangleUpOpen,
    ack: Glyph.circleDot,
    segment: Glyph.segmentDot,
    symbols: ['▲', '△', '⊙'],
    box: 'round box',
  },
  {
    arrival: Glyph.triangleDown,
    departure: Glyph.triangleDownOpen,
    ack: Glyph.circleCross,
    segment: Glyph.segmentDot,
    symbols: ['▼', '▽', '⊗'],
    box: 'dashed box',
  },
  {
    arrival: Glyph.diamondFilled,
    departure: Glyph.diamondOpen,
    ack: Glyph.circleDot,
    segment: Glyph.segmentDot,
    symbols: ['◆', '◇', '⊙'],
    box: 'dashed round box',
  },
];

/** The style of path `path` (0 = primary). */
export function pathStyle(path: number): PathStyle {
  const k = Math.max(0, Math.floor(path));
  const s = STYLES[k % STYLES.length]!;
  return {
    ...s,
    color: FLOW_COLORS[k % FLOW_COLORS.length]!,
    dash: FLOW_DASHES[k % FLOW_DASHES.length]!,
  };
}
