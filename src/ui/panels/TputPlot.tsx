/**
 * Throughput against time (Alamgir et al. Fig. 4): every flow's throughput per bin in its colour,
 * dash and glyph, the total as a thick line in the text colour, and the bottleneck's capacity.
 * The bins come from the metrics module (payload bytes first sent per 0.1 s, retransmissions
 * excluded), merged to a width chosen here. Follows the shared cursor and zoom like the other
 * time plots.
 */
import { useId, useMemo, useState } from 'react';
import type { Trace } from '../../engine';
import type { RunMetrics } from '../deps/metrics';
import type { TooltipEntry } from './describe';
import type { LineSpec } from './draw/layers';
import { stepValueAt } from './bisect';
import type { PanelDescriptor } from './descriptor';
import { flowMarkers } from './flowMarkers';
import type { LegendItem } from './Legend';
import { flowStyle } from './palette';
import { PanelRoot } from './PanelRoot';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { classesByDefault, flowClasses, flowGroups } from './flowClasses';
import { groupLegend } from './groupLegend';
import {
  autoBinS,
  binChoices,
  fmtRate,
  groupLines,
  rateUnit,
  tputModel,
  type TputLine,
  type TputModel,
} from './tput';
import { eventAtOrBefore, flowLabel, fmtTime, fullTimeDomain, shownFlows } from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import './panels.css';

export interface TputPlotProps extends PanelProps, PlotOptions {
  /** The run's metrics (RunResult.metrics); null when they could not be computed. */
  metrics: RunMetrics | null;
  /** Why there are no metrics. */
  metricsError?: string | null;
}

/** Screen-reader summary: each flow's mean throughput and the peak of the total. */
export function tputSummary(trace: Trace, m: RunMetrics, model: TputModel): string {
  const flows = m.flows.map((f) => `${flowLabel(trace, f.flow - 1)} ${fmtRate(f.tputBps)}`);
  return (
    `Throughput per ${model.binS} s bin of ${m.flows.length} flow${m.flows.length === 1 ? '' : 's'} ` +
    `(payload first sent, retransmissions excluded); mean over the run: ${flows.join(', ')}; ` +
    `the total peaks at ${fmtRate(model.max)} on a ${fmtRate(m.bottleneck.capacityBps)} bottleneck.`
  );
}

/** Lines named in a tooltip (largest first when there are more). */
const TIP_LINES = 10;

/** The capacity line is drawn when it is within this factor of the highest value shown. */
const CAPACITY_IN_VIEW = 1.6;

function buildSpec(
  trace: Trace,
  m: RunMetrics,
  model: TputModel,
  shown: TputLine[],
  withTotal: boolean,
): TimePlotSpec {
  const cap = m.bottleneck.capacityBps;
  // The y axis fits the lines shown; the capacity joins them when it is not far above.
  let top = withTotal ? model.max : 0;
  for (const s of shown) for (const p of s.points) if (p.v > top) top = p.v;
  const capShown = cap <= top * CAPACITY_IN_VIEW;
  if (capShown) top = Math.max(top, cap);
  const unit = rateUnit(top);
  const lines: LineSpec[] = [
    ...(capShown
      ? [
          {
            key: 'capacity',
            points: [{ t: 0, v: cap }],
            color: 'muted' as const,
            dash: '1 3',
            widthScale: 0.75,
            endT: trace.stopS,
          },
        ]
      : []),
    ...shown.map((s) => {
      const st = flowStyle(s.style);
      return {
        key: s.key,
        points: s.points,
        color: st.color,
        dash: st.dash,
        widthScale: 0.9,
        endT: trace.stopS,
      };
    }),
  ];
  const legend: LegendItem[] = [];
  if (withTotal) {
    lines.push({
      key: 'total',
      points: model.total,
      color: 'fg',
      dash: '',
      widthScale: 1.6,
      endT: trace.stopS,
    });
    legend.push({
      key: 'total',
      label: 'all flows',
      swatch: { type: 'line', color: 'fg', dash: '', widthScale: 1.6 },
    });
  }
  for (const it of groupLegend(shown.map((s) => ({ ...s, flows: [] })))) legend.push(it);
  legend.push({
    key: 'capacity',
    label: `bottleneck capacity (${fmtRate(cap)}${capShown ? '' : ', above the scale'})`,
    swatch: { type: 'line', color: 'muted', dash: '1 3', widthScale: 0.75 },
  });
  const [t0, t1] = fullTimeDomain(trace);
  const marks = flowMarkers(
    shown.map((s) => ({ flow: s.style, points: s.points })),
    t0,
    t1,
    (t) => eventAtOrBefore(trace, t),
  );
  const lineOf = new Map(shown.map((s) => [s.style, s]));
  const binText = (t: number) => {
    const k = Math.max(0, Math.floor(t / model.binS));
    const a = k * model.binS;
    return `${fmtTime(a)} – ${fmtTime(Math.min(trace.stopS, a + model.binS))}`;
  };
  const describeTime = (t: number): TooltipEntry | null => {
    if (t < 0 || t > trace.stopS) return null;
    const total = stepValueAt(model.total, t) ?? 0;
    const rows = shown.map((s) => ({ s, v: stepValueAt(s.points, t) ?? 0 }));
    // Many lines: the largest first, the rest counted.
    if (rows.length > TIP_LINES) rows.sort((a, b) => b.v - a.v);
    const lines = rows.slice(0, TIP_LINES).map(({ s, v }) => {
      const pct = total > 0 ? ` (${((v / total) * 100).toFixed(1)} %)` : '';
      return `${flowStyle(s.style).symbol} ${s.label}: ${fmtRate(v)}${pct}`;
    });
    if (rows.length > TIP_LINES) lines.push(`… and ${rows.length - TIP_LINES} more`);
    if (m.flows.length > 1) lines.unshift(`all flows: ${fmtRate(total)}`);
    return { title: binText(t), lines };
  };
  return {
    xLabel: 'time (s)',
    yLabel: `throughput (${unit.label})`,
    yLabelShort: unit.label,
    yDomain: [0, top * 1.08 || 1],
    yTickFormat: (v) => String(Number((v / unit.div).toPrecision(3))),
    layer: { marks },
    lines,
    bands: [],
    legend,
    title: `Throughput per ${model.binS} s`,
    ariaLabel: tputSummary(trace, m, model),
    describe: (idx) =>
      idx.map((i) => {
        const flow = marks.flow[i]!;
        const st = flowStyle(flow);
        return {
          title: lineOf.get(flow)?.label ?? flowLabel(trace, flow),
          symbol: st.symbol,
          color: st.color,
          lines: [`${fmtRate(marks.y[i]!)} in ${binText(marks.t[i]!)}`],
        };
      }),
    describeTime,
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    hoverRef: () => null,
  };
}

