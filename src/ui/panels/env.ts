/** Browser capabilities the panels adapt to. */

let canvasOk: boolean | undefined;

/** True in a test DOM (happy-dom, where the unit tests run, or jsdom): no layout, no canvas. */
export function isTestDom(): boolean {
  return typeof navigator !== 'undefined' && /jsdom|happydom/i.test(navigator.userAgent);
}

/** Whether a 2D canvas is available (false in a test DOM without a canvas package). */
export function canvasAvailable(): boolean {
  if (canvasOk === undefined) {
    try {
      canvasOk =
        typeof document !== 'undefined' &&
        !isTestDom() &&
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
