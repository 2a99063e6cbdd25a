/**
 * Time–sequence plot of each flow at its sender (tcptrace / Wireshark style): segments sent as
 * short bars (blue), retransmissions "R" (vermillion), the cumulative ACK staircase (green),
 * duplicate ACK ticks (3rd labelled "3") and SACK / Gap Ack reports (purple).
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { describeMark, type TooltipEntry } from './describe';
import { hasCongestionControl } from './flowClasses';
import type { LegendItem } from './Legend';
import { MARK_STYLES, MarkKind, SERIES_STYLES, type MarkKind as MK } from './palette';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { prepareTimeSeq, timeSeqModel, type TimeSeqModel } from './timeseq';
import { PER_FLOW_PLOTS, type PanelDescriptor } from './descriptor';
import { pathLegend } from './pathLegend';
import { lowerBound, upperBound } from './bisect';
import { eventAtOrBefore, flowLabel, fmtTime, fullTimeDomain, shownFlows } from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import { ordinal } from '../../trace/format';
import { PanelRoot } from './PanelRoot';
import { tseqLayer, tseqLines } from './tseqLayers';
import { PROGRESSIVE_EVENTS, useProgressive } from './useProgressive';
import './panels.css';

export type TimeSeqPlotProps = PanelProps & PlotOptions;

export function timeSeqSummary(trace: Trace, m: TimeSeqModel): string {
  const c = m.counts;
  const lastAck = m.ackLine[m.ackLine.length - 1]?.v ?? 0;
  if (!hasCongestionControl(trace.flows.find((f) => f.id === m.flow)))
    return (
      `Time–sequence plot of ${flowLabel(trace, m.flow)}: ${c.segments} datagrams sent, ` +
      `highest packet ${m.maxPacket}; UDP has no ACKs.`
    );
  return (
    `Time–sequence plot of ${flowLabel(trace, m.flow)}: ${c.segments} segments sent, ${c.retransmissions} retransmissions, ` +
    `${c.acks} ACKs received (${c.dupacks} duplicates${c.sacks ? `, ${c.sacks} with SACK blocks` : ''}); ` +
    `highest packet sent ${m.maxPacket}, cumulative ACK reaches ${lastAck}.`
  );
}

function buildSpec(trace: Trace, m: TimeSeqModel): TimePlotSpec {
  const marks = m.marks;
  const legend: LegendItem[] = [];
  const g = (k: MK, label?: string, count?: number): LegendItem => {
    const s = MARK_STYLES[k];
    return {
      key: `k${k}`,
      label: label ?? s.label,
      count,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: 1.2 },
    };
  };
  const info = trace.flows.find((f) => f.id === m.flow);
  // UDP: datagrams only (no ACKs, no retransmissions): no ACK line or duplicate-ACK entries.
  const acked = hasCongestionControl(info);
  legend.push(g(MarkKind.segment, acked ? undefined : 'datagram sent', m.counts.segments));
  // Multi-homed SCTP: the segment's glyph and colour name its path.
  if (marks.path) for (const it of pathLegend(trace, [m.flow], 'timeseq')) legend.push(it);
  if (acked) {
    legend.push(g(MarkKind.segmentRetx, undefined, m.counts.retransmissions));
    legend.push({
      key: 'ack',
      label: SERIES_STYLES.ackLine.label,
      swatch: { type: 'line', color: 'ack', dash: '' },
    });
  }
  if (m.windowLine.length)
    legend.push({
      key: 'rwnd',
      label: SERIES_STYLES.window.label,
      swatch: { type: 'line', color: 'window', dash: SERIES_STYLES.window.dash },
    });
  const th = info?.dupackThreshold ?? 3;
  if (acked)
    legend.push(
      g(
        MarkKind.dupack,
        info?.protocol === 'sctp'
          ? 'duplicate SACK (“FR”: fast retransmit)'
          : `duplicate ACK (${ordinal(th)}: “${th}”)`,
        m.counts.dupacks,
      ),
    );
  if (m.counts.sacks) legend.push(g(MarkKind.sack, undefined, m.counts.sacks));
  const ackTimes = Float64Array.from(m.ackLine, (p) => p.t);
  const describeTime = (t: number): TooltipEntry | null => {
    const k = upperBound(ackTimes, t) - 1;
    if (k < 0) return null;
    const lines = [`cumulative ACK at the sender: ${m.ackLine[k]!.v}`];
    if (m.windowLine[k]) lines.push(`receive window up to packet ${m.windowLine[k]!.v}`);
    return { title: `t = ${fmtTime(t)}`, lines };
  };
  const full: [number, number] = [0, Math.max(4, m.maxPacket + 1.5)];
  // Zoomed in, the y axis fits what is visible (as tcptrace's zoom does).
  const yDomainFor = ([t0, t1]: [number, number]): [number, number] => {
    const a = lowerBound(marks.t, t0);
    const b = upperBound(marks.t, t1);
    if (a === 0 && b === marks.n) return full;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = a; i < b; i++) {
      const y = marks.y[i]!;
      lo = Math.min(lo, y - 1);
      hi = Math.max(hi, y);
    }
    const k = upperBound(ackTimes, t0) - 1;
    if (k >= 0) lo = Math.min(lo, m.ackLine[k]!.v);
    // Keep the window line in view when it is close to the data.
    const kw = upperBound(ackTimes, t1) - 1;
    const w = kw >= 0 ? m.windowLine[kw]?.v : undefined;
    if (w !== undefined && w <= hi + (hi - lo) * 0.5) hi = Math.max(hi, w);
    if (!Number.isFinite(lo)) return full;
    const pad = Math.max(1, (hi - lo) * 0.06);
    return [Math.max(0, lo - pad), hi + pad];
  };
  return {
    xLabel: 'time (s)',
    yLabel: 'sequence (packet number)',
    yLabelShort: 'seq (pkts)',
    yDomain: full,
    yDomainFor,
    layer: tseqLayer(marks),
    lines: tseqLines(m.windowLine, m.ackLine, trace.stopS),
    bands: [],
    legend,
    title: acked
      ? `Time–sequence · ${flowLabel(trace, m.flow)}`
      : `Time–sequence · ${flowLabel(trace, m.flow)} · UDP: datagrams only, no ACKs`,
    ariaLabel: timeSeqSummary(trace, m),
    describe: (idx) => idx.map((i) => describeMark(trace, marks, i)),
    describeTime,
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
  };
}

export function TimeSeqPlot(props: TimeSeqPlotProps) {
  const { trace, theme } = props;
  const flowsKey = props.flows?.join(',') ?? '*';
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const specs = useMemo(() => {
    const flows = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    return flows.map((f) => ({ flow: f, spec: buildSpec(trace, timeSeqModel(trace, f)) }));
  }, [trace, flowsKey]);
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
          panel="timeseq"
          deferDraw={k >= drawn}
        />
      ))}
    </PanelRoot>
  );
}

/**
 * The time–sequence panel in the app: a lower tab; a plot per flow up to PER_FLOW_PLOTS flows,
 * else the one flow the log's filter names (its header offers the choice).
 */
export const timeseqPanel = {
  id: 'timeseq',
  title: 'Time–sequence',
  slot: 'lower',
  exportable: true,
  figure: true,
  oneFlowOfMany: true,
  heightFactor: (flows) => (flows <= PER_FLOW_PLOTS ? flows : 1),
  prepare: (trace, o) =>
    shownFlows(trace, o.oneFlow).map((f) => (ms: number) => prepareTimeSeq(trace, f, ms)),
  summary: (trace) => {
    const st = trace.flowStats[0];
    return st ? `${st.packetsSent} segments sent, ${st.retransmissions} retransmitted` : '';
  },
  Component: ({ view, ...p }) => <TimeSeqPlot {...p} flows={view.oneFlow} />,
} as const satisfies PanelDescriptor<'timeseq'>;
