/**
 * The per-stream delivery timeline: x = time, one lane per SCTP stream and one per TCP flow's
 * byte stream, a bar per message handed to the application (○ when delivered unordered), and a
 * thin line where messages of a lane sat at the receiver waiting for an earlier one. A loss
 * blocks only its own stream in SCTP (RFC 4960 §6.5: the other lanes keep delivering) and the
 * whole byte stream in TCP: head-of-line blocking is a gap in one lane. From Trace.deliveries.
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { deliveryModel, hasDeliveries, HELD_S, type DeliveryModel } from './deliveries';
import type { TooltipEntry } from './describe';
import type { LineSpec } from './draw/layers';
import type { PanelDescriptor } from './descriptor';
import type { LegendItem } from './Legend';
import { flowStyle, MARK_STYLES, MarkKind } from './palette';
import { PanelRoot } from './PanelRoot';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, fmtTime, fullTimeDomain, shownFlows } from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import './panels.css';

export type DeliveryPlotProps = PanelProps & PlotOptions;

/** "stream “2 s0”" / "4 streams (“2 s0” …)". */
const streamsText = (n: number, f: number) =>
  n === 1 ? `one stream (“${f + 1} s0”)` : `${n} streams (“${f + 1} s0” …)`;

const ms = (s: number) => `${Number((s * 1e3).toPrecision(3))} ms`;

/** Screen-reader summary: per lane its deliveries, longest gap and longest wait. */
export function deliverySummary(m: DeliveryModel): string {
  const parts = m.lanes.map(
    (l) =>
      `${l.label}: ${l.delivered} delivered${l.unordered ? ` (${l.unordered} unordered)` : ''}, ` +
      `longest gap ${ms(l.gapS)} ending at ${fmtTime(l.gapEnd)}, ${l.held} held back (up to ${ms(l.maxWaitS)})` +
      (l.skipped ? `, ${l.skipped} never delivered` : ''),
  );
  return `Deliveries to the application, one lane per stream: ${parts.join('; ')}.`;
}

function buildSpec(trace: Trace, m: DeliveryModel): TimePlotSpec {
  const n = m.lanes.length;
  const lines: LineSpec[] = [];
  m.lanes.forEach((l, k) =>
    l.waiting.forEach((w, j) =>
      lines.push({
        key: `wait${k}-${j}`,
        // Just under the lane's bars: from the first arrival of a held message to its delivery.
        points: [
          { t: w.t0, v: k + 0.32 },
          { t: w.t1, v: k + 0.32 },
        ],
        color: flowStyle(l.flow).color,
        dash: '',
        widthScale: 0.6,
        endT: w.t1,
      }),
    ),
  );
  const legend: LegendItem[] = [];
  const flows = [...new Set(m.lanes.map((l) => l.flow))];
  for (const f of flows) {
    const l = m.lanes.find((x) => x.flow === f)!;
    const st = flowStyle(f);
    legend.push({
      key: `flow${f}`,
      label: l.tcp
        ? `${l.label.replace(': byte stream', '')}: one byte stream (“${l.short}”)`
        : `${l.label.replace(/: stream \d+$/, '')}: ${streamsText(m.lanes.filter((x) => x.flow === f).length, f)}`,
      swatch: {
        type: 'glyph',
        glyph: MARK_STYLES[MarkKind.delivery].glyph,
        color: st.color,
        scale: 1.3,
      },
    });
  }
  const hasUnordered = m.lanes.some((l) => l.unordered > 0);
  if (hasUnordered)
    legend.push({
      key: 'unordered',
      label: MARK_STYLES[MarkKind.deliveryUnordered].label,
      swatch: {
        type: 'glyph',
        glyph: MARK_STYLES[MarkKind.deliveryUnordered].glyph,
        color: 'fg',
        scale: 1.3,
      },
    });
  if (m.lanes.some((l) => l.skipped > 0)) {
    const s = MARK_STYLES[MarkKind.deliverySkip];
    legend.push({
      key: 'skipped',
      label: s.label,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: 1.3 },
    });
  }
  if (lines.length)
    legend.push({
      key: 'waiting',
      label: 'held at the receiver (waiting for an earlier message)',
      swatch: { type: 'line', color: 'fg', dash: '', widthScale: 0.6 },
    });
  const marks = m.marks;
  const D = trace.deliveries!;
  return {
    xLabel: 'time (s)',
    yLabel: 'flow · stream',
    yLabelShort: 'stream',
    yTicks: m.lanes.map((_, k) => k),
    yTickFormat: (v) => m.lanes[Math.round(v)]?.short ?? '',
    // Lane 0 on top.
    yDomain: [n - 0.4, -0.6],
    layer: { marks },
    lines,
    bands: [],
    legend,
    title: 'Delivery to the application per stream · a gap in one lane = head-of-line blocking',
    ariaLabel: deliverySummary(m),
    describe: (idx): TooltipEntry[] =>
      idx.map((i) => {
        const l = m.lanes[m.lane[i]!]!;
        const st = flowStyle(l.flow);
        if (marks.kind[i] === MarkKind.deliverySkip) {
          const lastSkipped = (m.ssn[i + 1] ?? m.ssn[i]! + 1) - 1;
          const what =
            lastSkipped > m.ssn[i]! ? `SSN ${m.ssn[i]}–${lastSkipped}` : `SSN ${m.ssn[i]}`;
          return {
            title: `${l.label} · ${what} never delivered`,
            symbol: MARK_STYLES[MarkKind.deliverySkip].symbol,
            color: 'retx',
            lines: [
              `skipped at ${fmtTime(marks.t[i]!)}: the stream goes on without them`,
              'PR-SCTP abandons a message past its lifetime (RFC 3758 §3.6: FORWARD-TSN)',
            ],
          };
        }
        const a = m.arrive[i]!;
        const wait = Number.isNaN(a) ? null : marks.t[i]! - a;
        const unordered = marks.kind[i] === MarkKind.deliveryUnordered;
        const row = m.row[i]!;
        return {
          title: l.tcp
            ? `${l.label} · segment ${D.packet[row]}`
            : `${l.label} · SSN ${m.ssn[i]} · TSN ${D.packet[row]}`,
          symbol: st.symbol,
          color: st.color,
          lines: [
            `delivered at ${fmtTime(marks.t[i]!)}${unordered ? ' unordered (U bit, RFC 4960 §6.6)' : ''}`,
            wait === null
              ? 'arrival at the receiver not in the trace'
              : wait > HELD_S
                ? `arrived ${fmtTime(a)}, waited ${ms(wait)} for an earlier message`
                : `delivered on arrival (${fmtTime(a)})`,
          ],
        };
      }),
    describeTime: (t) => {
      const lines = m.lanes
        .filter((l) => l.waiting.some((w) => t >= w.t0 && t <= w.t1))
        .map((l) => `${l.label}: messages held at the receiver`);
      return lines.length ? { title: `t = ${fmtTime(t)}`, lines } : null;
    },
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
  };
}

