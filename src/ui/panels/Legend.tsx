import { path as d3path } from 'd3';
import { useId, useState } from 'react';
import { glyphPaint, glyphPath, glyphStrokeScale } from './glyphs';
import { METRICS, PALETTE, type ColorKey, type Glyph, Glyph as G } from './palette';
import { scaleDash } from './draw/layers';
import type { Theme } from './types';

export type LegendSwatch =
  | { type: 'glyph'; glyph: Glyph; color: ColorKey; scale?: number; ring?: boolean }
  | { type: 'line'; color: ColorKey; dash: string; widthScale?: number; glyph?: Glyph }
  | { type: 'band'; fill: string; label: string };

export interface LegendItem {
  key: string;
  label: string;
  swatch: LegendSwatch;
  /** Shown after the label ("× 3"). */
  count?: number;
  /**
   * A mark's entry a compact panel folds away: it is then listed behind the legend's "key"
   * button (and the marks' tooltips name them), leaving the line the lines' entries.
   */
  fold?: boolean;
}

function Swatch({ s, theme }: { s: LegendSwatch; theme: Theme }) {
  const c = PALETTE[theme];
  const m = METRICS[theme];
  const h = Math.round(m.fontPx * 1.25);
  if (s.type === 'band') {
    // Wide enough for its word (BBR's STARTUP, PROBE_RTT), never narrower than before.
    const w = Math.round(m.fontPx * Math.max(2.4, 0.45 * s.label.length + 0.6));
    return (
      <svg width={w} height={h} aria-hidden="true" className="ackp-swatch">
        <rect x={0} y={0} width={w} height={h} fill={s.fill} stroke={c.grid} />
        <text x={w / 2} y={h * 0.72} textAnchor="middle" fontSize={m.fontPx * 0.72} fill={c.muted}>
          {s.label}
        </text>
      </svg>
    );
  }
  if (s.type === 'line') {
    const w = Math.round(m.fontPx * (s.glyph === undefined ? 2.6 : 3.2));
    const mark = d3path();
    if (s.glyph !== undefined) glyphPath(mark, s.glyph, w / 2, h / 2, m.markPx * 1.3);
    const paint = s.glyph === undefined ? 'none' : glyphPaint(s.glyph);
    return (
      <svg width={w} height={h} aria-hidden="true" className="ackp-swatch">
        <line
          x1={1}
          x2={w - 1}
          y1={h / 2}
          y2={h / 2}
          stroke={c[s.color]}
          strokeWidth={m.linePx * (s.widthScale ?? 1)}
          strokeDasharray={s.dash ? scaleDash(s.dash, m.linePx / 2) : undefined}
        />
        {s.glyph !== undefined && (
          <path
            d={mark.toString()}
            fill={paint === 'fill' ? c[s.color] : c.bg}
            stroke={c[s.color]}
            strokeWidth={m.strokePx}
          />
        )}
      </svg>
    );
  }
  const size = m.markPx * (s.scale ?? 1);
  const w = Math.max(h, Math.ceil(size + m.strokePx * 2 + 4));
  const p = d3path();
  const y =
    s.glyph === G.tick
      ? h * 0.85
      : s.glyph === G.sackBar
        ? h * 1.1
        : s.glyph === G.segment
          ? h * 0.2
          : h / 2;
  glyphPath(p, s.glyph, w / 2, y, size, h * 0.6);
  const paint = glyphPaint(s.glyph);
  const ring = d3path();
  if (s.ring) glyphPath(ring, G.circleOpen, w / 2, h / 2, Math.min(h - 2, m.markPx * 2.7));
  return (
    <svg width={w} height={h} aria-hidden="true" className="ackp-swatch">
      <path
        d={p.toString()}
        fill={paint === 'fill' ? c[s.color] : 'none'}
        stroke={paint === 'stroke' ? c[s.color] : 'none'}
        strokeWidth={m.strokePx * glyphStrokeScale(s.glyph)}
        strokeLinecap="round"
      />
      {s.ring && <path d={ring.toString()} fill="none" stroke={c.retx} strokeWidth={m.strokePx} />}
    </svg>
  );
}

/**
 * The label a compact panel shows: without where the mark is drawn ("arrival at router" →
 * "arrival", "departure on bottleneck" → "departure"); the glyph and colour stay the same.
 */
export function shortLabel(label: string): string {
  return label.replace(/ (?:at|on) [^()]*$/, '');
}

/**
 * A row of legend entries: glyph/line swatch + words (the same words the log uses). Entries
 * marked `fold` get a "key" button, shown in a compact panel only, that opens them over the plot.
 */
export function Legend({
  items,
  theme,
  title,
}: {
  items: LegendItem[];
  theme: Theme;
  title?: string;
}) {
  const folded = items.filter((it) => it.fold);
  const [open, setOpen] = useState(false);
  const popId = `ackp-key-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <div className="ackp-legend">
      {title && <span className="ackp-title">{title}</span>}
      <ul aria-label="legend">
        {items.map((it) => (
          <li
            key={it.key}
            data-legend={it.key}
            data-swatch={it.swatch.type}
            data-fold={it.fold ? '' : undefined}
            title={it.label}
          >
            <Swatch s={it.swatch} theme={theme} />
            <span className="ackp-label">
              {shortLabel(it.label) === it.label ? (
                it.label
              ) : (
                <>
                  <span className="ackp-long">{it.label}</span>
                  <span className="ackp-short">{shortLabel(it.label)}</span>
                </>
              )}
              {it.count !== undefined && <span className="ackp-count"> ({it.count})</span>}
            </span>
          </li>
        ))}
        {folded.length > 0 && (
          <li className="ackp-key">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={popId}
              data-testid="legend-key"
              title="What the marks mean"
              onClick={() => setOpen(!open)}
              onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
            >
              key {open ? '▴' : '▾'}
            </button>
          </li>
        )}
      </ul>
      {folded.length > 0 && open && (
        <ul className="ackp-key-pop" id={popId} aria-label="marks">
          {folded.map((it) => (
            <li key={it.key}>
              <Swatch s={it.swatch} theme={theme} />
              <span>
                {it.label}
                {it.count !== undefined && ` (${it.count})`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
