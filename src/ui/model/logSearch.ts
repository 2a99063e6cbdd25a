/**
 * Searching the explanation log without a long task: rows are scanned in slices of a few
 * milliseconds, each in its own task, and matches reported as they are found. Sentences are
 * built on the way (and kept), so a second search is one quick pass.
 */
import type { Trace } from '../../engine';
import { nextTask } from '../perf/schedule';
import { entrySearchText, logEntries } from './logEntries';

export interface SearchProgress {
  /** The lower-cased query. */
  query: string;
  /** Matching log entries (model/logEntries.ts) found so far, ascending. */
  matches: Int32Array;
  /** Rows scanned so far (of `total`). */
  scanned: number;
  total: number;
  done: boolean;
}

/** Milliseconds of scanning per task. */
export const SEARCH_SLICE_MS = 12;

/**
 * Scan the rows of `trace` for `query` (lower-cased, non-empty). The first slice runs at once;
 * `onUpdate` is called after each slice. Returns a function that stops the search.
 */
export function startLogSearch(
  trace: Trace,
  query: string,
  onUpdate: (p: SearchProgress) => void,
  sliceMs = SEARCH_SLICE_MS,
): () => void {
  const total = logEntries(trace).length;
  let found = new Int32Array(64);
  let count = 0;
  let scanned = 0;
  let cancel: (() => void) | null = null;
  let stopped = false;
  const slice = () => {
    const end = performance.now() + sliceMs;
    while (scanned < total) {
      if (entrySearchText(trace, scanned).includes(query)) {
        if (count === found.length) {
          const grown = new Int32Array(found.length * 2);
          grown.set(found);
          found = grown;
        }
        found[count++] = scanned;
      }
      scanned++;
      if ((scanned & 31) === 0 && performance.now() > end) break;
    }
    const done = scanned >= total;
    onUpdate({ query, matches: found.slice(0, count), scanned, total, done });
    if (!done && !stopped) cancel = nextTask(slice);
  };
  slice();
  return () => {
    stopped = true;
    cancel?.();
  };
}
