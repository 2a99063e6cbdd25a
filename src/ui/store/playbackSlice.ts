import { replayStart } from '../model/opening';
import { mainTrace } from './cursorSlice';
import type { PlaybackSlice, Slice } from './types';

export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4, 10] as const;

export const createPlaybackSlice: Slice<PlaybackSlice> = (set, get) => ({
  playing: false,
  speed: 0.25,
  mode: 'time',
  setPlaying: (playing) => {
    if (playing && get().predict.pending && !get().predict.pending?.revealed) return;
    // Play at the last event (a preset that opens at its end) plays again from the start of
    // the time window shown.
    const trace = mainTrace(get());
    if (playing && trace && get().cursor >= trace.packets.length - 1)
      get().seek(replayStart(trace, get().xDomain));
    set({ playing });
  },
  togglePlaying: () => get().setPlaying(!get().playing),
  setSpeed: (speed) => set({ speed: Math.min(10, Math.max(0.1, speed)) }),
  setMode: (mode) => set({ mode }),
});
