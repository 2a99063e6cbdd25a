import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isTestDom } from './env';
import type { Theme } from './types';
import { useSize } from './useSize';

/** Below this height (px) a panel goes compact: one legend line, no counts, smaller minimum plot. */
const COMPACT_PX: Record<Theme, number> = { light: 250, dark: 250, projector: 330 };

/**
 * The themed root of every panel; measures itself to switch to the compact layout. With `fit`,
 * the panel also goes compact when its full layout overflows it (a legend wrapped onto many
 * lines leaves a plot less than its minimum height): the height the full layout needs is kept,
 * per width and per `fit` key (what the panel shows), so it comes back once there is room.
 */
export function PanelRoot({
  theme,
  className,
  fit,
  children,
}: {
  theme: Theme;
  className?: string;
  /** Measure the content's overflow; a change of key (other content) measures again. */
  fit?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { w, h } = useSize(ref);
  const [need, setNeed] = useState<{ key: string; w: number; h: number } | null>(null);
  const measured = h > 0 && !isTestDom();
  const overflows =
    fit !== undefined && need !== null && need.key === fit && need.w === w && h < need.h;
  const compact = measured && (h < COMPACT_PX[theme] || overflows);
  useLayoutEffect(() => {
    const el = ref.current;
    if (fit === undefined || compact || !measured || !el) return;
    const over = el.scrollHeight - el.clientHeight;
    if (over > 1) setNeed({ key: fit, w, h: h + over });
    // New children may lay out taller: measured after each render of the panel.
  }, [fit, compact, measured, w, h, children]);
  return (
    <div
      ref={ref}
      className={`ackp ${className ?? ''}`}
      data-theme={theme}
      data-compact={compact ? '' : undefined}
    >
      {children}
    </div>
  );
}
