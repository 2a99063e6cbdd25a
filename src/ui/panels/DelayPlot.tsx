/**
 * One-way delay and jitter against time, per flow or per class (application kind / protocol):
 * above, the mean one-way delay of the data packets delivered in each bin; below, the RFC 3550
 * jitter estimate (delay.ts) — or, with "RTT", the TCP flows' RTT under load (delayBase.ts). Each
 * line in its flow's (or class's) colour, dash and glyph; a bin with no delivery leaves a gap;
 * dashed, the base one-way delay (and RTT) of the path with empty queues. Follows the shared cursor and zoom like the other time plots.
 */
import { useId, useMemo, useState } from 'react';
import type { Trace } from '../../engine';
import type { TooltipEntry } from './describe';
import {
  binSegments,
  delayModel,
  fmtDelay,
  lossPct,
  packetDelays,
  preparePacketDelays,
  type DelayModel,
  type GroupSeries,
} from './delay';
import type { LineSpec } from './draw/layers';
import { baseLines, baseOneWay, rttLoadSpec } from './delayBase';
import { delayHeadline } from './delayHeadline';
import type { PanelDescriptor } from './descriptor';
import { classesByDefault, flowClasses, flowGroups } from './flowClasses';
import { MarkBuilder, type PointMarks } from './marks';
import { groupLegend } from './groupLegend';
import { flowStyle, MarkKind } from './palette';
import { PanelRoot } from './PanelRoot';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { autoBinS, binChoices } from './tput';
import { eventAtOrBefore, flowLabel, fmtTime, fullTimeDomain, shownFlows } from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import './panels.css';

export type DelayPlotProps = PanelProps & PlotOptions;

/** Smallest bin offered, s. */
const BASE_BIN_S = 0.1;
/** Glyphs per line, staggered between lines. */
const MARKERS = 6;
/** Lines named in a tooltip (largest values first). */
const TIP_LINES = 8;

type Which = 'mean' | 'jitter';

type PlotsShown = 'both' | 'delay' | 'jitter' | 'rtt';
const PLOTS_SHOWN: readonly [PlotsShown, string][] = [
  ['both', 'both'],
  ['delay', 'delay'],
  ['jitter', 'jitter'],
  ['rtt', 'RTT'],
];
const PLOT_TITLES: Record<PlotsShown, string> = {
  both: 'Show the one-way delay and the jitter plots',
  delay: 'Show the one-way delay plot only',
  jitter: 'Show the jitter plot only',
  rtt: 'Show the one-way delay and the TCP flows’ RTT under load (the base RTT dashed)',
};

/** Screen-reader summary: each line's mean and largest one-way delay, last jitter and loss. */
export function delaySummary(model: DelayModel, byClass: boolean): string {
  const parts = model.series.slice(0, 12).map((s) => {
    const last = lastValue(s.jitter);
    return (
      `${s.group.label}: mean ${fmtDelay(s.total.meanS)}, max ${fmtDelay(s.total.maxS)}, ` +
      `jitter ${fmtDelay(last)}, loss ${lossPct(s.total).toFixed(2)} %`
    );
  });
  const more = model.series.length > 12 ? `; and ${model.series.length - 12} more` : '';
  return (
    `One-way delay and RFC 3550 jitter of data packets per ${model.binS} s bin, ` +
    `${model.series.length} ${byClass ? 'class' : 'flow'}${model.series.length === 1 ? '' : byClass ? 'es' : 's'}: ` +
    `${parts.join('; ')}${more}.`
  );
}

function lastValue(a: Float64Array): number {
  for (let b = a.length - 1; b >= 0; b--) if (!Number.isNaN(a[b]!)) return a[b]!;
  return NaN;
}

/** A few glyphs on each line (in bins that have a value), so lines differ by shape too. */
function lineMarkers(model: DelayModel, which: Which, trace: Trace): PointMarks {
  const b = new MarkBuilder();
  const K = Math.max(1, model.series.length);
  const slice = model.bins / MARKERS;
  for (let j = 0; j < MARKERS; j++) {
    model.series.forEach((s, k) => {
      const bin = Math.min(model.bins - 1, Math.floor((j + (k + 0.5) / K) * slice));
      const v = s[which][bin]!;
      if (Number.isNaN(v)) return;
      const t = (bin + 0.5) * model.binS;
      // packet = −(line + 1): no packet of the trace has it, so no hover elsewhere lights it.
      b.push(
        MarkKind.flowMarker,
        Math.max(0, eventAtOrBefore(trace, t)),
        t,
        v,
        s.group.style,
        -k - 1,
      );
    });
  }
  return b.build();
}

