/**
 * The cwnd plot of a multi-homed SCTP association: one cwnd line per path (the path's colour and
 * dash; RFC 4960 §7.2 keeps a cwnd and ssthresh per destination address), its ssthresh as a thin
 * dashed line in the same colour, the intervals a path was inactive shaded (§8.2), failover,
 * recovery and the return to the primary marked along the top, HEARTBEATs (§8.3) and T3-rtx
 * expiries (§6.3.3) in each path's row along the bottom. Pure: builds the TimePlot spec from
 * pathModel (Trace.pathEvents); the engine decided everything drawn here.
 */
import type { Trace } from '../../engine';
import { fmtWindow, type TooltipEntry } from './describe';
import type { BandSpec, LineSpec } from './draw/layers';
import type { LegendItem } from './Legend';
import { mergeMarks } from './flowMarkers';
import { MarkBuilder, type PointMarks } from './marks';
import {
  DROP_MARK_KINDS,
  MARK_STYLES,
  METRICS,
  MarkKind,
  PALETTE,
  SERIES_STYLES,
  type MarkKind as MK,
} from './palette';
import {
  flowPaths,
  pathEventName,
  pathModel,
  pathRowsAt,
  type PathMarkName,
  type PathModel,
} from './paths';
import { pathStyle } from './pathStyle';
import type { TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, flowLabel, fmtTime } from './traceCache';
import type { Theme } from './types';
import type { CwndUnits } from './cwnd';

/** Width of the ssthresh lines relative to the theme's line width. */
const SSTHRESH_WIDTH = 0.6;

const KIND_OF: Partial<Record<PathMarkName, MK>> = {
  failover: MarkKind.pathFailover,
  recovered: MarkKind.pathRecovered,
  primary: MarkKind.pathPrimary,
  abort: MarkKind.pathAbort,
  heartbeat: MarkKind.pathHeartbeat,
  'heartbeat-timeout': MarkKind.pathHbTimeout,
  't3-expiry': MarkKind.pathT3,
};

/** Marks along the top (association-wide events); the others sit in their path's bottom row. */
const TOP: ReadonlySet<number> = new Set([
  MarkKind.pathFailover,
  MarkKind.pathRecovered,
  MarkKind.pathPrimary,
  MarkKind.pathAbort,
]);

/** Legend words of the path marks (their tooltips say the rest). */
const SHORT: Partial<Record<MK, string>> = {
  [MarkKind.pathFailover]: 'failover',
  [MarkKind.pathRecovered]: 'active again',
  [MarkKind.pathPrimary]: 'primary again',
  [MarkKind.pathAbort]: 'abort',
  [MarkKind.pathT3]: 'T3-rtx expiry',
  [MarkKind.pathHeartbeat]: 'HEARTBEAT',
  [MarkKind.pathHbTimeout]: 'unanswered',
};

/** Text of one path event for a tooltip ("HEARTBEAT sent", …). */
export const PATH_EVENT_TEXT: Record<PathMarkName, string> = {
  heartbeat: 'HEARTBEAT sent (RFC 4960 §8.3)',
  'heartbeat-ack': 'HEARTBEAT-ACK received (RFC 4960 §8.3)',
  'heartbeat-timeout': 'HEARTBEAT unanswered (RFC 4960 §8.3)',
  't3-expiry': 'T3-rtx timer expired (RFC 4960 §6.3.3)',
  inactive: 'path inactive (RFC 4960 §8.2)',
  failover: 'new data fails over to another path (RFC 4960 §6.4.1)',
  recovered: 'path active again (RFC 4960 §8.3)',
  primary: 'new data back on the primary path (RFC 4960 §6.4)',
  abort: 'association aborted (RFC 4960 §8.1)',
};

/** The path-event marks: one per row except `change` and HEARTBEAT-ACK (drawn as nothing). */
export function pathMarks(trace: Trace, m: PathModel): PointMarks {
  const b = new MarkBuilder();
  for (const x of m.marks) {
    const kind = KIND_OF[x.event];
    if (kind === undefined) continue;
    b.push(
      kind,
      Math.max(0, eventAtOrBefore(trace, x.t)),
      x.t,
      0,
      m.flow,
      -1 - x.row,
      0,
      undefined,
      undefined,
      x.path,
    );
  }
  return b.build();
}

