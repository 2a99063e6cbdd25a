import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { flowsSignature, visibleFlows } from '../model/flowVisibility';
import { useApp } from '../store';

const NONE: number[] = [];

/** The flows hidden in the run on screen (none when they were hidden in a run with other flows). */
export function useHiddenFlows(trace: Trace | null): number[] {
  const hidden = useApp((s) => s.hiddenFlows);
  const hiddenFor = useApp((s) => s.hiddenFor);
  return useMemo(
    () => (trace && hidden.length > 0 && hiddenFor === flowsSignature(trace) ? hidden : NONE),
    [trace, hidden, hiddenFor],
  );
}

/** The flows the panels show (ascending ids), or undefined for every flow. */
export function useVisibleFlows(trace: Trace | null): number[] | undefined {
  const hidden = useHiddenFlows(trace);
  return useMemo(() => (trace ? visibleFlows(trace, hidden) : undefined), [trace, hidden]);
}
