/**
 * The paths of multi-homed SCTP associations (RFC 4960 §6.4), read from Trace.pathEvents,
 * Trace.packetPaths and FlowInfo.paths: each path's cwnd, ssthresh and RTO over time, when it
 * was inactive, where new data failed over and came back, and which path each packet took.
 * Pure and DOM-free; nothing here decides anything, it reads the engine's rows.
 */
import type { Trace } from '../../engine';
import { PATH_EVENT_NAMES, type PathEventName } from '../../engine';
import type { SeriesPoint } from './types';
import { memo } from './traceCache';

/** A path's events named in the model (the others are the `change` rows). */
export type PathMarkName = Exclude<PathEventName, 'change'>;

export interface PathSpan {
  t0: number;
  t1: number;
}

export interface PathMark {
  t: number;
  path: number;
  event: PathMarkName;
  /** The pathEvents row. */
  row: number;
}

export interface PathSeries {
  path: number;
  /** "S0→K0 (primary)". */
  label: string;
  /** Step-after points, bytes (cwnd, ssthresh) or seconds (rto). */
  cwnd: SeriesPoint[];
  ssthresh: SeriesPoint[];
  rto: SeriesPoint[];
  /** Intervals the path was inactive (RFC 4960 §8.2), clipped to the run. */
  inactive: PathSpan[];
}

export interface PathModel {
  flow: number;
  paths: PathSeries[];
  /** Path events other than `change`, in time order. */
  marks: PathMark[];
  /** Largest cwnd of any path (bytes), and largest RTO (s). */
  maxCwnd: number;
  maxRto: number;
}

/** The association's paths of `flow`, or [] (TCP, UDP, or a trace without them). */
export function flowPaths(trace: Trace, flow: number): { src: string; dst: string }[] {
  return trace.flows.find((f) => f.id === flow)?.paths ?? [];
}

/** Whether `flow` is multi-homed: more than one path, with path rows in the trace. */
export function isMultiHomed(trace: Trace, flow: number): boolean {
  return flowPaths(trace, flow).length > 1;
}

/** The multi-homed flows of the trace (ids, ascending). */
export function multiHomedFlows(trace: Trace): number[] {
  return trace.flows.filter((f) => (f.paths?.length ?? 0) > 1).map((f) => f.id);
}

/** "S0→K0", with " (primary)" for the first path when `primary`. */
export function pathLabel(trace: Trace, flow: number, path: number, primary = true): string {
  const p = flowPaths(trace, flow)[path];
  const name = p ? `${p.src}→${p.dst}` : `path ${path + 1}`;
  return primary && path === 0 ? `${name} (primary)` : name;
}

/** Name of a path event by its index in PATH_EVENT_NAMES. */
export function pathEventName(code: number): PathEventName {
  return PATH_EVENT_NAMES[code] ?? 'change';
}

function push(points: SeriesPoint[], t: number, v: number): void {
  const last = points[points.length - 1];
  if (last && last.t === t) last.v = v;
  else if (!last || last.v !== v) points.push({ t, v });
}

/** Rows of trace.pathEvents that belong to `flow`, in order. */
export function pathRowsOf(trace: Trace, flow: number): number[] {
  return memo(trace, `pathRows:${flow}`, () => {
    const E = trace.pathEvents;
    const out: number[] = [];
    if (!E) return out;
    for (let i = 0; i < E.length; i++) if (E.flow[i] === flow) out.push(i);
    return out;
  });
}

/** Everything the per-path plots of one flow draw. */
export function pathModel(trace: Trace, flow: number): PathModel {
  return memo(trace, `pathModel:${flow}`, () => {
    const E = trace.pathEvents;
    const n = flowPaths(trace, flow).length;
    const paths: PathSeries[] = Array.from({ length: n }, (_, p) => ({
      path: p,
      label: pathLabel(trace, flow, p),
      cwnd: [],
      ssthresh: [],
      rto: [],
      inactive: [],
    }));
    const marks: PathMark[] = [];
    const openSince: (number | null)[] = new Array(n).fill(null);
    let maxCwnd = 0;
    let maxRto = 0;
    if (E) {
      for (const i of pathRowsOf(trace, flow)) {
        const p = E.path[i]!;
        const s = paths[p];
        if (!s) continue;
        const t = E.time[i]!;
        push(s.cwnd, t, E.cwnd[i]!);
        push(s.ssthresh, t, E.ssthresh[i]!);
        push(s.rto, t, E.rto[i]!);
        maxCwnd = Math.max(maxCwnd, E.cwnd[i]!);
        maxRto = Math.max(maxRto, E.rto[i]!);
        const inactive = E.state[i] === 1;
        if (inactive && openSince[p] === null) openSince[p] = t;
        else if (!inactive && openSince[p] !== null) {
          s.inactive.push({ t0: openSince[p]!, t1: t });
          openSince[p] = null;
        }
        const name = pathEventName(E.event[i]!);
        if (name !== 'change') marks.push({ t, path: p, event: name, row: i });
      }
    }
    openSince.forEach((t0, p) => {
      if (t0 !== null) paths[p]!.inactive.push({ t0, t1: Math.max(t0, trace.stopS) });
    });
    return { flow, paths, marks, maxCwnd, maxRto };
  });
}

