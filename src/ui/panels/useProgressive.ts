import { useEffect, useState } from 'react';
import { nextTask } from '../perf/schedule';

/** A trace with at least this many events draws a panel's per-flow plots one per task. */
export const PROGRESSIVE_EVENTS = 20_000;

/**
 * How many of `total` plots to draw yet: all at once for a short run; for a long one, one more
 * per task (a new `key`, e.g. another trace, starts again from one), so drawing two flows'
 * plots is two tasks, not one long one.
 */
export function useProgressive(total: number, long: boolean, key: unknown): number {
  const [state, setState] = useState<{ key: unknown; n: number }>({ key, n: 1 });
  const n = !long ? total : state.key === key ? Math.min(total, state.n) : Math.min(total, 1);
  useEffect(() => {
    if (!long || n >= total) return;
    return nextTask(() => setState({ key, n: n + 1 }));
  }, [long, n, total, key]);
  return n;
}
