/**
 * Small time-slicing helpers: run work in later tasks so no single task blocks the page
 * (the browser tests flag tasks over 100 ms after a long run's result).
 */

/** Run `fn` in a later task; returns a cancel function. */
export function nextTask(fn: () => void): () => void {
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

interface IdleDeadlineLike {
  timeRemaining(): number;
}

/** Run `fn` when the page is idle (or soon, where requestIdleCallback is missing). */
export function whenIdle(fn: (deadline: IdleDeadlineLike) => void): () => void {
  const w = typeof window !== 'undefined' ? window : undefined;
  if (w && typeof w.requestIdleCallback === 'function') {
    const id = w.requestIdleCallback(fn, { timeout: 2000 });
    return () => w.cancelIdleCallback(id);
  }
  const id = setTimeout(() => {
    const end = performance.now() + 10;
    fn({ timeRemaining: () => Math.max(0, end - performance.now()) });
  }, 30);
  return () => clearTimeout(id);
}
