/**
 * Flows as the shell names them: "● flow 2 (SCTP (RFC 4960))" — the flow's glyph (palette
 * flowStyle), its number from 1 and its sender's short name from the variant registry — and the
 * log's flow filter over a trace's decision columns. Pure.
 */
import type { Trace } from '../../engine';
import { flowStyle, PER_FLOW_PLOTS } from '../deps/panels';
import { findVariant } from '../deps/scenarios';

export { PER_FLOW_PLOTS };

/** "flow 2 (SACK)" of a 0-based flow id. */
export function flowName(trace: Trace, flow: number): string {
  const f = trace.flows.find((x) => x.id === flow);
  const name = f ? (findVariant(f.sender)?.name ?? f.sender) : null;
  return name ? `flow ${flow + 1} (${name})` : `flow ${flow + 1}`;
}

/** "● flow 2 (SACK)": the flow's glyph first, so the words carry its mark. */
export function flowOptionLabel(trace: Trace, flow: number): string {
  return `${flowStyle(flow).symbol} ${flowName(trace, flow)}`;
}

/** The flow a one-flow-at-a-time plot shows: the filter's, else flow 1 (id 0). */
export function focusFlow(trace: Trace, filter: number | null): number {
  return filter !== null && filter < trace.flows.length ? filter : 0;
}

/**
 * The flows a one-flow-of-many panel shows (PanelView.oneFlow): with more than PER_FLOW_PLOTS
 * flows the filter's (else flow 1) as a one-element list; undefined (every flow) otherwise.
 */
export function oneFlowOf(trace: Trace, filter: number | null): number[] | undefined {
  return trace.flows.length > PER_FLOW_PLOTS ? [focusFlow(trace, filter)] : undefined;
}

const decisionCache = new WeakMap<Trace, Map<number, Int32Array>>();

/** Decision ids (ascending) of one flow, read from the decision columns once per trace. */
export function flowDecisionIds(trace: Trace, flow: number): Int32Array {
  let m = decisionCache.get(trace);
  if (!m) {
    m = new Map();
    decisionCache.set(trace, m);
  }
  let ids = m.get(flow);
  if (!ids) {
    const D = trace.decisions;
    let count = 0;
    for (let i = 0; i < D.length; i++) if (D.flow[i] === flow) count++;
    ids = new Int32Array(count);
    for (let i = 0, k = 0; i < D.length; i++) if (D.flow[i] === flow) ids[k++] = i;
    m.set(flow, ids);
  }
  return ids;
}

/** The ids of `ids` (ascending) whose decision is of `flow`. */
export function idsOfFlow(trace: Trace, ids: Int32Array, flow: number): Int32Array {
  const F = trace.decisions.flow;
  let count = 0;
  for (let k = 0; k < ids.length; k++) if (F[ids[k]!] === flow) count++;
  const out = new Int32Array(count);
  for (let k = 0, j = 0; k < ids.length; k++) if (F[ids[k]!] === flow) out[j++] = ids[k]!;
  return out;
}

/**
 * The next value of the flow filter when cycling with the keyboard: all → flow 1 → … → flow n
 * → all (dir 1), or the other way round (dir −1).
 */
export function cycleFlowFilter(current: number | null, flows: number, dir: 1 | -1): number | null {
  if (flows <= 1) return null;
  const order: (number | null)[] = [null, ...Array.from({ length: flows }, (_, i) => i)];
  const at = Math.max(0, order.indexOf(current !== null && current < flows ? current : null));
  return order[(at + dir + order.length) % order.length]!;
}

const shownCache = new WeakMap<Trace, Map<string, Int32Array>>();

/**
 * The ids of `ids` (ascending; default every decision) whose decision is of one of `flows` — the
 * log's rows while the flow list hides some flows. Every decision is read once per call from the
 * flow column; the whole-log list is kept per trace and flow set.
 */
export function idsOfFlows(trace: Trace, flows: readonly number[], ids?: Int32Array): Int32Array {
  const key = flows.join(',');
  if (!ids) {
    let m = shownCache.get(trace);
    if (!m) {
      m = new Map();
      shownCache.set(trace, m);
    }
    const hit = m.get(key);
    if (hit) return hit;
  }
  const F = trace.decisions.flow;
  let maxId = 0;
  for (const f of trace.flows) if (f.id > maxId) maxId = f.id;
  const show = new Uint8Array(maxId + 1);
  for (const f of flows) if (f >= 0 && f <= maxId) show[f] = 1;
  const n = ids ? ids.length : trace.decisions.length;
  const at = (k: number) => (ids ? ids[k]! : k);
  let count = 0;
  for (let k = 0; k < n; k++) if (show[F[at(k)]!] === 1) count++;
  const out = new Int32Array(count);
  for (let k = 0, j = 0; k < n; k++) if (show[F[at(k)]!] === 1) out[j++] = at(k);
  if (!ids) shownCache.get(trace)!.set(key, out);
  return out;
}
