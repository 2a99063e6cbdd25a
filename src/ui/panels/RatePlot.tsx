/**
 * The rate panel (issue 25): per TCP flow, its pacing rate (a step line), each ACK's
 * delivery-rate sample (a dot in the flow's colour, hollow when application-limited), BBR's
 * bandwidth estimate (a dashed step line) and the bottleneck link's rate (dotted, the
 * reference); a BBR flow's background is its state lane (bbrBands.ts: STARTUP, DRAIN, PROBE_BW
 * probing up / draining / cruising, PROBE_RTT). The lane sits here rather than in the cwnd
 * panel because BBR's mode is its pacing gain: the bands explain the pacing line's steps, and
 * the cwnd panel keeps its own shading (slow start, avoidance, recovery). All values are read
 * from `Trace.rates`. A click on a dot (or the background) moves the cursor to that ACK's
 * decision. One plot per flow up to PER_FLOW_PLOTS flows (one y scale), else the one flow the
 * header offers.
 */
import { useMemo } from 'react';
import { BBR_MODES, type Trace } from '../../engine';
import { BBR_BAND_STYLES, bandText, bbrBands, bbrBandStyle } from './bbrBands';
import type { TooltipEntry } from './describe';
import { PER_FLOW_PLOTS, type PanelDescriptor } from './descriptor';
import type { LegendItem } from './Legend';
import { MARK_STYLES, METRICS, MarkKind, flowStyle, type ColorKey } from './palette';
import {
  bottleneckBps,
  rateFlows,
  rateModel,
  rateRowAt,
  rateRowsByFlow,
  type RateModel,
} from './rates';
import { RateStack, seekRateRow, type RateStackProps } from './RateStack';
import { fmtMs } from './rtt';
import type { TimePlotSpec } from './TimePlot';
import { fmtRate, rateUnit } from './tput';
import { flowLabel, fmtTime } from './traceCache';
import type { Theme } from './types';
import './panels.css';

/** The bottleneck line joins the scale when it is within this factor of the highest value. */
const CAPACITY_IN_VIEW = 1.6;

/** Dashes of the rate panel's series (each differs by dash as well as by colour). */
export const RATE_DASH = { pacing: '', bwEstimate: '7 4', bottleneck: '2 4' } as const;

/** Screen-reader summary of one flow's rates. */
export function rateSummary(trace: Trace, m: RateModel): string {
  const R = trace.rates!;
  const last = m.rows.length ? m.rows[m.rows.length - 1]! : -1;
  const n = m.sampleCount;
  const parts = [
    `Rates of ${flowLabel(trace, m.flow)}: ${n} delivery-rate sample${n === 1 ? '' : 's'}` +
      (m.appLimited ? ` (${m.appLimited} application-limited)` : ''),
  ];
  if (last >= 0 && m.pacing.length)
    parts.push(`pacing rate at the end ${fmtRate(R.pacingRate[last]!)}`);
  else parts.push('not paced');
  if (last >= 0 && m.bwEstimate.length)
    parts.push(`BBR's bandwidth estimate at the end ${fmtRate(R.bwEstimate[last]!)}`);
  const bands = bbrBands(trace, m.flow);
  if (bands.length) parts.push(`modes ${[...new Set(bands.map((b) => b.mode))].join(' → ')}`);
  parts.push(`bottleneck ${fmtRate(bottleneckBps(trace))}`);
  return `${parts.join('; ')}.`;
}

