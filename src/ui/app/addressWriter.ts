import debounce from 'lodash-es/debounce';

/**
 * The address bar's write while the view changes (cursor steps, playback, scrubbing): debounced,
 * so a held arrow key or a playing run writes the address once it rests (`waitMs` after the last
 * change), and at least every `maxWaitMs` while changes keep coming. `flush` writes a pending
 * address at once (the page being hidden or left must not lose the last state); `cancel` drops
 * it (a history entry written or applied in its place).
 */
export interface AddressWriter {
  /** A change: write (by calling `write`) once changes rest. */
  schedule(): void;
  /** Write now if a write is pending. */
  flush(): void;
  /** Drop a pending write. */
  cancel(): void;
  readonly pending: boolean;
}

/** Milliseconds after the last view change that the address is written. */
export const ADDRESS_WAIT_MS = 200;
/** Longest the address lags behind a view that keeps changing (playback), milliseconds. */
export const ADDRESS_MAX_WAIT_MS = 1000;

/**
 * A debounced writer calling `write` (trailing edge: lodash's debounce with `maxWait`; its timers
 * are the global setTimeout and Date.now, so fake timers drive it in tests).
 */
export function addressWriter(
  write: () => void,
  waitMs = ADDRESS_WAIT_MS,
  maxWaitMs = ADDRESS_MAX_WAIT_MS,
): AddressWriter {
  let pending = false;
  const debounced = debounce(
    () => {
      pending = false;
      write();
    },
    waitMs,
    { maxWait: maxWaitMs },
  );
  return {
    schedule() {
      pending = true;
      debounced();
    },
    flush() {
      if (pending) debounced.flush();
    },
    cancel() {
      pending = false;
      debounced.cancel();
    },
    get pending() {
      return pending;
    },
  };
}
