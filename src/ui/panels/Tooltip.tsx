import { useLayoutEffect, useRef } from 'react';
import type { TooltipEntry } from './describe';
import { PALETTE } from './palette';
import type { Theme } from './types';

export interface TipState {
  x: number;
  y: number;
  entries: TooltipEntry[];
}

/** Gap between the pointer and the box, and between the box and the window's edge, px. */
const GAP = 16;
const EDGE = 4;

/**
 * Where the box goes, in window pixels: right of the point (left of it when it would pass the
 * window's right edge), vertically centred on it, and kept inside the window (never under its
 * edges, whatever panel the plot sits in). Pure.
 */
export function tooltipPlace(
  point: { x: number; y: number },
  box: { w: number; h: number },
  win: { w: number; h: number },
): { left: number; top: number } {
  let left = point.x + GAP;
  if (left + box.w > win.w - EDGE) left = point.x - GAP - box.w;
  left = Math.max(EDGE, Math.min(left, win.w - EDGE - box.w));
  const top = Math.max(EDGE, Math.min(win.h - box.h - EDGE, point.y - box.h / 2));
  return { left, top };
}

/**
 * Tooltip box beside the pointer. `tip` is in the plot area's pixels (the box's parent); the box
 * is fixed to the window (a plot's area clips its overflow, and a short panel at 1280×720 would
 * cut a tall tooltip off) and placed by tooltipPlace.
 */
export function Tooltip({ tip, theme }: { tip: TipState | null; theme: Theme }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const area = el?.parentElement;
    if (!el || !area || !tip) return;
    const a = area.getBoundingClientRect();
    const { left, top } = tooltipPlace(
      { x: a.left + tip.x, y: a.top + tip.y },
      { w: el.offsetWidth, h: el.offsetHeight },
      { w: document.documentElement.clientWidth, h: document.documentElement.clientHeight },
    );
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
    el.style.visibility = '';
  }, [tip]);
  if (!tip || tip.entries.length === 0) return null;
  const c = PALETTE[theme];
  return (
    <div
      ref={ref}
      className="ackp-tooltip ackp-float"
      role="tooltip"
      // Hidden until placed (the first layout is measured where it falls).
      style={{ left: 0, top: 0, visibility: 'hidden' }}
    >
      {tip.entries.map((e, k) => (
        <div key={k} className="ackp-tip-entry">
          <div className="ackp-tip-title">
            {e.symbol && (
              <span
                className="ackp-tip-symbol"
                style={{ color: e.color ? c[e.color] : undefined }}
                aria-hidden="true"
              >
                {e.symbol}
              </span>
            )}
            {e.title}
          </div>
          {e.lines.map((l, j) => (
            <div key={j} className="ackp-tip-line">
              {l}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
