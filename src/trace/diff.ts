import type { Decision, SenderVars } from '../engine';

/** Old → new values of the sender variables that differ between two snapshots. */
export function diffVars(before: SenderVars, after: SenderVars): Decision['changes'] {
  const changes: Decision['changes'] = {};
  for (const k of Object.keys(after) as (keyof SenderVars)[]) {
    const a = before[k];
    const b = after[k];
    if (a !== undefined && b !== undefined && a !== b) changes[k] = [a, b];
  }
  return changes;
}