function buildSpec(
  trace: Trace,
  model: DelayModel,
  which: Which,
  byClass: boolean,
  withBase = false,
): TimePlotSpec {
  // Beside the RTT under load: under the one-way delays, each path's base one-way delay (empty
  // queues), dashed.
  const base =
    which === 'mean' && withBase
      ? baseLines(
          trace,
          model.series.flatMap((s) => s.group.flows),
          (f) => baseOneWay(trace, f),
          'base one-way delay',
        )
      : null;
  let top = which === 'mean' ? model.maxMean : model.maxJitter;
  for (const v of base?.values ?? []) if (v > top) top = v;
  const jitterOf = byClass ? ' (mean of the class’s flows)' : '';
  const lines: LineSpec[] = [];
  for (const s of model.series) {
    const st = flowStyle(s.group.style);
    binSegments(s[which], model.binS, trace.stopS).forEach((seg, n) =>
      lines.push({
        key: `${s.group.key}-${n}`,
        points: seg.points,
        color: st.color,
        dash: st.dash,
        widthScale: 0.9,
        endT: seg.endT,
      }),
    );
  }
  for (const l of base?.lines ?? []) lines.push(l);
  const marks = lineMarkers(model, which, trace);
  const binOf = (t: number) => Math.max(0, Math.min(model.bins - 1, Math.floor(t / model.binS)));
  const binText = (b: number) =>
    `${fmtTime(b * model.binS)} – ${fmtTime(Math.min(trace.stopS, (b + 1) * model.binS))}`;
  const valueLine = (s: GroupSeries, b: number) => {
    const v = s[which][b]!;
    const extra =
      which === 'mean'
        ? ` (max ${fmtDelay(s.max[b]!)}, ${s.packets[b]} packet${s.packets[b] === 1 ? '' : 's'})`
        : '';
    return `${flowStyle(s.group.style).symbol} ${s.group.label}: ${fmtDelay(v)}${extra}`;
  };
  const what = which === 'mean' ? 'one-way delay' : 'jitter (RFC 3550)';
  return {
    xLabel: 'time (s)',
    yLabel: which === 'mean' ? 'one-way delay (ms)' : 'jitter (ms)',
    yLabelShort: 'ms',
    yDomain: [0, top * 1.08 || 0.001],
    yTickFormat: (v) => String(Number((v * 1e3).toPrecision(3))),
    layer: { marks },
    lines,
    bands: [],
    // Under the delay plot the jitter plot's legend row is hidden (its y axis names it); shown
    // alone it has its own.
    legend: [...groupLegend(model.series.map((s) => s.group)), ...(base?.legend ?? [])],
    title:
      which === 'mean'
        ? `Mean one-way delay per ${model.binS} s; below, RFC 3550 jitter${jitterOf}`
        : `RFC 3550 jitter per ${model.binS} s${jitterOf}`,
    ariaLabel: delaySummary(model, byClass),
    describe: (idx) =>
      idx.map((i) => {
        const s = model.series[-marks.packet[i]! - 1]!;
        const st = flowStyle(s.group.style);
        const b = binOf(marks.t[i]!);
        return {
          title: s.group.label,
          symbol: st.symbol,
          color: st.color,
          lines: [`${what} ${fmtDelay(s[which][b]!)} in ${binText(b)}`],
        };
      }),
    describeTime: (t): TooltipEntry | null => {
      if (t < 0 || t > trace.stopS) return null;
      const b = binOf(t);
      const withValue = model.series.filter((s) => !Number.isNaN(s[which][b]!));
      withValue.sort((x, y) => y[which][b]! - x[which][b]!);
      const lines = withValue.slice(0, TIP_LINES).map((s) => valueLine(s, b));
      if (withValue.length > TIP_LINES) lines.push(`… and ${withValue.length - TIP_LINES} more`);
      if (lines.length === 0) lines.push('no packet delivered in this bin');
      return { title: `${what}, ${binText(b)}`, lines };
    },
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    hoverRef: () => null,
  };
}

