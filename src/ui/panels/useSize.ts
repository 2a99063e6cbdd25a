import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { isTestDom } from './env';

/** An element's size in CSS pixels, and a check that it is still current. */
export interface Size {
  w: number;
  h: number;
  /**
   * Measures the element now: true when the size above is still its size; otherwise the new
   * size is set (a re-render follows) and false. A plot calls it before an expensive draw, so it
   * does not draw at a size its layout has already left (a ResizeObserver reports a change only
   * after the frame's layout: a plot that mounts while the page around it settles would draw
   * once per step of the settling).
   */
  sync: () => boolean;
}

/**
 * The CSS-pixel size of an element, following resizes. A fixed width/height wins. Hidden
 * elements measure 0 × 0 (and the panel then skips drawing); a test DOM (happy-dom), which has no
 * layout, gets a default size so tests can render.
 */
export function useSize(ref: RefObject<HTMLElement | null>, width?: number, height?: number): Size {
  const [size, setSize] = useState({ w: width ?? 0, h: height ?? 0 });
  // The size last set (the state may not have re-rendered yet).
  const latest = useRef(size);
  const measure = useCallback((): boolean => {
    const el = ref.current;
    if (!el) return true;
    const fallback = isTestDom();
    // A fixed size needs no layout (and no forced one).
    const r = width !== undefined && height !== undefined ? null : el.getBoundingClientRect();
    const w = width ?? (Math.round(r!.width) || (fallback ? 720 : 0));
    const h = height ?? (Math.round(r!.height) || (fallback ? 300 : 0));
    if (latest.current.w === w && latest.current.h === h) return true;
    latest.current = { w, h };
    setSize(latest.current);
    return false;
  }, [ref, width, height]);
  useLayoutEffect(() => {
    if (!ref.current) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => void measure());
    ro.observe(ref.current);
    return () => ro.disconnect();
  }, [ref, measure]);
  return { w: size.w, h: size.h, sync: measure };
}
