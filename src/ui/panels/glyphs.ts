/**
 * Glyph geometry, drawn into any path sink: a d3 path (→ SVG `d` string) or a canvas 2D
 * context, so SVG and canvas marks look the same.
 */
import { Glyph } from './palette';

/** The subset of CanvasPath that d3-path also implements. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  closePath(): void;
}

/** Whether a glyph is filled or stroked. */
export function glyphPaint(g: Glyph): 'fill' | 'stroke' | 'none' {
  switch (g) {
    case Glyph.squareFilled:
    case Glyph.sackBar:
    case Glyph.triangleDown:
    case Glyph.circleFilled:
    case Glyph.triangleUp:
    case Glyph.diamondFilled:
      return 'fill';
    case Glyph.circleDot:
      return 'stroke';
    case Glyph.none:
      return 'none';
    default:
      return 'stroke';
  }
}

/** Stroke width of a stroked glyph relative to the theme stroke. */
export function glyphStrokeScale(g: Glyph): number {
  return g === Glyph.cross || g === Glyph.asterisk || g === Glyph.vbar ? 1.4 : 1;
}

const TAU = Math.PI * 2;

/**
 * Add glyph `g` of size `s` px centred at (x, y) to the sink. `spanPx` is the pixel height of
 * one packet on the y axis (used by the segment glyph, which spans y … y + spanPx).
 */
export function glyphPath(
  ctx: PathSink,
  g: Glyph,
  x: number,
  y: number,
  s: number,
  spanPx = 0,
): void {
  const h = s / 2;
  switch (g) {
    case Glyph.squareFilled:
    case Glyph.squareOpen:
      ctx.rect(x - h, y - h, s, s);
      return;
    case Glyph.cross:
      ctx.moveTo(x - h, y - h);
      ctx.lineTo(x + h, y + h);
      ctx.moveTo(x - h, y + h);
      ctx.lineTo(x + h, y - h);
      return;
    case Glyph.asterisk: {
      for (const a of [90, 30, 150]) {
        const dx = Math.cos((a * Math.PI) / 180) * h;
        const dy = Math.sin((a * Math.PI) / 180) * h;
        ctx.moveTo(x - dx, y - dy);
        ctx.lineTo(x + dx, y + dy);
      }
      return;
    }
    case Glyph.diamondOpen:
    case Glyph.diamondFilled:
      ctx.moveTo(x, y - h);
      ctx.lineTo(x + h, y);
      ctx.lineTo(x, y + h);
      ctx.lineTo(x - h, y);
      ctx.closePath();
      return;
    case Glyph.circleOpen:
    case Glyph.circleFilled:
      ctx.moveTo(x + h, y);
      ctx.arc(x, y, h, 0, TAU);
      return;
    case Glyph.segment: {
      // Top at y (packet p), bottom at y + spanPx (packet p − 1); at least 4 px tall.
      const span = Math.max(4, spanPx);
      const cap = Math.max(2, s * 0.45);
      ctx.moveTo(x, y);
      ctx.lineTo(x, y + span);
      ctx.moveTo(x - cap, y);
      ctx.lineTo(x + cap, y);
      ctx.moveTo(x - cap, y + span);
      ctx.lineTo(x + cap, y + span);
      return;
    }
    case Glyph.circleDot: {
      ctx.moveTo(x + h, y);
      ctx.arc(x, y, h, 0, TAU);
      // The dot: a small closed circle inside (stroked, it reads as a filled dot).
      const r = Math.max(0.8, s * 0.08);
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, TAU);
      return;
    }
    case Glyph.circleSlash: {
      ctx.moveTo(x + h, y);
      ctx.arc(x, y, h, 0, TAU);
      const d = h * 0.7;
      ctx.moveTo(x - d, y + d);
      ctx.lineTo(x + d, y - d);
      return;
    }
    case Glyph.circleCross: {
      ctx.moveTo(x + h, y);
      ctx.arc(x, y, h, 0, TAU);
      const d = h * 0.7;
      ctx.moveTo(x - d, y - d);
      ctx.lineTo(x + d, y + d);
      ctx.moveTo(x - d, y + d);
      ctx.lineTo(x + d, y - d);
      return;
    }
    case Glyph.segmentDot: {
      // As the segment, with a dot on its top instead of the caps.
      const span = Math.max(4, spanPx);
      const r = Math.max(1.6, s * 0.42);
      ctx.moveTo(x, y + r);
      ctx.lineTo(x, y + span);
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, TAU);
      return;
    }
    case Glyph.vbar:
      ctx.moveTo(x, y - s);
      ctx.lineTo(x, y + s);
      return;
    case Glyph.tick:
      ctx.moveTo(x, y - s * 0.25);
      ctx.lineTo(x, y - s);
      return;
    case Glyph.sackBar:
      // Above the duplicate-ACK tick, so both stay visible on the same ACK.
      ctx.rect(x - Math.max(1.5, s * 0.18), y - s * 2.5, Math.max(3, s * 0.36), s * 1.2);
      return;
    case Glyph.triangleDownOpen:
    case Glyph.triangleDown:
      ctx.moveTo(x - h, y - h);
      ctx.lineTo(x + h, y - h);
      ctx.lineTo(x, y + h);
      ctx.closePath();
      return;
    case Glyph.triangleUpOpen:
    case Glyph.triangleUp:
      ctx.moveTo(x - h, y + h);
      ctx.lineTo(x + h, y + h);
      ctx.lineTo(x, y - h);
      ctx.closePath();
      return;
    default:
      return;
  }
}