export function DelayPlot(props: DelayPlotProps) {
  const { trace, theme } = props;
  const id = useId();
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const choices = useMemo(() => binChoices(BASE_BIN_S, trace.stopS), [trace.stopS]);
  const [picked, setPicked] = useState<number | null>(null);
  const binS =
    picked !== null && choices.includes(picked) ? picked : autoBinS(BASE_BIN_S, trace.stopS);
  const [classPick, setClassPick] = useState<boolean | null>(null);
  // Which plots: both, or one (the projector's larger type leaves room for one by default).
  const [plotPick, setPlotPick] = useState<PlotsShown | null>(null);
  const plotChoice = plotPick ?? (theme === 'projector' ? 'delay' : 'both');
  const byClass = classPick ?? classesByDefault(trace);
  const manyClasses = flowClasses(trace).length > 1 || trace.flows.length > 1;
  const flowsKey = props.flows?.join(',') ?? '*';
  const model = useMemo(() => {
    const shown = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    const groups = flowGroups(trace, shown, byClass, (f) => flowLabel(trace, f));
    return delayModel(packetDelays(trace), groups, binS, trace.stopS);
  }, [trace, flowsKey, byClass, binS]);
  const specs = useMemo(
    () => [buildSpec(trace, model, 'mean', byClass), buildSpec(trace, model, 'jitter', byClass)],
    [trace, model, byClass],
  );
  const rttSpec = useMemo(() => rttLoadSpec(trace, flowsKey), [trace, flowsKey]);
  // RTT under load chosen, then every TCP flow hidden: both plots again.
  const plots = plotChoice === 'rtt' && !rttSpec ? 'both' : plotChoice;
  const loadSpecs = useMemo(
    () => (rttSpec ? [buildSpec(trace, model, 'mean', byClass, true), rttSpec] : specs),
    [trace, model, byClass, rttSpec, specs],
  );
  const xDomain = props.xDomain ?? full;
  if (model.series.length === 0) {
    return (
      <PanelRoot theme={theme}>
        <p className="ackp-empty" role="status">
          Every flow is hidden: show some in the flow list.
        </p>
      </PanelRoot>
    );
  }
  const delivered = model.series.reduce((n, s) => n + s.total.packets, 0);
  return (
    <PanelRoot theme={theme} className="ackp-delay">
      <div className="ackp-controls">
        {manyClasses && (
          <span role="group" aria-label="Lines">
            {([false, true] as const).map((c) => (
              <button
                key={String(c)}
                type="button"
                aria-pressed={byClass === c}
                title={
                  c
                    ? 'One line per class (application kind / protocol): the packets of its shown flows together'
                    : 'One line per shown flow'
                }
                onClick={() => setClassPick(c)}
              >
                {c ? 'per class' : 'per flow'}
              </button>
            ))}
          </span>
        )}
        <span role="group" aria-label="Plots">
          {PLOTS_SHOWN.filter(([v]) => v !== 'rtt' || rttSpec).map(([v, label]) => (
            <button
              key={v}
              type="button"
              aria-pressed={plots === v}
              title={PLOT_TITLES[v]}
              onClick={() => setPlotPick(v)}
            >
              {label}
            </button>
          ))}
        </span>
        <label htmlFor={id}>bin</label>
        <select
          id={id}
          value={binS}
          title="Width of a delay bin"
          onChange={(e) => setPicked(Number(e.target.value))}
        >
          {choices.map((w) => (
            <option key={w} value={w}>
              {w} s
            </option>
          ))}
        </select>
      </div>
      {delivered === 0 ? (
        <p className="ackp-empty" role="status">
          No data packet of the shown flows reached its destination.
        </p>
      ) : (
        (plots === 'rtt' ? loadSpecs : specs).map((spec, k) =>
          (k === 0 ? plots === 'jitter' : plots === 'delay') ? null : (
            <TimePlot
              key={k === 1 && plots === 'rtt' ? 'rtt' : k}
              {...props}
              spec={spec}
              xDomain={xDomain}
              panel={k === 0 ? 'delay' : plots === 'rtt' ? 'rtt-load' : 'jitter'}
              legend={k === 0 || plots === 'jitter' || plots === 'rtt' ? props.legend : false}
              className={k === 0 ? 'ackp-delay-mean' : 'ackp-delay-jitter'}
            />
          ),
        )
      )}
    </PanelRoot>
  );
}

/** The delay / jitter panel in the app: a lower tab; its header per class from the metrics. */
export const delayPanel = {
  id: 'delay',
  title: 'Delay / jitter',
  slot: 'lower',
  exportable: true,
  figure: true,
  prepare: (trace) => [(ms) => preparePacketDelays(trace, ms)],
  summary: (_trace, view) => delayHeadline(view.metrics),
  Component: ({ view: _view, ...p }) => <DelayPlot {...p} />,
} as const satisfies PanelDescriptor<'delay'>;