/** One sentence saying why the panel is empty. */
export function noDeliveriesText(trace: Trace): string {
  if (!hasDeliveries(trace))
    return 'No deliveries recorded: a run keeps per-message delivery to the application only when an SCTP flow uses several streams, unordered delivery or PR-SCTP (e.g. the hol-streams preset).';
  return 'No shown flow delivered a message: show some in the flow list.';
}

export function DeliveryPlot(props: DeliveryPlotProps) {
  const { trace, theme } = props;
  const flowsKey = props.flows?.join(',') ?? '*';
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const model = useMemo(() => {
    const shown = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    return deliveryModel(trace, shown);
  }, [trace, flowsKey]);
  const spec = useMemo(() => (model.lanes.length ? buildSpec(trace, model) : null), [trace, model]);
  if (!spec)
    return (
      <PanelRoot theme={theme}>
        <p className="ackp-empty" role="status" data-testid="streams-empty">
          {noDeliveriesText(trace)}
        </p>
      </PanelRoot>
    );
  return (
    <PanelRoot theme={theme} className="ackp-streams">
      <TimePlot {...props} spec={spec} xDomain={props.xDomain ?? full} panel="streams" />
    </PanelRoot>
  );
}

/** The streams panel in the app: a lower tab (not offered as a figure to export). */
export const streamsPanel = {
  id: 'streams',
  title: 'Streams',
  slot: 'lower',
  figure: true,
  // One pass over the packet columns for the arrivals (deliveries are kept on short runs).
  prepare: (trace) => [
    () => {
      deliveryModel(trace, shownFlows(trace));
      return true;
    },
  ],
  summary: (trace) => {
    if (!hasDeliveries(trace)) return 'no deliveries recorded in this run';
    const lanes = deliveryModel(
      trace,
      trace.flows.map((f) => f.id),
    ).lanes;
    const worst = lanes.reduce((a, l) => (l.gapS > (a?.gapS ?? -1) ? l : a), lanes[0]);
    return `${lanes.length} lane${lanes.length === 1 ? '' : 's'}${worst ? ` · longest gap ${(worst.gapS * 1e3).toFixed(0)} ms (${worst.short})` : ''}`;
  },
  Component: ({ view: _view, ...p }) => <DeliveryPlot {...p} />,
} as const satisfies PanelDescriptor<'streams'>;
