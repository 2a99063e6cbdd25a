/**
 * The RTT panel (issue 25): per TCP flow, each ACK's RTT sample (a dot in the flow's colour),
 * the minimum RTT (BBR's min_rtt, its RTprop estimate, for a BBR flow; for the others the
 * running minimum of the samples, labelled so) and the path's base RTT (propagation and
 * transmission with empty queues) as the dashed reference, in ms. The gap between the dots and
 * the base RTT is the queueing delay. Read from `Trace.rates` (rtt.ts). A click on a dot (or the
 * background) moves the cursor to that ACK's decision.
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import type { TooltipEntry } from './describe';
import { PER_FLOW_PLOTS, type PanelDescriptor } from './descriptor';
import type { LegendItem } from './Legend';
import { MARK_STYLES, MarkKind, flowStyle } from './palette';
import { rateFlows, rateRowAt, rateRowsByFlow } from './rates';
import { RateStack, seekRateRow, type RateStackProps } from './RateStack';
import { fmtMs, rttModel, type RttModel } from './rtt';
import { stepValueAt } from './bisect';
import type { TimePlotSpec } from './TimePlot';
import { flowLabel, fmtTime } from './traceCache';
import './panels.css';

/** Dashes of the RTT panel's lines. */
export const RTT_DASH = { minRtt: '', baseRtt: '2 4' } as const;

/** What the min-RTT line is: BBR's own estimate, or the running minimum of the samples. */
export function minRttLabel(m: RttModel): string {
  return m.bbrMin ? 'BBR min RTT (RTprop)' : 'running min of RTT samples';
}

/** Screen-reader summary of one flow's RTTs. */
export function rttSummary(trace: Trace, m: RttModel): string {
  const n = m.samples.n;
  const last = m.minRtt[m.minRtt.length - 1];
  return (
    `RTT of ${flowLabel(trace, m.flow)}: ${n} sample${n === 1 ? '' : 's'}, largest ${fmtMs(m.max)}` +
    (last ? `; ${minRttLabel(m)} ${fmtMs(last.v)} at the end` : '') +
    (Number.isNaN(m.baseRtt) ? '' : `; the path's base RTT is ${fmtMs(m.baseRtt)}`) +
    '.'
  );
}

function buildSpec(trace: Trace, m: RttModel, top: number): TimePlotSpec {
  const R = trace.rates!;
  const st = flowStyle(m.flow);
  const base = m.baseRtt;
  const yTop = Math.max(top, Number.isNaN(base) ? 0 : base) * 1.1 || 0.1;
  // The base RTT over the min RTT line: where they meet (BBR's RTprop found it), both show.
  const lines = [
    {
      key: 'minRtt',
      points: m.minRtt,
      color: st.color,
      dash: RTT_DASH.minRtt,
      widthScale: 1.25,
      endT: trace.stopS,
    },
    ...(Number.isNaN(base)
      ? []
      : [
          {
            key: 'baseRtt',
            points: [{ t: 0, v: base }],
            color: 'fg' as const,
            dash: RTT_DASH.baseRtt,
            widthScale: 1,
            endT: trace.stopS,
          },
        ]),
  ];
  const legend: LegendItem[] = [
    {
      key: 'sample',
      label: 'RTT sample',
      swatch: { type: 'glyph', glyph: MARK_STYLES[MarkKind.rttSample].glyph, color: st.color },
    },
    {
      key: 'minRtt',
      label: minRttLabel(m),
      swatch: { type: 'line', color: st.color, dash: RTT_DASH.minRtt, widthScale: 1.25 },
    },
  ];
  if (!Number.isNaN(base))
    legend.push({
      key: 'baseRtt',
      label: `base RTT ${fmtMs(base)}`,
      swatch: { type: 'line', color: 'fg', dash: RTT_DASH.baseRtt },
    });
  const rowLines = (i: number): string[] => {
    const out: string[] = [];
    const rtt = R.rtt[i]!;
    if (!Number.isNaN(rtt))
      out.push(
        `RTT ${fmtMs(rtt)}` +
          (Number.isNaN(base) ? '' : ` (queueing ≈ ${fmtMs(Math.max(0, rtt - base))})`),
      );
    const min = stepValueAt(m.minRtt, R.time[i]!);
    if (min !== null) out.push(`${minRttLabel(m)} ${fmtMs(min)}`);
    if (!Number.isNaN(base)) out.push(`base RTT ${fmtMs(base)} (propagation + transmission)`);
    return out;
  };
  const describeTime = (t: number): TooltipEntry | null => {
    const i = rateRowAt(trace, m.flow, t);
    if (i < 0) return null;
    return { title: `ACK at ${fmtTime(R.time[i]!)}`, lines: rowLines(i) };
  };
  return {
    xLabel: 'time (s)',
    yLabel: 'RTT (ms)',
    yLabelShort: 'ms',
    yDomain: [0, yTop],
    yTickFormat: (v) => String(Number((v * 1000).toPrecision(3))),
    layer: { marks: m.samples },
    lines,
    bands: [],
    legend,
    title: `RTT · ${flowLabel(trace, m.flow)}`,
    ariaLabel: rttSummary(trace, m),
    describe: (idx) =>
      idx.map((k) => {
        const i = m.samples.packet[k]!;
        return {
          title: `RTT sample at ${fmtTime(R.time[i]!)}`,
          symbol: MARK_STYLES[MarkKind.rttSample].symbol,
          color: st.color,
          lines: [...rowLines(i), 'click: the cursor goes to this ACK'],
        };
      }),
    describeTime,
    seekTime: (t) => seekRateRow(trace, m.flow, t),
    hoverRef: () => null,
  };
}

export type RttPlotProps = RateStackProps;

export function RttPlot(props: RttPlotProps) {
  const { trace } = props;
  const flowsKey = props.flows?.join(',') ?? '*';
  const specs = useMemo(() => {
    const models = rateFlows(trace, flowsKey).map((f) => rttModel(trace, f));
    // One y scale for every plot of the panel.
    const top = props.yTop ?? models.reduce((mx, m) => Math.max(mx, m.max), 0);
    return models.map((m) => ({ flow: m.flow, spec: buildSpec(trace, m, top) }));
  }, [trace, flowsKey, props.yTop]);
  return <RateStack plotProps={props} specs={specs} panel="rtt" />;
}

/** The header's line: the first TCP flow's minimum and largest RTT samples. */
function rttHeadline(trace: Trace): string {
  const [flow] = [...rateRowsByFlow(trace).keys()];
  if (flow === undefined) return 'no RTT samples (TCP senders only)';
  const m = rttModel(trace, flow);
  const last = m.minRtt[m.minRtt.length - 1];
  return `${flowLabel(trace, flow)}: ${m.samples.n} samples${last ? `, min ${fmtMs(last.v)}` : ''}, max ${fmtMs(m.max)}`;
}

/** The RTT panel in the app: a lower tab (offered for every run; empty but for TCP). */
export const rttPanel = {
  id: 'rtt',
  title: 'RTT',
  slot: 'lower',
  exportable: true,
  figure: true,
  oneFlowOfMany: true,
  heightFactor: (flows) => (flows <= PER_FLOW_PLOTS ? flows : 1),
  prepare: (trace, o) =>
    rateFlows(trace, o.oneFlow?.join(',') ?? '*').map((f) => () => {
      rttModel(trace, f);
      return true;
    }),
  summary: (trace) => rttHeadline(trace),
  Component: ({ view, ...p }) => <RttPlot {...p} flows={view.oneFlow ?? p.flows} />,
} as const satisfies PanelDescriptor<'rtt'>;
