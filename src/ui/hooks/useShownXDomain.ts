/**
 * The time window (s) the plots show. It is the store's zoom, except while a new run is on its
 * way and the trace on screen is still the last one: then the window that trace was shown at.
 * An address or a preset sets its run's window at once. Applied to the old trace, it would draw
 * every plot once more, and show the old run on the new run's axes, until the new run arrives.
 * A zoom made while a run is on its way shows when the run arrives.
 */
import { useRef } from 'react';
import { useApp } from '../store';

type Window = [number, number] | null;

export function useShownXDomain(trace: object | null, xDomain: Window): Window {
  const pending = useApp((s) => s.run.status === 'running');
  const held = useRef<{ trace: object | null; x: Window } | null>(null);
  // (a value kept from an earlier render of the same trace: the same on a repeated render)
  if (!pending || held.current === null || held.current.trace !== trace)
    held.current = { trace, x: xDomain };
  return held.current.x;
}
