import type { PredictSlice, Slice } from './types';

export const createPredictSlice: Slice<PredictSlice> = (set) => ({
  predict: { kind: null, asked: [], pending: null },
  setPredictKind: (kind) => set((s) => ({ predict: { ...s.predict, kind, pending: null } })),
  setGuess: (guess) =>
    set((s) =>
      s.predict.pending
        ? { predict: { ...s.predict, pending: { ...s.predict.pending, guess } } }
        : {},
    ),
  setGuessPacket: (guessPacket) =>
    set((s) =>
      s.predict.pending
        ? { predict: { ...s.predict, pending: { ...s.predict.pending, guessPacket } } }
        : {},
    ),
  reveal: () =>
    set((s) =>
      s.predict.pending
        ? { predict: { ...s.predict, pending: { ...s.predict.pending, revealed: true } } }
        : {},
    ),
  dismissPredict: () => set((s) => ({ predict: { ...s.predict, pending: null } })),
});
