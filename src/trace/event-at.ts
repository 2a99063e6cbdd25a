/**
 * The packet event at a time: a binary search over the trace's event times (sorted, as the
 * scheduler ran them). Shared by the episode stops (episodes.ts) and the UI's trace index.
 */
import type { Trace } from '../engine';

/**
 * Index (0-based) of the last packet event with time ≤ t seconds; 0 when there is none (an
 * empty trace, or t before the first event). O(log n).
 */
export function lastEventAtOrBefore(trace: Trace, t: number): number {
  const time = trace.packets.time;
  let lo = 0;
  let hi = trace.packets.length - 1;
  if (hi < 0 || (time[0] as number) > t) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((time[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
