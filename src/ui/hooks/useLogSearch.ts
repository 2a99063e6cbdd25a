/**
 * The explanation log's search, incremental: the first slice of rows is scanned at once, the
 * rest in later tasks (model/logSearch.ts), and the log shows matches as they come. While the
 * search box is empty, search texts are prepared when the page is idle, so the first search of
 * a long run is quick too.
 */
import { useEffect, useState } from 'react';
import type { Trace } from '../../engine';
import { prepareEntrySearch } from '../model/logEntries';
import { startLogSearch, type SearchProgress } from '../model/logSearch';
import { whenIdle } from '../perf/schedule';

export function useLogSearch(trace: Trace | null, query: string): SearchProgress | null {
  const [state, setState] = useState<{ trace: Trace; progress: SearchProgress } | null>(null);

  useEffect(() => {
    if (!trace || !query) {
      setState(null);
      return;
    }
    return startLogSearch(trace, query, (progress) => setState({ trace, progress }));
  }, [trace, query]);

  // Idle-time preparation of the search texts (a few ms at a time).
  useEffect(() => {
    if (!trace || query) return;
    let cancel: (() => void) | null = null;
    const step = (deadline: { timeRemaining(): number }) => {
      const done = prepareEntrySearch(trace, Math.max(2, Math.min(12, deadline.timeRemaining())));
      cancel = done ? null : whenIdle(step);
    };
    cancel = whenIdle(step);
    return () => cancel?.();
  }, [trace, query]);

  // A result for another trace or query is not shown.
  if (!state || state.trace !== trace || state.progress.query !== query) return null;
  return state.progress;
}