export function TputPlot(props: TputPlotProps) {
  const { trace, theme, metrics } = props;
  const id = useId();
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const bins = metrics?.throughput ?? null;
  const choices = useMemo(
    () => (bins ? binChoices(bins.binS, trace.stopS) : []),
    [bins, trace.stopS],
  );
  const [picked, setPicked] = useState<number | null>(null);
  // The total squeezes many flows' lines to the bottom: shown by default for up to two flows.
  const [totalPick, setTotalPick] = useState<boolean | null>(null);
  const many = trace.flows.length > 2;
  const withTotal = trace.flows.length > 1 && (totalPick ?? !many);
  const binS =
    picked !== null && choices.includes(picked)
      ? picked
      : bins
        ? autoBinS(bins.binS, trace.stopS)
        : 1;
  const [classPick, setClassPick] = useState<boolean | null>(null);
  const byClass = classPick ?? classesByDefault(trace);
  const flowsKey = props.flows?.join(',') ?? '*';
  const spec = useMemo(() => {
    if (!metrics || !bins) return null;
    const flows = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    const model = tputModel(bins, binS);
    const groups = flowGroups(trace, flows, byClass, (f) => flowLabel(trace, f));
    return buildSpec(trace, metrics, model, groupLines(model, groups), withTotal);
  }, [trace, metrics, bins, binS, flowsKey, withTotal, byClass]);
  if (!spec) {
    return (
      <PanelRoot theme={theme}>
        <p className="ackp-empty" role="status">
          No throughput for this run{props.metricsError ? `: ${props.metricsError}` : '.'}
        </p>
      </PanelRoot>
    );
  }
  return (
    <PanelRoot theme={theme}>
      <div className="ackp-controls">
        <label htmlFor={id}>bin</label>
        <select
          id={id}
          value={binS}
          title="Width of a throughput bin (the metrics' 0.1 s bins added up)"
          onChange={(e) => setPicked(Number(e.target.value))}
        >
          {choices.map((w) => (
            <option key={w} value={w}>
              {w} s
            </option>
          ))}
        </select>
        {trace.flows.length > 1 && (
          <span role="group" aria-label="Lines">
            {([false, true] as const).map((c) => (
              <button
                key={String(c)}
                type="button"
                aria-pressed={byClass === c}
                title={
                  c
                    ? `One line per class (application kind / protocol: ${flowClasses(trace)
                        .map((k) => k.key)
                        .join(', ')}): its shown flows added up`
                    : 'One line per shown flow'
                }
                onClick={() => setClassPick(c)}
              >
                {c ? 'per class' : 'per flow'}
              </button>
            ))}
          </span>
        )}
        {trace.flows.length > 1 && (
          <label>
            <input
              type="checkbox"
              checked={withTotal}
              onChange={(e) => setTotalPick(e.target.checked)}
            />{' '}
            all flows together
          </label>
        )}
      </div>
      <TimePlot {...props} spec={spec} xDomain={props.xDomain ?? full} panel="tput" />
    </PanelRoot>
  );
}

const fmtPct = (v: number) => `${v.toFixed(1)} %`;

/** The throughput panel in the app: a lower tab, drawn from the run's metrics (no preparation). */
export const tputPanel = {
  id: 'tput',
  title: 'Throughput',
  slot: 'lower',
  exportable: true,
  figure: true,
  summary: (_trace, { metrics: m }) =>
    m
      ? `${((m.totalUniqueBytes * 8) / m.durationS / 1e6).toFixed(3)} Mb/s on average, ${fmtPct(m.linkUtilPct)} of the bottleneck`
      : '',
  Component: ({ view, ...p }) => (
    <TputPlot {...p} metrics={view.metrics} metricsError={view.metricsError} />
  ),
} as const satisfies PanelDescriptor<'tput'>;
