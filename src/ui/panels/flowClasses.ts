/**
 * Traffic classes: the flows of a run grouped by what feeds them and how they are carried, the
 * application kind and the transport protocol ("voip/udp", "bulk/tcp", "ftp-clients/sctp"), read
 * from the trace's FlowInfo. With many flows (a 003_… mix has 100+) the panels draw, colour and
 * list classes instead of flows. Class k (in the order of its first flow) takes flow k's style
 * (palette flowStyle: colour, glyph, dash), so classes are told apart as flows are. Pure.
 */
import type { FlowInfo, Trace } from '../../engine';
import { flowClassOf } from '../deps/metrics';
import { flowStyle, type FlowStyle } from './palette';
import { memo } from './traceCache';

/** Above this many flows the router plot colours its marks by class (flow colours repeat). */
export const CLASS_COLOURS_ABOVE = 8;

export interface FlowClass {
  /** 0-based, in the order of the class's first flow. */
  index: number;
  /** "voip/udp": application kind / protocol. */
  key: string;
  app: string;
  protocol: string;
  /** Trace flow ids of the class, ascending. */
  flows: number[];
}

/** A flow's class key: its application kind and protocol ("bulk/tcp"), as the metrics module names it. */
export function classKeyOf(f: Pick<FlowInfo, 'app' | 'protocol'>): string {
  return flowClassOf(f.app ?? 'bulk', f.protocol);
}

/** Whether a flow runs congestion control (UDP sends without: no cwnd, no decisions). */
export function hasCongestionControl(f: Pick<FlowInfo, 'protocol'> | undefined): boolean {
  return f !== undefined && f.protocol !== 'udp';
}

/** The run's classes, in the order of their first flow (computed once per trace). */
export function flowClasses(trace: Trace): FlowClass[] {
  return memo(trace, 'flowClasses', () => {
    const byKey = new Map<string, FlowClass>();
    const out: FlowClass[] = [];
    const flows = [...trace.flows].sort((a, b) => a.id - b.id);
    for (const f of flows) {
      const key = classKeyOf(f);
      let c = byKey.get(key);
      if (!c) {
        c = { index: out.length, key, app: f.app ?? 'bulk', protocol: f.protocol, flows: [] };
        byKey.set(key, c);
        out.push(c);
      }
      c.flows.push(f.id);
    }
    return out;
  });
}

/** Class index of every flow id (index = trace flow id; −1 for an id with no flow). */
export function classOfFlow(trace: Trace): Int32Array {
  return memo(trace, 'classOfFlow', () => {
    let maxId = -1;
    for (const f of trace.flows) if (f.id > maxId) maxId = f.id;
    const out = new Int32Array(maxId + 1).fill(-1);
    for (const c of flowClasses(trace)) for (const f of c.flows) out[f] = c.index;
    return out;
  });
}

/** The style of class k: flow k's colour, glyph and dash. */
export function classStyle(k: number): FlowStyle {
  return flowStyle(k);
}

/** "voip/udp (40 flows)". */
export function classLabel(c: FlowClass): string {
  return `${c.key} (${c.flows.length} flow${c.flows.length === 1 ? '' : 's'})`;
}

/**
 * The classes restricted to the `shown` flows (classes with none shown left out), each with the
 * flows of it that are shown.
 */
export function shownClasses(trace: Trace, shown: readonly number[]): FlowClass[] {
  const set = new Set(shown);
  return flowClasses(trace)
    .map((c) => ({ ...c, flows: c.flows.filter((f) => set.has(f)) }))
    .filter((c) => c.flows.length > 0);
}

/** A line of a per-flow or per-class plot: one flow, or the shown flows of one class. */
export interface FlowGroup {
  key: string;
  /** Style index (palette flowStyle): the flow id, or the class index. */
  style: number;
  label: string;
  flows: readonly number[];
}

/** The groups a plot draws: each shown flow, or each class of the shown flows. */
export function flowGroups(
  trace: Trace,
  shown: readonly number[],
  byClass: boolean,
  flowName: (flow: number) => string,
): FlowGroup[] {
  if (!byClass)
    return shown.map((f) => ({ key: `flow${f}`, style: f, label: flowName(f), flows: [f] }));
  return shownClasses(trace, shown).map((c) => ({
    key: `class${c.index}`,
    style: c.index,
    label: classLabel(c),
    flows: c.flows,
  }));
}

/** A plot shows classes by default when flow colours would repeat (more than eight flows). */
export function classesByDefault(trace: Trace): boolean {
  return trace.flows.length > CLASS_COLOURS_ABOVE;
}
