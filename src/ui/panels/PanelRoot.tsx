import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
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
 *
 * The overflow is read when the key, the size or the compact state changes, and when a child of
 * the panel changes size (a ResizeObserver on the children: it reports once the browser has laid
 * them out, so a render that changes nothing, such as a cursor step, forces no layout; reading it
 * after every render cost about 2 ms a step at 120 flows).
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
  /** Reads the overflow; `sync` applies a new verdict before the frame is painted. */
  const check = useRef<(sync: boolean) => void>(() => {});
  check.current = (sync) => {
    const el = ref.current;
    if (fit === undefined || compact || !measured || !el) return;
    const over = el.scrollHeight - el.clientHeight;
    if (over <= 1) return;
    const next = { key: fit, w, h: h + over };
    if (sync) flushSync(() => setNeed(next));
    else setNeed(next);
  };
  useLayoutEffect(() => check.current(false), [fit, compact, measured, w, h]);
  // The children's size changes (new content laid out taller): read once laid out. Children
  // are observed from the render that mounts them (each one once).
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new WeakSet<Element>());
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || fit === undefined || typeof ResizeObserver === 'undefined') return;
    const ro = (observer.current ??= new ResizeObserver(() => check.current(true)));
    for (const child of el.children) {
      if (observed.current.has(child)) continue;
      observed.current.add(child);
      ro.observe(child);
    }
  });
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
      observed.current = new WeakSet();
    },
    [],
  );
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