/** Whether path `s` is inactive at t. */
export function inactiveAt(s: PathSeries, t: number): boolean {
  return s.inactive.some((x) => t >= x.t0 && t < x.t1);
}

/** The last path row of `flow` at or before t for each path (its state after it), or -1. */
export function pathRowsAt(trace: Trace, flow: number, t: number): number[] {
  const E = trace.pathEvents;
  const out = new Array<number>(flowPaths(trace, flow).length).fill(-1);
  if (!E) return out;
  for (const i of pathRowsOf(trace, flow)) {
    if (E.time[i]! > t) break;
    const p = E.path[i]!;
    if (p < out.length) out[p] = i;
  }
  return out;
}

/**
 * The path of each packet event (index into FlowInfo.paths of its flow), or -1 when the trace
 * does not say (single-homed flows, control packets of flows without rows). Built once per
 * trace: uid → path from Trace.packetPaths, then one pass over the packet columns.
 */
export function eventPaths(trace: Trace): Int8Array | null {
  return memo(trace, 'eventPaths', () => {
    const PP = trace.packetPaths;
    if (!PP || PP.length === 0) return null;
    const byUid = new Map<number, number>();
    for (let k = 0; k < PP.length; k++) byUid.set(PP.uid[k]!, PP.path[k]!);
    const P = trace.packets;
    const out = new Int8Array(P.length).fill(-1);
    for (let i = 0; i < P.length; i++) {
      const p = byUid.get(P.uid[i]!);
      if (p !== undefined) out[i] = p;
    }
    return out;
  });
}

/** The path of packet event `ev`, or -1. */
export function pathOfEvent(trace: Trace, ev: number): number {
  const ep = eventPaths(trace);
  return ep ? (ep[ev] ?? -1) : -1;
}

export interface RouterChoice {
  router: number;
  /** Its outgoing link away from the sender. */
  bottleneck: number;
  /** "A1 (path S1→K1)". */
  label: string;
}

/**
 * The routers the router plot can show for a run whose multi-homed paths leave the sender through
 * different first routers (e.g. two disjoint access networks): the trace's own router first,
 * then the first router of each other path with its link onward. One entry (the trace's) when
 * every path shares it.
 */
export function routerChoices(trace: Trace): RouterChoice[] {
  return memo(trace, 'routerChoices', () => {
    const out: RouterChoice[] = [
      {
        router: trace.router,
        bottleneck: trace.bottleneck,
        label: trace.nodes[trace.router] ?? 'router',
      },
    ];
    for (const f of multiHomedFlows(trace)) {
      flowPaths(trace, f).forEach((p, k) => {
        const first = trace.links.find((l) => l.from === p.src);
        if (!first) return;
        const r = trace.nodes.indexOf(first.to);
        if (r < 0 || out.some((c) => c.router === r)) return;
        const on = trace.links.findIndex((l) => l.from === first.to && l.to !== p.src);
        if (on < 0) return;
        out.push({
          router: r,
          bottleneck: on,
          label: `${first.to} (path ${pathLabel(trace, f, k)})`,
        });
      });
      if (out.length > 1) {
        const own = flowPaths(trace, f).findIndex(
          (p) => trace.links.find((l) => l.from === p.src)?.to === trace.nodes[trace.router],
        );
        if (own >= 0) out[0]!.label = `${out[0]!.label} (path ${pathLabel(trace, f, own)})`;
      }
    }
    return out;
  });
}

/** A router choice's node name (`A1`): what the app's `router` view key names. */
export function routerChoiceName(trace: Trace, c: RouterChoice): string {
  return trace.nodes[c.router] ?? '';
}

/** The index in routerChoices of the router named `node` (`A1`), or -1 (null: -1). */
export function routerChoiceIndex(trace: Trace, node: string | null | undefined): number {
  if (node === null || node === undefined) return -1;
  return routerChoices(trace).findIndex((c) => routerChoiceName(trace, c) === node);
}

/**
 * The router shown for `node` (routerChoices): its node index and its outgoing link's index, as
 * the router plot, the queue view and the router CSV read them. Null, or a name this run cannot
 * show: the run's own router and bottleneck.
 */
export function shownRouter(
  trace: Trace,
  node: string | null,
): { router: number; bottleneck: number } {
  const k = routerChoiceIndex(trace, node);
  const c = k > 0 ? routerChoices(trace)[k] : undefined;
  return c
    ? { router: c.router, bottleneck: c.bottleneck }
    : { router: trace.router, bottleneck: trace.bottleneck };
}
