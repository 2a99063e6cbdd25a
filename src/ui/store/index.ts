/**
 * The app store: one Zustand store made of typed slices. React reads it with `useApp(selector)`;
 * the worker bridge and the URL sync write to it from outside React with `useApp.getState()`.
 */
import { create } from 'zustand';
import { createCaptureSlice } from './captureSlice';
import { createCursorSlice } from './cursorSlice';
import { createPlaybackSlice } from './playbackSlice';
import { createPredictSlice } from './predictSlice';
import { createRunSlice } from './runSlice';
import { createScenarioSlice } from './scenarioSlice';
import { createSelectionSlice } from './selectionSlice';
import { createSweepSlice } from './sweepSlice';
import type { AppState } from './types';
import { createViewSlice } from './viewSlice';

export const useApp = create<AppState>()((set, get, api) => ({
  ...createScenarioSlice(set, get, api),
  ...createRunSlice(set, get, api),
  ...createCursorSlice(set, get, api),
  ...createPlaybackSlice(set, get, api),
  ...createSelectionSlice(set, get, api),
  ...createViewSlice(set, get, api),
  ...createPredictSlice(set, get, api),
  ...createSweepSlice(set, get, api),
  ...createCaptureSlice(set, get, api),
}));

/** Fresh state for tests. */
const initial = useApp.getState();
export function resetApp(): void {
  useApp.setState(initial, true);
}

export { mainTrace } from './cursorSlice';
export * from './types';
