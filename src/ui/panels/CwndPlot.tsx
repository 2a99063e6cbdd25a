/**
 * cwnd (solid) and ssthresh (dashed step) of each flow vs time, from trace.samples; optional
 * flight size / pipe / partial_bytes_acked; background shaded by phase; drop and timeout ticks
 * on a strip at the bottom, at the same x as the router plot's marks.
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { cwndModel, type CwndModel, type CwndUnits, type OptionalSeries } from './cwnd';
import { cwndOverlaySpec } from './cwndOverlay';
import { describeMark, fmtWindow, type TooltipEntry } from './describe';
import type { LegendItem } from './Legend';
import {
  MARK_STYLES,
  METRICS,
  MarkKind,
  PALETTE,
  PHASES,
  SERIES_STYLES,
  type MarkKind as MK,
} from './palette';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import {
  decisionStateAt,
  eventAtOrBefore,
  flowLabel,
  fmtTime,
  fullTimeDomain,
  senderStateAt,
  shownFlows,
} from './traceCache';
import type { PanelProps, PlotOptions, Theme } from './types';
import { PanelRoot } from './PanelRoot';
import { PROGRESSIVE_EVENTS, useProgressive } from './useProgressive';
import './panels.css';

/** Up to this many flows get a plot each (with phase shading); more share one plot. */
export const OVERLAY_FLOWS = 2;

export interface CwndPlotProps extends PanelProps, PlotOptions {
  /** Packets (TCP) or bytes (cwndBytes / ssthreshBytes, SCTP). */
  units?: CwndUnits;
  /** Extra series to draw. */
  show?: OptionalSeries[];
}

const PHASE_LABEL: Record<string, string> = Object.fromEntries(
  PHASES.map((p) => [p.phase, p.label]),
);

export function cwndSummary(trace: Trace, m: CwndModel): string {
  const cw = m.series.find((s) => s.key === 'cwnd')?.points ?? [];
  const ss = m.series.find((s) => s.key === 'ssthresh')?.points ?? [];
  let peak = cw[0];
  for (const p of cw) if (peak && p.v > peak.v) peak = p;
  const drops = [...m.ticks.kind].filter((k) => k !== MarkKind.timeout).length;
  const rtos = [...m.ticks.kind].filter((k) => k === MarkKind.timeout).length;
  const unit = m.units === 'bytes' ? 'bytes' : 'packets';
  const phases = [...new Set(m.phases.map((p) => PHASE_LABEL[p.phase] ?? p.phase))].join(', ');
  if (!cw.length) return `Congestion window of ${flowLabel(trace, m.flow)}: no samples.`;
  return (
    `Congestion window of ${flowLabel(trace, m.flow)} in ${unit}: starts at ${fmtWindow(cw[0]!.v)} at ${fmtTime(cw[0]!.t)}, ` +
    `peaks at ${fmtWindow(peak!.v)} at ${fmtTime(peak!.t)}, ends at ${fmtWindow(cw[cw.length - 1]!.v)}` +
    (ss.length ? ` with ssthresh ${fmtWindow(ss[ss.length - 1]!.v)}` : '') +
    `. ${drops} drop${drops === 1 ? '' : 's'} at the router, ${rtos} timeout${rtos === 1 ? '' : 's'}. Phases: ${phases}.`
  );
}

