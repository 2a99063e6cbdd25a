/**
 * The queue over time (issue 26): the bottleneck's queue on the time axis every plot shares
 * (zoom and cursor), so a class reads it against cwnd — its length in packets or bytes, each
 * departing packet's sojourn, and the discipline's own state: RED's average queue beside the
 * instantaneous one with min_th / max_th (Floyd & Jacobson 1993's picture), CoDel's dropping
 * state shaded and its next drop times, PIE's drop probability on a 0–1 axis. Up to three plots
 * stacked in one panel, chosen with the "Plots" buttons; drawn from queueSeries.ts (read from
 * the trace; nothing recomputed). A panel of its own rather than part of the queue view: that
 * view is a picture of one instant (the topology at the cursor), this one a time plot built on
 * TimePlot like the cwnd and delay panels, and the lower slot is too short for both at once.
 */
import { useMemo, useRef, useState } from 'react';
import type { Trace } from '../../engine';
import type { PanelDescriptor } from './descriptor';
import { PanelRoot } from './PanelRoot';
import { queueSeries } from './queueSeries';
import {
  aqmName,
  defaultQueuePlots,
  lengthSpec,
  probSpec,
  queuePlots,
  sojournSpec,
  type QueuePlot,
  type QueueUnits,
} from './queueTimeSpecs';
import { RouterChoiceButtons, useRouterChoice, type RouterChoiceProps } from './RouterChoices';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { fullTimeDomain, linkLabel } from './traceCache';
import type { LegendItem } from './Legend';
import type { PanelProps, PlotOptions, Theme } from './types';
import { useSize } from './useSize';
import './panels.css';

export type QueueTimePlotProps = PanelProps & PlotOptions & RouterChoiceProps;

const PLOT_WORDS: Record<QueuePlot, { label: string; title: string }> = {
  length: { label: 'length', title: 'the queue length (and RED’s average queue)' },
  sojourn: { label: 'sojourn', title: 'how long each departing packet waited' },
  prob: { label: 'drop prob.', title: 'the discipline’s drop probability' },
};

/** Below this height (px) of its plots' room the panel opens on one plot (a 720p lower slot). */
const TWO_PLOTS_PX: Record<Theme, number> = { light: 230, dark: 230, projector: 9999 };

/** The shown plots' legends as one row (each entry once), carried by the first plot. */
function mergedLegend(specs: readonly TimePlotSpec[]): LegendItem[] {
  const seen = new Set<string>();
  return specs.flatMap((sp) => sp.legend.filter((it) => !seen.has(it.key) && !!seen.add(it.key)));
}

