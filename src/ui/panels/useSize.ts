import { useLayoutEffect, useState, type RefObject } from 'react';
import { isJsdom } from './env';

/**
 * The CSS-pixel size of an element, following resizes. A fixed width/height wins. Hidden
 * elements measure 0 × 0 (and the panel then skips drawing); jsdom, which has no layout, gets
 * a default size so tests can render.
 */
export function useSize(
  ref: RefObject<HTMLElement | null>,
  width?: number,
  height?: number,
): { w: number; h: number } {
  const [size, setSize] = useState({ w: width ?? 0, h: height ?? 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fallback = isJsdom();
    const measure = () => {
      const r = el.getBoundingClientRect();
      const w = width ?? (Math.round(r.width) || (fallback ? 720 : 0));
      const h = height ?? (Math.round(r.height) || (fallback ? 300 : 0));
      setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, width, height]);
  return size;
}
