/**
 * User Timing marks the browser tests read (`performance.getEntriesByName`): when a run's
 * result reaches the page and when each plot's static layer is drawn. No-ops where the
 * Performance API is missing.
 */
export const PERF_RESULT = 'ackclock:result';
export const PERF_PLOT = 'ackclock:plot';

export function perfMark(name: string, detail?: string): void {
  try {
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
      performance.mark(name, detail === undefined ? undefined : { detail });
  } catch {
    // Marks are diagnostics only.
  }
}
