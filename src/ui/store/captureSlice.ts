/**
 * The imported capture (issue 27): its reading state (progress, Cancel, errors), the analysed
 * connections, which of them are shown and the capture view's cursor. Independent of the
 * simulator's run: opening a capture, or failing to, keeps the scenario and its run.
 */
import type { CaptureSlice, Slice } from './types';

const idle = { status: 'idle', progress: 0, phase: 'reading', fileName: null, error: null } as const;

export const createCaptureSlice: Slice<CaptureSlice> = (set) => ({
  capture: { ...idle, view: null, open: false, selected: [], cursor: 0 },
  captureStarted: (fileName) =>
    set((s) => ({ capture: { ...s.capture, status: 'reading', progress: 0, phase: 'reading', fileName, error: null } })),
  captureProgress: (progress, phase) => set((s) => ({ capture: { ...s.capture, progress, phase } })),
  captureLoaded: (view) =>
    set((s) => ({
      capture: {
        ...s.capture,
        ...idle,
        fileName: view.summary.name,
        view,
        open: true,
        // The connection with the most data first: the one a class would look at.
        selected: view.connections.length ? [biggest(view)] : [],
        cursor: 0,
      },
    })),
  captureFailed: (error) => set((s) => ({ capture: { ...s.capture, status: 'error', error } })),
  captureCancelled: () =>
    set((s) => ({
      capture: { ...s.capture, ...idle, error: 'Import cancelled; nothing was changed.' },
    })),
  setCaptureOpen: (open) => set((s) => ({ capture: { ...s.capture, open: open && !!s.capture.view } })),
  setCaptureSelected: (ids) =>
    set((s) => ({ capture: { ...s.capture, selected: [...new Set(ids)].sort((a, b) => a - b), cursor: 0 } })),
  setCaptureCursor: (cursor) => set((s) => ({ capture: { ...s.capture, cursor: Math.max(0, Math.floor(cursor)) } })),
  dismissCaptureError: () => set((s) => ({ capture: { ...s.capture, status: 'idle', error: null } })),
});

function biggest(view: { connections: { id: number; bytesSent: number }[] }): number {
  let best = view.connections[0]!;
  for (const c of view.connections) if (c.bytesSent > best.bytesSent) best = c;
  return best.id;
}
