import type { PlaybackSlice, Slice } from './types';

export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4, 10] as const;

export const createPlaybackSlice: Slice<PlaybackSlice> = (set, get) => ({
  playing: false,
  speed: 0.25,
  mode: 'time',
  setPlaying: (playing) => {
    if (playing && get().predict.pending && !get().predict.pending?.revealed) return;
    set({ playing });
  },
  togglePlaying: () => get().setPlaying(!get().playing),
  setSpeed: (speed) => set({ speed: Math.min(10, Math.max(0.1, speed)) }),
  setMode: (mode) => set({ mode }),
});
