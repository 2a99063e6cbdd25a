/**
 * Measuring helpers for the browser performance tests: requestAnimationFrame intervals, and
 * long tasks (PerformanceObserver 'longtask') with the app's User Timing marks
 * (src/ui/perf/marks.ts).
 */
import type { Page } from '@playwright/test';

export interface FrameStats {
  n: number;
  median: number;
  p95: number;
  max: number;
}

/** Record requestAnimationFrame intervals in the page until stopFrames() is called. */
export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrames(page: Page): Promise<FrameStats> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    const f = w.__frames.slice(1).sort((a, b) => a - b);
    const q = (p: number) => Math.round(f[Math.min(f.length - 1, Math.floor(p * f.length))] ?? 0);
    return { n: f.length, median: q(0.5), p95: q(0.95), max: Math.round(f[f.length - 1] ?? 0) };
  });
}

/** Collect long tasks from the first moment of the page (call before page.goto). */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
    w.__longtasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No long-task support: the numbers stay empty.
    }
  });
}

export interface LoadTimes {
  /** Navigation start → the run's result reached the page (ms). */
  resultMs: number;
  /** Result → first plot drawn (ms). */
  firstPlotMs: number;
  /** Result → every plot drawn (ms). */
  allPlotsMs: number;
  /** Longest main-thread task that ended after the result arrived (ms). */
  longestTaskMs: number;
  /** Every such long task: start relative to the result and duration (ms), and the app's marks
   * that fell inside it (which panel step, which plot drawn). */
  longTasks: { at: number; ms: number; marks: string[] }[];
}

/** Read the marks and long tasks of the latest run. */
export async function loadTimes(page: Page): Promise<LoadTimes> {
  return page.evaluate(() => {
    const results = performance.getEntriesByName('ackclock:result');
    const result = results[results.length - 1]?.startTime ?? NaN;
    const plots = performance
      .getEntriesByName('ackclock:plot')
      .map((e) => e.startTime)
      .filter((t) => t >= result);
    const w = window as unknown as { __longtasks?: { start: number; duration: number }[] };
    const after = (w.__longtasks ?? []).filter((t) => t.start + t.duration > result);
    const marks = performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('ackclock:'))
      .map((m) => ({
        t: m.startTime,
        name: `${m.name.slice(9)}${(m as PerformanceMark).detail ? `:${String((m as PerformanceMark).detail)}` : ''}`,
      }));
    return {
      resultMs: Math.round(result),
      firstPlotMs: Math.round((plots[0] ?? NaN) - result),
      allPlotsMs: Math.round((plots[plots.length - 1] ?? NaN) - result),
      longestTaskMs: Math.round(after.reduce((m, t) => Math.max(m, t.duration), 0)),
      longTasks: after.map((t) => ({
        at: Math.round(t.start - result),
        ms: Math.round(t.duration),
        marks: marks
          .filter((m) => m.t >= t.start && m.t <= t.start + t.duration)
          .map((m) => m.name),
      })),
    };
  });
}