function buildSpec(trace: Trace, m: CwndModel, theme: Theme, showTitle: boolean): TimePlotSpec {
  const c = PALETTE[theme];
  const mt = METRICS[theme];
  const bytes = m.units === 'bytes';
  const unit = bytes ? 'bytes' : 'packets';
  const legend: LegendItem[] = [];
  const order = ['cwnd', 'inflated', 'ssthresh', 'flightsize', 'pipe', 'partialBytesAcked'];
  for (const s of [...m.series].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))) {
    const st = SERIES_STYLES[s.key];
    legend.push({
      key: s.key,
      label: st.label,
      swatch: { type: 'line', color: st.color, dash: st.dash, widthScale: st.widthScale },
    });
  }
  const present = new Set(m.phases.map((p) => p.phase));
  for (const p of PHASES) {
    if (present.has(p.phase))
      legend.push({
        key: p.phase,
        label: p.label,
        swatch: { type: 'band', fill: c[p.color], label: p.short },
      });
  }
  const kinds = new Set([...m.ticks.kind] as MK[]);
  for (const k of [
    MarkKind.dropScripted,
    MarkKind.dropOverflow,
    MarkKind.dropRandom,
    MarkKind.timeout,
  ] as const) {
    if (!kinds.has(k)) continue;
    const s = MARK_STYLES[k];
    legend.push({
      key: `k${k}`,
      label: s.label,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: Math.min(1.6, s.scale) },
    });
  }
  const ticks = m.ticks;
  const describeTime = (t: number): TooltipEntry | null => {
    const s = senderStateAt(trace, m.flow, t);
    if (!s) return null;
    const d = decisionStateAt(trace, m.flow, t) ?? s;
    const lines = [
      `cwnd ${fmtWindow(bytes ? s.cwndBytes : s.cwnd)} · ssthresh ${fmtWindow(bytes ? s.ssthreshBytes : s.ssthresh)} ${unit}`,
      `flight size ${d.flightsize}${d.pipe >= 0 ? ` · pipe ${d.pipe}` : ''}${d.inflation ? ` · inflation +${d.inflation}` : ''}${bytes ? ` · partial_bytes_acked ${d.partialBytesAcked}` : ''}`,
      `phase: ${PHASE_LABEL[s.phase] ?? s.phase}`,
    ];
    return { title: `t = ${fmtTime(t)}`, lines };
  };
  return {
    xLabel: 'time (s)',
    yLabel: `cwnd (${unit})`,
    yLabelShort: bytes ? 'cwnd (B)' : 'cwnd (pkts)',
    yDomain: [0, m.yMax],
    yTickFormat: bytes ? (v) => (v >= 1000 ? `${v / 1000}k` : String(v)) : undefined,
    layer: {
      marks: ticks,
      // Drops on a strip along the bottom; timeouts point down from the top edge.
      yPx: (i, f) =>
        ticks.kind[i] === MarkKind.timeout
          ? f.plot.top + mt.markPx * 0.8 + 1
          : f.plot.top + f.plot.height - mt.markPx * 1.3,
    },
    lines: m.series.map((s) => ({
      key: s.key,
      points: s.points,
      color: SERIES_STYLES[s.key].color,
      dash: SERIES_STYLES[s.key].dash,
      widthScale: SERIES_STYLES[s.key].widthScale,
      endT: trace.stopS,
    })),
    bands: m.phases.map((p) => {
      const ph = PHASES.find((x) => x.phase === p.phase)!;
      return { t0: p.t0, t1: p.t1, fill: c[ph.color], label: ph.short };
    }),
    legend,
    title: showTitle ? `cwnd · ${flowLabel(trace, m.flow)}` : undefined,
    ariaLabel: cwndSummary(trace, m),
    describe: (idx) => idx.map((i) => describeMark(trace, ticks, i)),
    describeTime,
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
  };
}

export function CwndPlot(props: CwndPlotProps) {
  const { trace, theme } = props;
  const units = props.units ?? 'packets';
  const showKey = (props.show ?? []).join(',');
  const flowsKey = props.flows?.join(',') ?? '*';
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const specs = useMemo(() => {
    const flows = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    const show = showKey.split(',').filter(Boolean) as OptionalSeries[];
    // More than two flows: one plot with a line pair per flow (OVERLAY_FLOWS).
    if (flows.length > OVERLAY_FLOWS) {
      const models = flows.map((f) => cwndModel(trace, f, { units }));
      return [{ flow: -1, spec: cwndOverlaySpec(trace, models, theme) }];
    }
    return flows.map((f) => ({
      flow: f,
      spec: buildSpec(trace, cwndModel(trace, f, { units, show }), theme, true),
    }));
  }, [trace, flowsKey, units, showKey, theme]);
  // A long run draws one flow's plot per task.
  const drawn = useProgressive(specs.length, trace.packets.length >= PROGRESSIVE_EVENTS, specs);
  return (
    <PanelRoot theme={theme}>
      {specs.map(({ flow, spec }, k) => (
        <TimePlot
          key={flow}
          {...props}
          spec={spec}
          xDomain={props.xDomain ?? full}
          panel="cwnd"
          deferDraw={k >= drawn}
        />
      ))}
    </PanelRoot>
  );
}