/** Screen-reader summary: per path its peak cwnd and inactive time, then failovers. */
export function pathCwndSummary(trace: Trace, m: PathModel, units: CwndUnits): string {
  const mss = trace.flows.find((f) => f.id === m.flow)?.mssBytes ?? 1;
  const k = units === 'bytes' ? 1 : 1 / mss;
  const parts = m.paths.map((p) => {
    const peak = p.cwnd.reduce((x, q) => Math.max(x, q.v), 0) * k;
    const down = p.inactive.map((s) => `${fmtTime(s.t0)}–${fmtTime(s.t1)}`).join(', ');
    return `${p.label}: cwnd peaks at ${fmtWindow(peak)} ${units}${down ? `, inactive ${down}` : ', always active'}`;
  });
  const count = (e: PathMarkName) => m.marks.filter((x) => x.event === e).length;
  return (
    `Congestion window per path of ${flowLabel(trace, m.flow)} (RFC 4960 §7.2): ${parts.join('; ')}. ` +
    `${count('failover')} failover${count('failover') === 1 ? '' : 's'}, ${count('recovered')} recover${count('recovered') === 1 ? 'y' : 'ies'}, ` +
    `${count('heartbeat')} HEARTBEATs.`
  );
}

/** Tooltip at time t: every path's state, cwnd, ssthresh, RTO and error count. */
export function pathStateText(trace: Trace, flow: number, t: number, units: CwndUnits): string[] {
  const E = trace.pathEvents;
  if (!E) return [];
  const mss = trace.flows.find((f) => f.id === flow)?.mssBytes ?? 1;
  const k = units === 'bytes' ? 1 : 1 / mss;
  const rows = pathRowsAt(trace, flow, t);
  const m = pathModel(trace, flow);
  return rows.flatMap((i, p) => {
    if (i < 0) return [];
    const s = pathStyle(p);
    return [
      `${s.symbols[0]} ${m.paths[p]?.label ?? ''}: ${E.state[i] === 1 ? 'INACTIVE' : 'active'} · ` +
        `cwnd ${fmtWindow(E.cwnd[i]! * k)} · ssthresh ${fmtWindow(E.ssthresh[i]! * k)} · ` +
        `RTO ${fmtWindow(E.rto[i]!)} s · errors ${E.errorCount[i]}`,
    ];
  });
}