export function QueueTimePlot(props: QueueTimePlotProps) {
  const { theme } = props;
  const choice = useRouterChoice(props.trace, props);
  const link = choice.at.bottleneck;
  const trace = props.trace;
  const series = useMemo(() => queueSeries(trace, link), [trace, link]);
  const [units, setUnits] = useState<QueueUnits>('packets');
  const [picked, setPicked] = useState<QueuePlot[] | null>(null);
  const offered = queuePlots(series);
  const plotsRef = useRef<HTMLDivElement>(null);
  const { h } = useSize(plotsRef, undefined, props.height);
  const roomy = h === 0 || h >= TWO_PLOTS_PX[theme];
  const shown = (picked ?? defaultQueuePlots(series, roomy ? theme : 'projector')).filter((p) =>
    offered.includes(p),
  );
  const specs = useMemo(() => {
    const out: Partial<Record<QueuePlot, TimePlotSpec>> = {};
    out.length = lengthSpec(trace, series, units, theme);
    out.sojourn = sojournSpec(trace, series, theme);
    if (queuePlots(series).includes('prob')) out.prob = probSpec(trace, series, theme);
    return out;
  }, [trace, series, units, theme]);
  const order = offered.filter((p) => shown.includes(p));
  const legend = mergedLegend(order.map((p) => specs[p]!));
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const xDomain = props.xDomain ?? full;
  const toggle = (p: QueuePlot) => {
    const next = shown.includes(p) ? shown.filter((q) => q !== p) : [...shown, p];
    if (next.length > 0) setPicked(offered.filter((q) => next.includes(q)));
  };
  return (
    <PanelRoot theme={theme} className={`ackp-qtime ${props.className ?? ''}`}>
      <RouterChoiceButtons
        state={choice}
        label="Queue shown"
        testId="qlen-choice"
        titleOf={(c) => `Show the queue of ${linkLabel(props.trace, c.bottleneck)}`}
      />
      <div className="ackp-controls">
        <span role="group" aria-label="Plots">
          {offered.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={shown.includes(p)}
              data-testid={`qlen-plot-${p}`}
              title={`Show or hide ${PLOT_WORDS[p].title}`}
              onClick={() => toggle(p)}
            >
              {PLOT_WORDS[p].label}
            </button>
          ))}
        </span>
        {shown.includes('length') && (
          <span role="group" aria-label="Queue length in">
            {(['packets', 'bytes'] as const).map((u) => (
              <button
                key={u}
                type="button"
                aria-pressed={units === u}
                title={`Queue length in ${u}`}
                onClick={() => setUnits(u)}
              >
                {u}
              </button>
            ))}
          </span>
        )}
        <span className="ackp-muted">{aqmName(series.aqm)}</span>
      </div>
      <div ref={plotsRef} className="ackp-qtime-plots">
        {order.map((p, k) => (
          <TimePlot
            key={p}
            {...props}
            spec={k === 0 ? { ...specs[p]!, legend } : specs[p]!}
            xDomain={xDomain}
            panel={`qlen-${p}`}
            legend={k === 0 ? props.legend : false}
            xAxis={k === order.length - 1 ? props.xAxis : 'none'}
            className={`ackp-qtime-${p}`}
          />
        ))}
      </div>
    </PanelRoot>
  );
}

/** The largest sojourn at the bottleneck of any of the traces, s (compare mode's shared y). */
export function sharedSojournTop(traces: readonly Trace[]): number {
  let top = 0;
  for (const t of traces) top = Math.max(top, queueSeries(t, t.bottleneck).maxSojourn);
  return top;
}

/**
 * One run's sojourn plot on a y scale the caller shares (compare mode's mini, the same traffic
 * through another discipline beside it): no legend, no buttons.
 */
export function QueueSojournMini(props: QueueTimePlotProps & { yTop: number }) {
  const { trace, theme, yTop } = props;
  const spec = useMemo(() => {
    const s = queueSeries(trace, trace.bottleneck);
    const top = Math.max(yTop, s.params.targetS ?? 0) * 1.08 || 0.001;
    return {
      ...sojournSpec(trace, s, theme),
      yDomain: [0, top] as [number, number],
      yDomainFor: undefined,
    };
  }, [trace, theme, yTop]);
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  return (
    <PanelRoot theme={theme} className="ackp-qtime">
      <TimePlot
        {...props}
        spec={spec}
        xDomain={props.xDomain ?? full}
        panel="qlen-sojourn"
        legend={false}
      />
    </PanelRoot>
  );
}

/** The header's line: the queue's largest length and sojourn, and the discipline's drops. */
export function queueTimeSummary(trace: Trace): string {
  const s = queueSeries(trace, trace.bottleneck);
  const drops = s.markCode.length;
  return (
    `${linkLabel(trace, s.link)} (${aqmName(s.aqm)}): at most ${s.maxPkts} packets, ` +
    `longest sojourn ${(s.maxSojourn * 1000).toFixed(1)} ms, ${drops} drops and marks`
  );
}

/** The queue over time in the app: a lower tab beside the queue view; its router the `router` key's. */
export const qlenPanel = {
  id: 'qlen',
  title: 'Queue over time',
  slot: 'lower',
  exportable: true,
  figure: true,
  showsRouter: true,
  prepare: (trace) => [
    () => {
      queueSeries(trace, trace.bottleneck);
      return true;
    },
  ],
  summary: (trace) => queueTimeSummary(trace),
  Component: ({ view, ...p }) => (
    <QueueTimePlot {...p} router={view.routerNode} onRouterChange={view.onRouterChange} />
  ),
} as const satisfies PanelDescriptor<'qlen'>;
