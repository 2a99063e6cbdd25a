import { INITIAL_SWEEP, sweepReducer } from '../sweep/state';
import type { Slice, SweepSlice } from './types';

export const createSweepSlice: Slice<SweepSlice> = (set) => ({
  sweep: INITIAL_SWEEP,
  sweepForm: null,
  sweepEvent: (e) => set((s) => ({ sweep: sweepReducer(s.sweep, e) })),
  setSweepForm: (f) => set((s) => ({ sweepForm: s.sweepForm ? { ...s.sweepForm, ...f } : null })),
  initSweepForm: (f) => set({ sweepForm: f }),
});
