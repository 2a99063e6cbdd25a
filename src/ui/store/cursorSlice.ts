import { predictStop } from '../model/predict';
import { stepLevel } from '../model/stepLevels';
import { lastEventAtOrBefore, nextSignificant } from '../model/traceIndex';
import type { AppState, CursorSlice, Slice } from './types';

export function mainTrace(s: AppState) {
  return s.run.results[0]?.trace ?? null;
}

export const createCursorSlice: Slice<CursorSlice> = (set, get) => ({
  cursor: 0,
  seek: (target, opts) => {
    const s = get();
    const trace = mainTrace(s);
    if (!trace) {
      set({ cursor: Math.max(0, Math.floor(target)) });
      return;
    }
    const n = trace.packets.length;
    let to = Math.max(0, Math.min(n - 1, Math.floor(target)));
    if (s.predict.pending && !s.predict.pending.revealed && to > s.cursor) return;
    if (s.predict.kind && !opts?.bypassPredict && to > s.cursor) {
      const stop = predictStop(trace, s.predict.kind, s.predict.asked, s.cursor, to);
      if (stop) {
        to = Math.max(0, stop.event - 1);
        set({
          cursor: to,
          playing: false,
          predict: {
            ...s.predict,
            asked: [...s.predict.asked, stop.decision.id],
            pending: { decisionId: stop.decision.id, guess: '', guessPacket: '', revealed: false },
          },
        });
        return;
      }
    }
    if (to !== s.cursor) set({ cursor: to });
  },
  step: (delta) => get().seek(get().cursor + delta),
  first: () => get().seek(0),
  last: () => {
    const t = mainTrace(get());
    if (t) get().seek(t.packets.length - 1);
  },
  nextSignificant: (dir, modifier = 0) => {
    const t = mainTrace(get());
    if (!t) return;
    // Episodes follow the log's flow filter (a many-flow run narrated one flow at a time).
    const e = nextSignificant(
      t,
      get().cursor,
      dir,
      stepLevel(get().scenario, modifier),
      get().flowFilter,
    );
    if (e !== null) get().seek(e);
  },
  seekTime: (time) => {
    const t = mainTrace(get());
    if (t) get().seek(lastEventAtOrBefore(t, time));
  },
});
