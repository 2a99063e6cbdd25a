/** The address bar's debounced writer (src/ui/app/addressWriter.ts), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressWriter } from '../../../src/ui/app/addressWriter';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('addressWriter', () => {
  it('writes once, 200 ms after the last of a burst of changes', () => {
    const write = vi.fn();
    const w = addressWriter(write, 200, 1000);
    for (let i = 0; i < 5; i++) {
      w.schedule();
      vi.advanceTimersByTime(50);
    }
    expect(write).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(149);
    expect(write).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(write).toHaveBeenCalledTimes(1);
    expect(w.pending).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('changes that never rest (playback every 40 ms) are written every 1000 ms', () => {
    const write = vi.fn();
    const w = addressWriter(write, 200, 1000);
    for (let t = 0; t < 2500; t += 40) {
      w.schedule();
      vi.advanceTimersByTime(40);
    }
    // Written at 1000 ms and 2000 + 40 ms (the first change after a write opens a new wait).
    expect(write).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(200);
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('flush writes a pending change at once (page hidden), and nothing when none is pending', () => {
    const write = vi.fn();
    const w = addressWriter(write, 200, 1000);
    w.flush();
    expect(write).toHaveBeenCalledTimes(0);
    w.schedule();
    expect(w.pending).toBe(true);
    w.flush();
    expect(write).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the pending write', () => {
    const write = vi.fn();
    const w = addressWriter(write, 200, 1000);
    w.schedule();
    w.cancel();
    vi.advanceTimersByTime(1000);
    w.flush();
    expect(write).toHaveBeenCalledTimes(0);
  });
});
