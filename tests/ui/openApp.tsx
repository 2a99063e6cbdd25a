/**
 * Test helper: the whole app opened at a link (`?preset=…`), with the in-process engine, the
 * controller running and the run arrived; `closeApp` stops the controller and unmounts it.
 */
import { expect } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';
import { startController } from '../../src/ui/app/controller';
import { mainTrace, useApp } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';

let stop: (() => void) | null = null;

/** Open the app at `search` and wait for its run. */
export async function openApp(search: string): Promise<void> {
  window.history.replaceState(null, '', `/${search}`);
  installInProcessEngine();
  render(<App />);
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
}

/** Stop the controller and unmount the app (an afterEach). */
export function closeApp(): void {
  stop?.();
  stop = null;
  cleanup();
}