function buildSpec(trace: Trace, m: RateModel, top: number, theme: Theme): TimePlotSpec {
  const R = trace.rates!;
  const st = flowStyle(m.flow);
  const cap = bottleneckBps(trace);
  const capShown = cap > 0 && cap <= top * CAPACITY_IN_VIEW;
  const yTop = Math.max(top, capShown ? cap : 0) * 1.08 || 1;
  const unit = rateUnit(yTop);
  const bands = bbrBands(trace, m.flow);
  const line = (
    key: string,
    points: RateModel['pacing'],
    color: ColorKey,
    dash: string,
    widthScale: number,
  ) => ({ key, points, color, dash, widthScale, endT: trace.stopS });
  const lines = [
    ...(capShown
      ? [
          {
            key: 'bottleneck',
            points: [{ t: 0, v: cap }],
            color: 'muted' as const,
            dash: RATE_DASH.bottleneck,
            widthScale: 1,
            endT: trace.stopS,
          },
        ]
      : []),
    line('pacing', m.pacing, st.color, RATE_DASH.pacing, 1.25),
    // In the text colour: it runs through the delivery-rate dots it is the maximum of.
    line('bwEstimate', m.bwEstimate, 'fg', RATE_DASH.bwEstimate, 1),
  ];
  const legend: LegendItem[] = [];
  if (m.pacing.length)
    legend.push({
      key: 'pacing',
      label: 'pacing rate',
      swatch: { type: 'line', color: st.color, dash: RATE_DASH.pacing, widthScale: 1.25 },
    });
  legend.push({
    key: 'sample',
    label: 'delivery rate',
    swatch: { type: 'glyph', glyph: MARK_STYLES[MarkKind.rateSample].glyph, color: st.color },
  });
  if (m.appLimited)
    legend.push({
      key: 'appLimited',
      label: 'delivery rate, app-limited',
      swatch: {
        type: 'glyph',
        glyph: MARK_STYLES[MarkKind.rateSampleAppLimited].glyph,
        color: st.color,
      },
      fold: true,
    });
  if (m.bwEstimate.length)
    legend.push({
      key: 'bwEstimate',
      label: 'BBR bw estimate',
      swatch: { type: 'line', color: 'fg', dash: RATE_DASH.bwEstimate },
    });
  legend.push({
    key: 'bottleneck',
    label: `bottleneck ${fmtRate(cap)}${capShown ? '' : ' (above the scale)'}`,
    swatch: { type: 'line', color: 'muted', dash: RATE_DASH.bottleneck },
  });
  if (m.bbr)
    legend.push({
      key: 'bbrMode',
      label: 'BBR enters a mode',
      swatch: {
        type: 'glyph',
        glyph: MARK_STYLES[MarkKind.bbrMode].glyph,
        color: 'fg',
        scale: 1.2,
      },
      fold: true,
    });
  const present = new Set(bands.map((b) => b.key));
  for (const s of BBR_BAND_STYLES)
    if (present.has(s.key))
      legend.push({
        key: s.key,
        label: s.label,
        swatch: { type: 'band', fill: s.fill[theme], label: s.short },
        fold: true,
      });
  const rowLines = (i: number): string[] => {
    const out: string[] = [];
    const p = R.pacingRate[i]!;
    out.push(`pacing rate ${Number.isNaN(p) ? '— (not paced)' : fmtRate(p)}`);
    const d = R.deliveryRate[i]!;
    if (!Number.isNaN(d))
      out.push(`delivery rate ${fmtRate(d)}${R.appLimited[i] ? ' (application-limited)' : ''}`);
    const e = R.bwEstimate[i]!;
    if (!Number.isNaN(e)) out.push(`bandwidth estimate ${fmtRate(e)}`);
    const rtt = R.rtt[i]!;
    const min = R.minRtt[i]!;
    if (!Number.isNaN(rtt) || !Number.isNaN(min))
      out.push(
        [
          Number.isNaN(rtt) ? '' : `RTT ${fmtMs(rtt)}`,
          Number.isNaN(min) ? '' : `min RTT ${fmtMs(min)}`,
        ]
          .filter(Boolean)
          .join(' · '),
      );
    const band = bands.find((b) => b.t0 <= R.time[i]! && R.time[i]! < b.t1);
    if (band) out.push(`BBR ${bandText(band)}`);
    return out;
  };
  const describeTime = (t: number): TooltipEntry | null => {
    const i = rateRowAt(trace, m.flow, t);
    if (i < 0) return null;
    return { title: `ACK at ${fmtTime(R.time[i]!)}`, lines: rowLines(i) };
  };
  return {
    xLabel: 'time (s)',
    yLabel: `rate (${unit.label})`,
    yLabelShort: unit.label,
    yDomain: [0, yTop],
    yTickFormat: (v) => String(Number((v / unit.div).toPrecision(3))),
    layer: {
      marks: m.samples,
      // BBR's mode changes along the top edge.
      yPx: (k, f) =>
        m.samples.kind[k] === MarkKind.bbrMode
          ? f.plot.top + METRICS[theme].markPx * 0.8 + 1
          : f.y(m.samples.y[k]!),
    },
    lines,
    bands: bands.map((b) => {
      const s = bbrBandStyle(b.key);
      return { t0: b.t0, t1: b.t1, fill: s.fill[theme], label: s.short };
    }),
    legend,
    title: `Rates · ${flowLabel(trace, m.flow)}${m.pacing.length ? '' : ' · not paced'}`,
    ariaLabel: rateSummary(trace, m),
    describe: (idx) =>
      idx.map((k) => {
        const i = m.samples.packet[k]!;
        if (m.samples.kind[k] === MarkKind.bbrMode) {
          const band = bands.find((b) => b.row === i);
          return {
            title: `BBR enters ${BBR_MODES[R.state[i]!]} at ${fmtTime(R.time[i]!)}`,
            symbol: MARK_STYLES[MarkKind.bbrMode].symbol,
            color: 'fg',
            lines: [
              ...(band ? [bandText(band)] : []),
              ...rowLines(i),
              'click: the cursor goes to this ACK’s decision',
            ],
          };
        }
        const limited = m.samples.kind[k] === MarkKind.rateSampleAppLimited;
        return {
          title: `Delivery-rate sample at ${fmtTime(R.time[i]!)}${limited ? ', app-limited' : ''}`,
          symbol: MARK_STYLES[m.samples.kind[k] as MarkKind].symbol,
          color: st.color,
          lines: [...rowLines(i), 'click: the cursor goes to this ACK'],
        };
      }),
    describeTime,
    seekTime: (t) => seekRateRow(trace, m.flow, t),
    // A sample stands for an ACK: nothing to light up in the other panels.
    hoverRef: () => null,
  };
}

