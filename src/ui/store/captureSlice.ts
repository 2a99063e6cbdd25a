/**
 * The imported capture (issue 27): its reading state (progress, Cancel, errors), its TCP
 * connections and their analyses, which of them are shown, and the capture view's cursor.
 * Independent of the simulator's run: opening a capture, or failing to, keeps the scenario and
 * its run, and an import that fails keeps the capture shown before it.
 */
import type { CaptureSlice, Slice } from './types';

export const createCaptureSlice: Slice<CaptureSlice> = (set) => ({
  capture: {
    status: 'idle',
    progress: 0,
    fileName: null,
    error: null,
    file: null,
    analyses: {},
    open: false,
    selected: [],
    cursor: -1,
    xDomain: null,
    replay: null,
  },
  captureStarted: (fileName) =>
    set((s) => ({
      capture: { ...s.capture, status: 'reading', progress: 0, fileName, error: null },
    })),
  captureProgress: (progress) => set((s) => ({ capture: { ...s.capture, progress } })),
  captureLoaded: (file) =>
    set((s) => ({
      capture: {
        ...s.capture,
        status: 'idle',
        progress: 1,
        fileName: file.name,
        error: null,
        file,
        analyses: {},
        open: true,
        selected: file.connections.length ? [biggest(file.connections)] : [],
        cursor: -1,
        xDomain: null,
        replay: null,
      },
    })),
  captureAnalysed: (id, analysis) =>
    set((s) => ({
      capture: { ...s.capture, analyses: { ...s.capture.analyses, [id]: analysis } },
    })),
  captureFailed: (error) =>
    set((s) => ({
      capture: { ...s.capture, status: 'error', fileName: s.capture.file?.name ?? null, error },
    })),
  captureCancelled: () =>
    set((s) => ({
      capture: {
        ...s.capture,
        status: 'idle',
        fileName: s.capture.file?.name ?? null,
        error: 'Import cancelled; nothing was changed.',
      },
    })),
  setCaptureOpen: (open) =>
    set((s) => ({ capture: { ...s.capture, open: open && !!s.capture.file } })),
  setCaptureSelected: (ids) =>
    set((s) => ({
      capture: { ...s.capture, selected: [...new Set(ids)].sort((a, b) => a - b), xDomain: null },
    })),
  setCaptureCursor: (cursor) => set((s) => ({ capture: { ...s.capture, cursor } })),
  setCaptureReplay: (replay) => set((s) => ({ capture: { ...s.capture, replay } })),
  setCaptureXDomain: (xDomain) => set((s) => ({ capture: { ...s.capture, xDomain } })),
  dismissCaptureError: () =>
    set((s) => ({
      capture: {
        ...s.capture,
        status: s.capture.status === 'reading' ? 'reading' : 'idle',
        error: null,
      },
    })),
});

/** The connection with the most payload: the one a class would look at first. */
function biggest(connections: { id: number; bytes: number }[]): number {
  let best = connections[0]!;
  for (const c of connections) if (c.bytes > best.bytes) best = c;
  return best.id;
}
