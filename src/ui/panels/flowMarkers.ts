/**
 * Flow markers: each flow's own glyph, in its colour, placed on that flow's line at a few
 * staggered times, so overlaid lines (cwnd of many flows, throughput) are told apart by glyph
 * and dash as well as colour, even where dashes are lost in a busy step line. Pure.
 */
import { stepValueAt } from './bisect';
import type { SeriesPoint } from './cwnd';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';

/** Markers per flow across the time range. */
export const MARKERS_PER_FLOW = 8;

export interface FlowLine {
  /** 0-based flow id (its style: palette flowStyle). */
  flow: number;
  /** Step-after points, ascending in t. */
  points: readonly SeriesPoint[];
}

/**
 * One marker per flow in each of MARKERS_PER_FLOW equal slices of [t0, t1]: flow slot k of K at
 * (j + (k + 0.5) / K) of slice j, so the markers of different flows never share a time.
 * `eventAt(t)` gives the trace event a marker stands for (past / future, click to seek).
 */
export function flowMarkers(
  lines: readonly FlowLine[],
  t0: number,
  t1: number,
  eventAt: (t: number) => number,
  perFlow = MARKERS_PER_FLOW,
): PointMarks {
  const b = new MarkBuilder();
  const K = Math.max(1, lines.length);
  const slice = (t1 - t0) / perFlow;
  if (!(slice > 0)) return b.build();
  for (let j = 0; j < perFlow; j++) {
    lines.forEach((line, k) => {
      const t = t0 + (j + (k + 0.5) / K) * slice;
      const v = stepValueAt(line.points, t);
      if (v === null) return;
      b.push(MarkKind.flowMarker, Math.max(0, eventAt(t)), t, v, line.flow, -1);
    });
  }
  return b.build();
}

/**
 * Merge several mark sets into one (sorted by time, labels and notes kept); `keep` (default all)
 * picks which mark `i` of set `m` goes in.
 */
export function mergeMarks(
  sets: readonly PointMarks[],
  keep: (m: PointMarks, i: number) => boolean = () => true,
): PointMarks {
  const b = new MarkBuilder();
  for (const m of sets)
    for (let i = 0; i < m.n; i++) {
      if (!keep(m, i)) continue;
      b.push(
        m.kind[i] as MarkKind,
        m.event[i]!,
        m.t[i]!,
        m.y[i]!,
        m.flow[i]!,
        m.packet[i]!,
        m.retx[i]!,
        m.labels.get(i),
        m.notes.get(i),
        m.path ? m.path[i]! : -1,
      );
    }
  return b.build();
}
