/**
 * User Timing marks the browser tests read (`performance.getEntriesByName`): when a run's
 * result reaches the page, when each plot's static layer is drawn and each step of preparing a
 * long run's panels. No-ops where the
 * Performance API is missing.
 */
export const PERF_RESULT = 'ackclock:result';
export const PERF_PLOT = 'ackclock:plot';
/** A step of preparing a long run's panels (detail: "router:prep", "router:mount"…). */
export const PERF_STAGE = 'ackclock:stage';

/** A step of importing a capture (detail: "pick", "list", "analysis"). */
export const PERF_CAPTURE = 'ackclock:capture';

export function perfMark(name: string, detail?: string): void {
  try {
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
      performance.mark(name, detail === undefined ? undefined : { detail });
  } catch {
    // Marks are diagnostics only.
  }
}
