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
 * A debounced writer calling `write` (trailing edge; timers from the global setTimeout, so fake
 * timers drive it in tests).
 */
export function addressWriter(
  write: () => void,
  waitMs = ADDRESS_WAIT_MS,
  maxWaitMs = ADDRESS_MAX_WAIT_MS,
): AddressWriter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the first change not yet written came (ms, Date.now). */
  let firstAt = 0;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const fire = () => {
    timer = null;
    write();
  };
  return {
    schedule() {
      const now = Date.now();
      if (timer === null) firstAt = now;
      else clearTimeout(timer);
      const left = Math.max(0, firstAt + maxWaitMs - now);
      timer = setTimeout(fire, Math.min(waitMs, left));
    },
    flush() {
      if (timer === null) return;
      clear();
      write();
    },
    cancel: clear,
    get pending() {
      return timer !== null;
    },
  };
}
