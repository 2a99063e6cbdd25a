/**
 * RTT under load on the delay panel (issue 26, the bufferbloat lab): each shown TCP flow's RTT
 * samples as a line (rtt.ts `rttModel`, read from Trace.rates) with the path's base RTT dashed
 * under it, and for the one-way delay plot each flow's base one-way delay (propagation and
 * transmission with empty queues, rtt.ts `routeLinks`), so the gap above the dashed line is the
 * time packets spent queued. Pure and DOM-free.
 */
import type { Trace } from '../../engine';
import { fmtDelay } from './delay';
import type { LineSpec } from './draw/layers';
import type { LegendItem } from './Legend';
import { MarkBuilder } from './marks';
import { flowStyle } from './palette';
import { rateFlows } from './rates';
import { baseRtt, rttModel, routeLinks } from './rtt';
import type { TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, flowLabel, fmtTime } from './traceCache';
import type { TooltipEntry } from './describe';
import { columnsOf, columnValueAt } from './series';

/** Dash of a base (empty-queue) line. */
export const BASE_DASH = '2 4';

/**
 * A flow's base one-way delay, s: for each link from its source to its destination the link's
 * delay plus the transmission of a full-sized data packet of the flow (its MSS plus headers:
 * the largest data transmission seen). NaN without a route or a data packet.
 */
export function baseOneWay(trace: Trace, flow: number): number {
  const f = trace.flows.find((x) => x.id === flow);
  if (!f) return NaN;
  const links = routeLinks(trace, f.src, f.dst);
  if (!links) return NaN;
  const X = trace.transmissions;
  let size = 0;
  for (let u = 0; u < X.length; u++) if (X.flow[u] === flow && X.size[u]! > size) size = X.size[u]!;
  if (size === 0) return NaN;
  return links.reduce((s, i) => {
    const l = trace.links[i]!;
    return s + l.delayS + (size * 8) / l.bandwidthBps;
  }, 0);
}

/**
 * The dashed base lines of some flows' values, one per distinct value (flows on one path share
 * one), labelled with the flows when they differ.
 */
export function baseLines(
  trace: Trace,
  flows: readonly number[],
  valueOf: (flow: number) => number,
  what: string,
): { lines: LineSpec[]; legend: LegendItem[]; values: number[] } {
  const groups = new Map<string, { v: number; flows: number[] }>();
  for (const f of flows) {
    const v = valueOf(f);
    if (!Number.isFinite(v)) continue;
    const key = v.toFixed(6);
    const g = groups.get(key);
    if (g) g.flows.push(f);
    else groups.set(key, { v, flows: [f] });
  }
  const many = groups.size > 1;
  const lines: LineSpec[] = [];
  const parts: string[] = [];
  [...groups.values()].forEach((g, k) => {
    lines.push({
      key: `base${k}`,
      points: [{ t: 0, v: g.v }],
      color: many ? flowStyle(g.flows[0]!).color : 'fg',
      dash: BASE_DASH,
      widthScale: 1,
      endT: trace.stopS,
    });
    const whose = g.flows.map((f) => `${flowStyle(f).symbol} ${f + 1}`).join(', ');
    parts.push(many ? `${whose} ${fmtDelay(g.v)}` : fmtDelay(g.v));
  });
  // One legend entry: the values, each line in its flows' colour when they differ.
  const legend: LegendItem[] = lines.length
    ? [
        {
          key: 'base',
          label: `${what}, empty queues: ${parts.join(' · ')}`,
          swatch: { type: 'line', color: 'fg', dash: BASE_DASH },
        },
      ]
    : [];
  return { lines, legend, values: [...groups.values()].map((g) => g.v) };
}

/** The RTT-under-load plot of the shown TCP flows, or null when none has RTT samples. */
export function rttLoadSpec(trace: Trace, flowsKey: string): TimePlotSpec | null {
  const flows = rateFlows(trace, flowsKey);
  if (flows.length === 0) return null;
  const models = flows.map((f) => rttModel(trace, f));
  const lines: LineSpec[] = [];
  const legend: LegendItem[] = [];
  let top = 0;
  const marks = new MarkBuilder();
  for (const m of models) {
    const st = flowStyle(m.flow);
    const s = m.samples;
    const points = new Array<{ t: number; v: number }>(s.n);
    for (let i = 0; i < s.n; i++) points[i] = { t: s.t[i]!, v: s.y[i]! };
    if (m.max > top) top = m.max;
    lines.push({
      key: `rtt${m.flow}`,
      points,
      color: st.color,
      dash: st.dash,
      widthScale: 1,
      endT: trace.stopS,
    });
    legend.push({
      key: `rtt${m.flow}`,
      label: `${flowLabel(trace, m.flow)} RTT`,
      swatch: { type: 'line', color: st.color, dash: st.dash },
    });
  }
  const base = baseLines(trace, flows, (f) => baseRtt(trace, f), 'base RTT');
  for (const l of base.lines) lines.push(l);
  for (const l of base.legend) legend.push(l);
  for (const v of base.values) if (v > top) top = v;
  const series = models.map((m) => ({
    flow: m.flow,
    points: lines.find((l) => l.key === `rtt${m.flow}`)!.points,
  }));
  const describeTime = (t: number): TooltipEntry | null => {
    if (t < 0 || t > trace.stopS) return null;
    const out: string[] = [];
    for (const s of series) {
      const v = columnValueAt(columnsOf(s.points), t);
      if (v === null) continue;
      const b = baseRtt(trace, s.flow);
      const q = Number.isFinite(b) ? ` (queued ≈ ${fmtDelay(Math.max(0, v - b))})` : '';
      out.push(`${flowStyle(s.flow).symbol} ${flowLabel(trace, s.flow)}: RTT ${fmtDelay(v)}${q}`);
    }
    if (out.length === 0) out.push('no RTT sample yet');
    return { title: `RTT under load at ${fmtTime(t)}`, lines: out };
  };
  const last = models.map((m) => {
    const n = m.samples.n;
    return n ? `${flowLabel(trace, m.flow)} last ${fmtDelay(m.samples.y[n - 1]!)}` : '';
  });
  return {
    xLabel: 'time (s)',
    yLabel: 'RTT (ms)',
    yLabelShort: 'ms',
    yDomain: [0, top * 1.08 || 0.001],
    yTickFormat: (v) => String(Number((v * 1e3).toPrecision(3))),
    layer: { marks: marks.build() },
    lines,
    bands: [],
    legend,
    title: 'RTT under load (each ACK’s sample); dashed, the base RTT with empty queues',
    ariaLabel:
      `RTT under load of ${flows.length} TCP flow${flows.length === 1 ? '' : 's'}: ${last.filter(Boolean).join('; ')}` +
      (base.values.length ? `; base RTT ${base.values.map(fmtDelay).join(', ')}` : '') +
      '.',
    describe: () => [],
    describeTime,
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    hoverRef: () => null,
  };
}
