/** Browser capabilities the panels adapt to. */

let canvasOk: boolean | undefined;

/** True when running under jsdom (unit tests): no layout, no canvas. */
export function isJsdom(): boolean {
  return typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);
}

/** Whether a 2D canvas is available (false in jsdom without the canvas package). */
export function canvasAvailable(): boolean {
  if (canvasOk === undefined) {
    try {
      canvasOk =
        typeof document !== 'undefined' &&
        !isJsdom() &&
        !!document.createElement('canvas').getContext('2d');
    } catch {
      canvasOk = false;
    }
  }
  return canvasOk;
}

/** Traces with more marks than this are drawn on canvas (when available). */
export const SVG_MARK_LIMIT = 3000;

/** The user asked for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  );
}
