import { useRef, type ReactNode } from 'react';
import { isJsdom } from './env';
import type { Theme } from './types';
import { useSize } from './useSize';

/** Below this height (px) a panel goes compact: one legend line, no counts, smaller minimum plot. */
const COMPACT_PX: Record<Theme, number> = { light: 250, dark: 250, projector: 330 };

/** The themed root of every panel; measures itself to switch to the compact layout. */
export function PanelRoot({
  theme,
  className,
  children,
}: {
  theme: Theme;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { h } = useSize(ref);
  const compact = h > 0 && !isJsdom() && h < COMPACT_PX[theme];
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
