import { useLayoutEffect, useState, type RefObject } from 'react';

/** The content-box size of an element, kept up to date with a ResizeObserver. */
export function useElementSize(ref: RefObject<Element | null>, fallback = { w: 600, h: 200 }): { w: number; h: number } {
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) setSize({ w: Math.round(r.width), h: Math.round(r.height) });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