export type RatePlotProps = RateStackProps;

export function RatePlot(props: RatePlotProps) {
  const { trace, theme } = props;
  const flowsKey = props.flows?.join(',') ?? '*';
  const specs = useMemo(() => {
    const flows = rateFlows(trace, flowsKey);
    const models = flows.map((f) => rateModel(trace, f));
    // One y scale for every plot of the panel, so two flows compare at a glance.
    const top = props.yTop ?? models.reduce((mx, m) => Math.max(mx, m.max), 0);
    return models.map((m) => ({ flow: m.flow, spec: buildSpec(trace, m, top, theme) }));
  }, [trace, flowsKey, theme, props.yTop]);
  return <RateStack plotProps={props} specs={specs} panel="rate" />;
}

/** The header's line: the first TCP flow's last bandwidth estimate and pacing rate. */
function rateHeadline(trace: Trace): string {
  const [flow, rows] = [...rateRowsByFlow(trace)][0] ?? [];
  if (flow === undefined || !rows?.length) return 'no rate samples (TCP senders only)';
  const R = trace.rates!;
  const i = rows[rows.length - 1]!;
  const e = R.bwEstimate[i]!;
  const p = R.pacingRate[i]!;
  const bits = [`${flowLabel(trace, flow)}: ${rows.length} ACKs`];
  if (!Number.isNaN(e)) bits.push(`bw estimate ${fmtRate(e)}`);
  if (!Number.isNaN(p)) bits.push(`pacing ${fmtRate(p)}`);
  return `${bits.join(', ')} at the end`;
}

/** The rate panel in the app: a lower tab (offered for every run; empty but for TCP). */
export const ratePanel = {
  id: 'rate',
  title: 'Rates',
  slot: 'lower',
  exportable: true,
  figure: true,
  oneFlowOfMany: true,
  heightFactor: (flows) => (flows <= PER_FLOW_PLOTS ? flows : 1),
  prepare: (trace, o) =>
    rateFlows(trace, o.oneFlow?.join(',') ?? '*').map((f) => () => {
      rateModel(trace, f);
      bbrBands(trace, f);
      return true;
    }),
  summary: (trace) => rateHeadline(trace),
  Component: ({ view, ...p }) => <RatePlot {...p} flows={view.oneFlow ?? p.flows} />,
} as const satisfies PanelDescriptor<'rate'>;
