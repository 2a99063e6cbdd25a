import type { RunSlice, Slice } from './types';

export const createRunSlice: Slice<RunSlice> = (set) => ({
  run: { status: 'idle', progress: 0, slow: false, results: [], senders: [], fingerprints: [], error: null, lastRunMs: null },
  runStarted: () => set((s) => ({ run: { ...s.run, status: 'running', progress: 0, slow: false, error: null } })),
  runProgress: (progress, slow) => set((s) => ({ run: { ...s.run, progress, slow } })),
  runFinished: (results, senders, ms) =>
    set((s) => {
      const n = results[0]?.trace.packets.length ?? 0;
      return {
        run: {
          status: 'idle',
          progress: 1,
          slow: false,
          results,
          senders,
          fingerprints: results.map((r) => r.fingerprint),
          error: null,
          lastRunMs: ms,
        },
        cursor: Math.min(s.cursor, Math.max(0, n - 1)),
        playing: false,
      };
    }),
  runFingerprint: (index, fingerprint) =>
    set((s) => ({
      run: {
        ...s.run,
        fingerprints: s.run.fingerprints.map((f, i) => (i === index ? fingerprint : f)),
      },
    })),
  // The previous results stay on screen.
  runFailed: (error) => set((s) => ({ run: { ...s.run, status: 'error', slow: false, error } })),
  runCancelled: () =>
    set((s) => ({ run: { ...s.run, status: 'idle', slow: false, error: 'Run cancelled; showing the previous run.' } })),
});
