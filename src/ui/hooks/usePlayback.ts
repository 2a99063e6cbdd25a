import { useEffect } from 'react';
import { lastEventAtOrBefore } from '../model/traceIndex';
import { mainTrace, useApp } from '../store';

/** Milliseconds per event in "one event per tick" mode at 1×. */
export const EVENT_TICK_MS = 250;

/**
 * Drives playback while `playing`: in 'time' mode simulated time advances at `speed` × wall
 * time; in 'event' mode one event per tick (tick = 250 ms / speed). Stops at the last event.
 */
export function usePlayback(): void {
  const playing = useApp((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    const start = useApp.getState();
    const trace0 = mainTrace(start);
    let simTime = trace0 ? ((trace0.packets.time[start.cursor] as number | undefined) ?? 0) : 0;
    let carry = 0;
    const tick = (now: number) => {
      const s = useApp.getState();
      const trace = mainTrace(s);
      if (!s.playing || !trace) return;
      const dt = Math.min(250, now - last);
      last = now;
      const n = trace.packets.length;
      let target = s.cursor;
      if (s.mode === 'time') {
        const curT = (trace.packets.time[s.cursor] as number | undefined) ?? 0;
        if (curT > simTime) simTime = curT; // the user moved the cursor
        simTime += (dt / 1000) * s.speed;
        target = Math.max(s.cursor, lastEventAtOrBefore(trace, simTime));
        if (target === s.cursor && s.cursor < n - 1 && (trace.packets.time[s.cursor + 1] as number) <= simTime) target++;
      } else {
        carry += (dt * s.speed) / EVENT_TICK_MS;
        const k = Math.floor(carry);
        carry -= k;
        target = s.cursor + k;
      }
      if (target !== s.cursor) s.seek(target);
      const after = useApp.getState();
      if (after.cursor >= n - 1) {
        after.setPlaying(false);
        return;
      }
      if (after.playing) raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing]);
}
