/**
 * The explanation log's search, incremental: the first slice of rows is scanned at once, the
 * rest in later tasks (model/logSearch.ts), and the log shows matches as they come. Once the
 * search box has had the focus (`prepare`), and while it is empty, search texts are prepared
 * when the page is idle, so the first search of a long run is quick too; a run nobody searches
 * costs no idle work (opening a preset does not build the texts of its every row).
 */
import { useEffect, useState } from 'react';
import type { Trace } from '../../engine';
import { prepareEntrySearch } from '../model/logEntries';
import { startLogSearch, type SearchProgress } from '../model/logSearch';
import { whenIdle } from '../perf/schedule';

export function useLogSearch(
  trace: Trace | null,
  query: string,
  prepare: boolean,
): SearchProgress | null {
  const [state, setState] = useState<{ trace: Trace; progress: SearchProgress } | null>(null);

  useEffect(() => {
    if (!trace || !query) {
      setState(null);
      return;
    }
    return startLogSearch(trace, query, (progress) => setState({ trace, progress }));
  }, [trace, query]);

  // Idle-time preparation of the search texts (a few ms at a time), once a search is likely.
  useEffect(() => {
    if (!trace || query || !prepare) return;
    let cancel: (() => void) | null = null;
    const step = (deadline: { timeRemaining(): number }) => {
      const done = prepareEntrySearch(trace, Math.max(2, Math.min(12, deadline.timeRemaining())));
      cancel = done ? null : whenIdle(step);
    };
    cancel = whenIdle(step);
    return () => cancel?.();
  }, [trace, query, prepare]);

  // A result for another trace or query is not shown.
  if (!state || state.trace !== trace || state.progress.query !== query) return null;
  return state.progress;
}