export function pathCwndSpec(
  trace: Trace,
  flow: number,
  units: CwndUnits,
  theme: Theme,
  /** Drop and timeout ticks of the flow (cwndTicks), on the bottom strip as in the one-flow plot. */
  ticks?: PointMarks,
): TimePlotSpec {
  const m = pathModel(trace, flow);
  const c = PALETTE[theme];
  const mt = METRICS[theme];
  const bytes = units === 'bytes';
  const mss = trace.flows.find((f) => f.id === flow)?.mssBytes ?? 1;
  const k = bytes ? 1 : 1 / mss;
  const unit = bytes ? 'bytes' : 'packets';
  const scaled = (pts: { t: number; v: number }[]) => pts.map((p) => ({ t: p.t, v: p.v * k }));
  const lines: LineSpec[] = [];
  const bands: BandSpec[] = [];
  const legend: LegendItem[] = [];
  const top = Math.max(m.maxCwnd * k, bytes ? 4 * mss : 4);
  for (const p of m.paths) {
    const st = pathStyle(p.path);
    // ssthresh far above anything cwnd reached (its initial "infinite" value) is left off.
    const ss = scaled(p.ssthresh).map((q) => ({ t: q.t, v: Math.min(q.v, top * 1.5) }));
    lines.push({
      key: `ssthresh-path${p.path}`,
      points: ss,
      color: st.color,
      dash: SERIES_STYLES.ssthresh.dash,
      widthScale: SSTHRESH_WIDTH,
      endT: trace.stopS,
    });
    lines.push({
      key: `cwnd-path${p.path}`,
      points: scaled(p.cwnd),
      color: st.color,
      dash: st.dash,
      widthScale: 1.25,
      endT: trace.stopS,
    });
    legend.push({
      key: `path${p.path}`,
      label: `cwnd ${p.label}`,
      swatch: { type: 'line', color: st.color, dash: st.dash, widthScale: 1.25, glyph: st.arrival },
    });
    for (const s of p.inactive)
      bands.push({
        t0: s.t0,
        t1: s.t1,
        fill: c.phaseRto,
        label: `${flowPaths(trace, flow)[p.path]?.dst ?? ''} down`,
      });
  }
  legend.push({
    key: 'ssthresh',
    label: 'ssthresh (thin dashed)',
    swatch: {
      type: 'line',
      color: 'fg',
      dash: SERIES_STYLES.ssthresh.dash,
      widthScale: SSTHRESH_WIDTH,
    },
  });
  if (bands.length)
    legend.push({
      key: 'inactive',
      label: 'path inactive',
      swatch: { type: 'band', fill: c.phaseRto, label: 'down' },
    });
  const pm = pathMarks(trace, m);
  const marks = ticks ? mergeTicks(pm, ticks) : pm;
  const kinds = new Set([...marks.kind] as MK[]);
  // Marks grouped in a few entries (the first glyph drawn, the others written): the
  // association's events along the top, each path's own in its colour along the bottom.
  const group = (key: string, list: MK[], color: 'fg' | undefined) => {
    const present = list.filter((k) => kinds.has(k));
    if (!present.length) return;
    const first = MARK_STYLES[present[0]!];
    legend.push({
      key,
      label: present
        .map((k, j) => (j === 0 ? SHORT[k] : `${MARK_STYLES[k].symbol} ${SHORT[k]}`))
        .join(' '),
      swatch: {
        type: 'glyph',
        glyph: first.glyph,
        color: color ?? first.color,
        scale: Math.min(1.6, first.scale),
      },
      fold: true,
    });
  };
  group(
    'association',
    [MarkKind.pathFailover, MarkKind.pathRecovered, MarkKind.pathPrimary, MarkKind.pathAbort],
    undefined,
  );
  group('per-path', [MarkKind.pathT3, MarkKind.pathHeartbeat, MarkKind.pathHbTimeout], 'fg');
  for (const kind of DROP_MARK_KINDS) {
    if (!kinds.has(kind)) continue;
    const s = MARK_STYLES[kind];
    legend.push({
      key: `k${kind}`,
      label: s.label,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: Math.min(1.6, s.scale) },
      fold: true,
    });
  }
  const nPaths = m.paths.length;
  const rowPx = mt.markPx * 1.7;
  const yPx = (i: number, f: { plot: { top: number; height: number } }) => {
    const kind = marks.kind[i]!;
    if (TOP.has(kind)) return f.plot.top + mt.markPx * 0.9 + 1;
    const p = marks.path ? Math.max(0, marks.path[i]!) : 0;
    // Drops of the flow on the lowest strip, each path's row above it.
    const isPath =
      kind === MarkKind.pathHeartbeat ||
      kind === MarkKind.pathHbTimeout ||
      kind === MarkKind.pathT3;
    const row = isPath ? nPaths - p : 0;
    return f.plot.top + f.plot.height - mt.markPx * 1.1 - row * rowPx;
  };
  const E = trace.pathEvents;
  const describe = (idx: number[]): TooltipEntry[] =>
    idx.map((i) => {
      const kind = marks.kind[i] as MK;
      const s = MARK_STYLES[kind];
      const row = -1 - marks.packet[i]!;
      if (
        !E ||
        row < 0 ||
        row >= E.length ||
        !KIND_OF[pathEventName(E.event[row]!) as PathMarkName]
      )
        return {
          title: s.label,
          symbol: s.symbol,
          color: s.color,
          lines: [`t = ${fmtTime(marks.t[i]!)}`],
        };
      const name = pathEventName(E.event[row]!) as PathMarkName;
      const p = E.path[row]!;
      return {
        title: `${PATH_EVENT_TEXT[name]}`,
        symbol: s.symbol,
        color: TOP.has(kind) ? s.color : pathStyle(p).color,
        lines: [
          `path ${m.paths[p]?.label ?? p} · t = ${fmtTime(E.time[row]!)}`,
          `after it: ${E.state[row] === 1 ? 'inactive' : 'active'} · cwnd ${fmtWindow(E.cwnd[row]! * k)} ${unit} · RTO ${fmtWindow(E.rto[row]!)} s · errors ${E.errorCount[row]}`,
        ],
      };
    });
  return {
    xLabel: 'time (s)',
    yLabel: `cwnd per path (${unit})`,
    yLabelShort: bytes ? 'cwnd (B)' : 'cwnd (pkts)',
    yDomain: [0, top * 1.12],
    yTickFormat: bytes ? (v) => (v >= 1000 ? `${v / 1000}k` : String(v)) : undefined,
    layer: { marks, yPx },
    lines,
    bands,
    legend,
    title: `cwnd per path · ${flowLabel(trace, flow)}`,
    ariaLabel: pathCwndSummary(trace, m, units),
    describe,
    describeTime: (t) => {
      const lines2 = pathStateText(trace, flow, t, units);
      return lines2.length ? { title: `t = ${fmtTime(t)} (${unit})`, lines: lines2 } : null;
    },
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    // A path event lights up no packet; a drop its packet.
    hoverRef: (i) =>
      marks.packet[i]! < 0 ? null : { flow: marks.flow[i]!, packet: marks.packet[i]! },
  };
}

/** The path marks and the flow's drop ticks (timeouts are the per-path T3 marks here). */
function mergeTicks(pm: PointMarks, ticks: PointMarks): PointMarks {
  return mergeMarks([pm, ticks], (m, i) => m === pm || m.kind[i] !== MarkKind.timeout);
}
