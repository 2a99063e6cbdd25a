/**
 * Which flows the panels show: the flow list hides flows, or whole classes (application kind /
 * protocol), in every panel at once. The state is the list of hidden flow ids (ascending); a
 * hidden id the run does not have is ignored, and a new run with other flows starts with all
 * shown (`flowsSignature`). Pure.
 */
import type { Trace } from '../../engine';
import { flowClasses, type FlowClass } from '../deps/panels';

/** The flows shown (ascending ids), or undefined when every flow is (the panels' default). */
export function visibleFlows(trace: Trace, hidden: readonly number[]): number[] | undefined {
  if (hidden.length === 0) return undefined;
  const h = new Set(hidden);
  const ids = trace.flows.map((f) => f.id).sort((a, b) => a - b);
  if (!ids.some((f) => h.has(f))) return undefined;
  return ids.filter((f) => !h.has(f));
}

/** Hidden ids after showing (`show` true) or hiding `flows`. */
export function setFlowsShown(
  hidden: readonly number[],
  flows: readonly number[],
  show: boolean,
): number[] {
  const h = new Set(hidden);
  for (const f of flows) {
    if (show) h.delete(f);
    else h.add(f);
  }
  return [...h].sort((a, b) => a - b);
}

export type ClassShown = 'all' | 'none' | 'some';

/** Whether a class's flows are all shown, none, or some (its checkbox: checked, clear, mixed). */
export function classShown(c: FlowClass, hidden: readonly number[]): ClassShown {
  const h = new Set(hidden);
  let n = 0;
  for (const f of c.flows) if (h.has(f)) n++;
  return n === 0 ? 'all' : n === c.flows.length ? 'none' : 'some';
}

/** Hidden ids after a class's checkbox is clicked: a fully shown class hides, else shows all. */
export function toggleClass(c: FlowClass, hidden: readonly number[]): number[] {
  return setFlowsShown(hidden, c.flows, classShown(c, hidden) !== 'all');
}

/** Hidden ids showing only class `c` (the others hidden). */
export function onlyClass(trace: Trace, c: FlowClass): number[] {
  const keep = new Set(c.flows);
  return trace.flows
    .map((f) => f.id)
    .filter((f) => !keep.has(f))
    .sort((a, b) => a - b);
}

/**
 * What identifies a run's flows for the flow list: each flow's id, sender and class. A run
 * with the same signature keeps the flows hidden; another starts with all shown.
 */
export function flowsSignature(trace: Trace): string {
  return trace.flows.map((f) => `${f.id}:${f.sender}:${f.app ?? 'bulk'}`).join(',');
}

/** "38 of 40 flows shown", with the classes when some are hidden entirely. */
export function shownText(trace: Trace, hidden: readonly number[]): string {
  const n = trace.flows.length;
  const shown = visibleFlows(trace, hidden)?.length ?? n;
  const off = flowClasses(trace)
    .filter((c) => classShown(c, hidden) === 'none')
    .map((c) => c.key);
  return `${shown} of ${n} flow${n === 1 ? '' : 's'} shown${off.length ? ` (hidden: ${off.join(', ')})` : ''}`;
}
