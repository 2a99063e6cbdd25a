/**
 * The cwnd plot of a run with more than two flows: one plot with a cwnd / ssthresh line pair per
 * flow (one plot per flow would leave each a sliver of the panel). cwnd is the thick line in the
 * flow's colour and dash, with the flow's glyph on it; ssthresh the thin dashed line in the same
 * colour. Drops and timeouts of every flow sit on the strips as in the one-flow plot. No phase
 * shading: the flows' phases overlap. Pure: builds the TimePlot spec from the per-flow models.
 */
import type { Trace } from '../../engine';
import type { CwndModel } from './cwnd';
import { describeMark, fmtWindow, type TooltipEntry } from './describe';
import { stepValueAt } from './bisect';
import { flowMarkers, mergeMarks } from './flowMarkers';
import { groupLegend } from './groupLegend';
import type { LegendItem } from './Legend';
import type { LineSpec } from './draw/layers';
import {
  DROP_MARK_KINDS,
  flowStyle,
  MARK_STYLES,
  METRICS,
  MarkKind,
  SERIES_STYLES,
  type MarkKind as MK,
} from './palette';
import type { TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, flowLabel, fmtTime, fullTimeDomain } from './traceCache';
import type { Theme } from './types';

/** Width of the ssthresh lines relative to the theme's line width (cwnd: 1.2). */
const SSTHRESH_WIDTH = 0.55;

function seriesPoints(m: CwndModel, key: 'cwnd' | 'ssthresh') {
  return m.series.find((s) => s.key === key)?.points ?? [];
}

/** Screen-reader summary: per flow, its peak cwnd and its drops and timeouts. */
export function cwndOverlaySummary(trace: Trace, models: readonly CwndModel[]): string {
  const unit = models[0]?.units === 'bytes' ? 'bytes' : 'packets';
  const parts = models.map((m) => {
    const peak = seriesPoints(m, 'cwnd').reduce((x, p) => Math.max(x, p.v), 0);
    let drops = 0;
    let rtos = 0;
    for (let i = 0; i < m.ticks.n; i++) {
      if (m.ticks.kind[i] === MarkKind.timeout) rtos++;
      else drops++;
    }
    return `${flowLabel(trace, m.flow)} peaks at ${fmtWindow(peak)}, ${drops} drops, ${rtos} timeouts`;
  });
  return `Congestion windows of ${models.length} flows in ${unit} (thick: cwnd, thin dashed: ssthresh): ${parts.join('; ')}.`;
}

export function cwndOverlaySpec(
  trace: Trace,
  models: readonly CwndModel[],
  theme: Theme,
): TimePlotSpec {
  const mt = METRICS[theme];
  const bytes = models[0]?.units === 'bytes';
  const unit = bytes ? 'bytes' : 'packets';
  const lines: LineSpec[] = [];
  const legend: LegendItem[] = [];
  for (const m of models) {
    const st = flowStyle(m.flow);
    lines.push({
      key: `ssthresh${m.flow}`,
      points: seriesPoints(m, 'ssthresh'),
      color: st.color,
      dash: SERIES_STYLES.ssthresh.dash,
      widthScale: SSTHRESH_WIDTH,
      endT: trace.stopS,
    });
    lines.push({
      key: `cwnd${m.flow}`,
      points: seriesPoints(m, 'cwnd'),
      color: st.color,
      dash: st.dash,
      widthScale: 1.2,
      endT: trace.stopS,
    });
  }
  // One entry per flow, the flows past a dozen counted in one (a 100-flow run).
  for (const it of groupLegend(
    models.map((m) => ({
      key: `flow${m.flow}`,
      style: m.flow,
      label: flowLabel(trace, m.flow),
      flows: [m.flow],
    })),
  ))
    legend.push(
      it.swatch.type === 'line' && it.key !== 'more'
        ? { ...it, swatch: { ...it.swatch, widthScale: 1.2 } }
        : it,
    );
  legend.push({
    key: 'ssthresh',
    label: 'ssthresh (thin dashed, the flow’s colour)',
    swatch: {
      type: 'line',
      color: 'fg',
      dash: SERIES_STYLES.ssthresh.dash,
      widthScale: SSTHRESH_WIDTH,
    },
  });
  const ticks = mergeMarks(models.map((m) => m.ticks));
  const kinds = new Set([...ticks.kind] as MK[]);
  for (const k of [...DROP_MARK_KINDS, MarkKind.timeout] as const) {
    if (!kinds.has(k)) continue;
    const s = MARK_STYLES[k];
    legend.push({
      key: `k${k}`,
      label: s.label,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: Math.min(1.6, s.scale) },
    });
  }
  const [t0, t1] = fullTimeDomain(trace);
  const markers = flowMarkers(
    models.map((m) => ({ flow: m.flow, points: seriesPoints(m, 'cwnd') })),
    t0,
    t1,
    (t) => eventAtOrBefore(trace, t),
  );
  const marks = mergeMarks([ticks, markers]);
  const yMax = models.reduce((x, m) => Math.max(x, m.yMax), 0);
  const describeTime = (t: number): TooltipEntry | null => {
    const rows = models.flatMap((m) => {
      const cw = stepValueAt(seriesPoints(m, 'cwnd'), t);
      if (cw === null) return [];
      const ss = stepValueAt(seriesPoints(m, 'ssthresh'), t);
      const st = flowStyle(m.flow);
      return [
        `${st.symbol} ${flowLabel(trace, m.flow)}: cwnd ${fmtWindow(cw)}${ss === null ? '' : ` · ssthresh ${fmtWindow(ss)}`}`,
      ];
    });
    return rows.length ? { title: `t = ${fmtTime(t)} (${unit})`, lines: rows } : null;
  };
  const describe = (idx: number[]): TooltipEntry[] =>
    idx.map((i) => {
      if (marks.kind[i] !== MarkKind.flowMarker) return describeMark(trace, marks, i);
      const flow = marks.flow[i]!;
      const st = flowStyle(flow);
      return {
        title: flowLabel(trace, flow),
        symbol: st.symbol,
        color: st.color,
        lines: [`cwnd ${fmtWindow(marks.y[i]!)} ${unit} at ${fmtTime(marks.t[i]!)}`],
      };
    });
  return {
    xLabel: 'time (s)',
    yLabel: `cwnd (${unit})`,
    yLabelShort: bytes ? 'cwnd (B)' : 'cwnd (pkts)',
    yDomain: [0, yMax],
    yTickFormat: bytes ? (v) => (v >= 1000 ? `${v / 1000}k` : String(v)) : undefined,
    layer: {
      marks,
      // Flow markers on their line; drops on a strip along the bottom; timeouts from the top.
      yPx: (i, f) =>
        marks.kind[i] === MarkKind.flowMarker
          ? f.y(marks.y[i]!)
          : marks.kind[i] === MarkKind.timeout
            ? f.plot.top + mt.markPx * 0.8 + 1
            : f.plot.top + f.plot.height - mt.markPx * 1.3,
    },
    lines,
    bands: [],
    legend,
    title: `cwnd · ${models.length} flows`,
    ariaLabel: cwndOverlaySummary(trace, models),
    describe,
    describeTime,
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    // A flow marker lights up nothing (it is not a packet); the others their packet.
    hoverRef: (i) =>
      marks.kind[i] === MarkKind.flowMarker
        ? null
        : { flow: marks.flow[i]!, packet: marks.packet[i]! },
  };
}
