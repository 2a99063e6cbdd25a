import { useLayoutEffect, useRef } from 'react';
import type { TooltipEntry } from './describe';
import { PALETTE } from './palette';
import type { Theme } from './types';

export interface TipState {
  x: number;
  y: number;
  entries: TooltipEntry[];
}

/**
 * Tooltip box beside the pointer: right of it (left near the right edge), vertically centred
 * on it and kept inside the plot.
 */
export function Tooltip({
  tip,
  theme,
  width,
  height,
}: {
  tip: TipState | null;
  theme: Theme;
  width: number;
  height: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !tip) return;
    const tw = el.offsetWidth;
    const th = el.offsetHeight;
    const gap = 16;
    let left = tip.x + gap;
    if (left + tw > width - 4) left = tip.x - gap - tw;
    left = Math.max(4, left);
    const top = Math.max(4, Math.min(height - th - 4, tip.y - th / 2));
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
  }, [tip, width, height]);
  if (!tip || tip.entries.length === 0) return null;
  const c = PALETTE[theme];
  return (
    <div
      ref={ref}
      className="ackp-tooltip"
      role="tooltip"
      style={{ left: Math.min(tip.x + 16, Math.max(4, width - 240)), top: Math.max(4, tip.y - 20) }}
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
