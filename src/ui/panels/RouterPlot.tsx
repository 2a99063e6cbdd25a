/**
 * Router plot (Fall & Floyd 1996; Caro et al.): x = time, y = packet number mod M at the
 * router. ■ arrival, □ departure on the bottleneck (the horizontal gap is the queueing delay),
 * × / ✱ / ◇ drops (scripted / queue overflow / random), ○ ACK at y = cumulative ACK,
 * retransmissions ringed with "R".
 */
import { useMemo } from 'react';
import { DropCause, type Trace } from '../../engine';
import { describeMark } from './describe';
import { classesByDefault, classLabel, classOfFlow, classStyle, shownClasses } from './flowClasses';
import type { LegendItem } from './Legend';
import { flowColor } from './draw/density';
import {
  DROP_MARK_KINDS,
  flowStyle,
  MARK_STYLES,
  MarkKind,
  RETX_RING,
  type ColorKey,
  type MarkKind as MK,
} from './palette';
import { prepareRouterMarks, routerMarks, type RouterMarks } from './router';
import { routerCounts, routerSummaryText } from './routerCounts';
import type { PanelDescriptor } from './descriptor';
import { pathLegend } from './pathLegend';
import { RouterChoiceButtons, useRouterChoice, type RouterChoiceProps } from './RouterChoices';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import {
  eventAtOrBefore,
  flowLabel,
  fmtTime,
  fullTimeDomain,
  linkLabel,
  shownFlows,
} from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import { PanelRoot } from './PanelRoot';
import './panels.css';

export interface RouterPlotProps extends PanelProps, PlotOptions, RouterChoiceProps {
  /** y = packet number mod this (Caro et al. 50, ns-2 suites 90). */
  modulus?: number;
  /**
   * Colour (and arrival glyph) by class — application kind / protocol — instead of by flow;
   * default when there are more than CLASS_COLOURS_ABOVE flows (flow colours would repeat).
   */
  byClass?: boolean;
}

/**
 * One legend entry per class of the shown flows (many flows): its packets' colour and its
 * arrivals' glyph, with how many flows it has.
 */
export function classLegend(
  trace: Trace,
  flows: number[],
  present?: ReadonlySet<number>,
): LegendItem[] {
  return shownClasses(trace, flows).map((c) => {
    const st = classStyle(c.index);
    return {
      key: `class${c.index}`,
      label: `${classLabel(c)}: ${present && !present.has(c.index) ? 'no data packet at this router' : `arrival ${st.symbol}`}`,
      swatch: { type: 'glyph', glyph: st.glyph, color: st.color, scale: 1.3 },
    };
  });
}

function yTicksFor(M: number): number[] {
  const step = M <= 20 ? 5 : M <= 60 ? 10 : M <= 120 ? 20 : 50;
  const out: number[] = [];
  for (let v = 0; v < M; v += step) out.push(v);
  return out;
}

const legendGlyph = (kind: MK, count?: number, color?: ColorKey): LegendItem => {
  const s = MARK_STYLES[kind];
  return {
    key: `k${kind}`,
    label: s.label,
    swatch: {
      type: 'glyph',
      glyph: s.glyph,
      color: color ?? s.color,
      scale: Math.min(s.scale, 1.6),
    },
    count,
  };
};

/**
 * One legend entry per flow (several flows): its arrivals drawn with its own glyph in its
 * colour (● flow 1, ■ flow 2, ▲ flow 3 …); its departures and ACKs take the colour too.
 */
export function flowLegend(trace: Trace, flows: number[]): LegendItem[] {
  return flows.map((f) => {
    const st = flowStyle(f);
    return {
      key: `flow${f}`,
      label: `${flowLabel(trace, f)}: arrival ${st.symbol}`,
      swatch: { type: 'glyph', glyph: st.glyph, color: st.color, scale: 1.3 },
    };
  });
}

/** The router's loss-signal marks in legend order: the drops by cause, then ECN's CE marks. */
const LOSS_KINDS = [...DROP_MARK_KINDS, MarkKind.ceMark] as const;
const DROP_KINDS = new Set<MK>(LOSS_KINDS);

/** Legend of the aggregated plot by class: one colour per class (stacked), then the drops. */
function classAggregateLegend(
  trace: Trace,
  flows: number[],
  count: (k: MK) => number,
  present: ReadonlySet<number>,
): LegendItem[] {
  const classes = shownClasses(trace, flows);
  const items: LegendItem[] = classes.map((c, k) => ({
    key: `class${c.index}`,
    label:
      `${classLabel(c)}: ${present.has(c.index) ? 'departures' : 'no departure on this link'}` +
      (classes.length === 2
        ? k === 0
          ? ' (up)'
          : ' (down)'
        : k === 0 && classes.length > 2
          ? ' (bottom of the stack)'
          : ''),
    swatch: {
      type: 'glyph',
      glyph: classStyle(c.index).glyph,
      color: classStyle(c.index).color,
      scale: 1.6,
    },
  }));
  for (const k of LOSS_KINDS) {
    const n = count(k);
    if (n > 0) items.push(legendGlyph(k, n));
  }
  return items;
}

/** Legend of the aggregated plot: one colour per flow (up / down), then the drops. */
function aggregateLegend(trace: Trace, flows: number[], count: (k: MK) => number): LegendItem[] {
  const two = flows.length === 2;
  const stackedFlows = flows.length > 2;
  const items: LegendItem[] = flows.map((f, k) => ({
    key: `flow${f}`,
    label:
      `${flowLabel(trace, f)}: departures` +
      (two
        ? k === 0
          ? ' (up)'
          : ' (down)'
        : stackedFlows && k === 0
          ? ' (bottom of the stack)'
          : ''),
    swatch: { type: 'glyph', glyph: flowStyle(f).glyph, color: flowColor(f), scale: 1.6 },
  }));
  for (const k of LOSS_KINDS) {
    const n = count(k);
    if (n > 0) items.push(legendGlyph(k, n));
  }
  return items;
}

/** Text summary for screen readers. */
export function routerSummary(
  trace: Trace,
  r: RouterMarks,
  at: { router: number; bottleneck: number } = trace,
): string {
  const P = trace.packets;
  const router = trace.nodes[at.router];
  const link = trace.links[at.bottleneck];
  const causes = { scripted: 0, overflow: 0, random: 0, AQM: 0 };
  for (const i of r.drops) {
    const c = P.cause[i];
    if (c === DropCause.scripted) causes.scripted++;
    else if (c === DropCause.overflow) causes.overflow++;
    else if (c === DropCause.random) causes.random++;
    else if (c === DropCause.aqm) causes.AQM++;
  }
  const dropParts = Object.entries(causes)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  const t0 = r.marks.n ? fmtTime(r.marks.t[0]!) : '–';
  const t1 = r.marks.n ? fmtTime(r.marks.t[r.marks.n - 1]!) : '–';
  return (
    `Router plot of ${router}, ${at.bottleneck === trace.bottleneck ? 'bottleneck' : 'link'} ${linkLabel(trace, at.bottleneck)}` +
    (link ? ` (queue limit ${link.queueLimit})` : '') +
    `: ${r.arrivals.length} data arrivals, ${r.departures.length} departures, ` +
    `${r.drops.length} drops${dropParts.length ? ` (${dropParts.join(', ')})` : ''}, ` +
    (r.ceMarks.length > 0 ? `${r.ceMarks.length} ECN CE marks, ` : '') +
    `${r.acks.length} ACKs, ${r.retransmissions.length} retransmissions, from ${t0} to ${t1}. ` +
    `y is the packet number modulo ${r.modulus}.`
  );
}

export function RouterPlot(props: RouterPlotProps) {
  const { trace, theme } = props;
  const modulus = props.modulus ?? 50;
  const flowsKey = props.flows?.join(',') ?? '*';
  // Multi-homed paths through different first routers: the plot shows one router, chosen here.
  const choice = useRouterChoice(trace, props);
  const { at } = choice;
  const rm = useMemo(
    () =>
      routerMarks(trace, {
        modulus,
        flows: flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
        router: at.router,
        bottleneck: at.bottleneck,
      }),
    [trace, modulus, flowsKey, at],
  );
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const flows = useMemo(
    () =>
      shownFlows(
        trace,
        flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
      ),
    [trace, flowsKey],
  );

  const byClass = props.byClass ?? classesByDefault(trace);
  const spec = useMemo<TimePlotSpec>(() => {
    const group = byClass ? classOfFlow(trace) : undefined;
    // By class: the marks keep their flow (hover, tooltips) and take their class's style.
    const m = group ? { ...rm.marks, styleOf: group } : rm.marks;
    const classes = byClass ? shownClasses(trace, flows) : [];
    // Classes with data arriving at the router / leaving on the bottleneck (a class sending the
    // other way has none: the legend says so rather than naming a colour that is never drawn).
    const present = new Set<number>();
    const departing = new Set<number>();
    if (group) {
      const uid = trace.packets.uid;
      const flowOf = trace.transmissions.flow;
      for (const e of rm.arrivals) present.add(group[flowOf[uid[e]!]!] ?? -1);
      for (const e of rm.departures) departing.add(group[flowOf[uid[e]!]!] ?? -1);
    }
    const counts = new Uint32Array(256);
    for (let i = 0; i < m.n; i++) counts[m.kind[i]!]!++;
    const count = (k: MK) => counts[k] ?? 0;
    // Several flows: the glyphs say what happened (in the text colour here), the colours whose.
    const multi = flows.length > 1;
    const neutral: ColorKey | undefined = multi ? 'fg' : undefined;
    const legend: LegendItem[] = [
      ...(byClass
        ? classLegend(trace, flows, present)
        : multi
          ? flowLegend(trace, flows)
          : m.path
            ? [] // the paths' entries name the arrivals
            : [legendGlyph(MarkKind.arrival)]),
      // Multi-homed SCTP: each path's glyphs (path 0 keeps ■ □ ○) name arrivals, departures and
      // ACKs.
      ...(m.path
        ? pathLegend(trace, flows, 'router', neutral ?? 'data')
        : [legendGlyph(MarkKind.departure, undefined, neutral)]),
    ];
    legend.push({
      key: 'retx',
      label: 'retransmission',
      swatch: {
        type: 'glyph',
        glyph: MARK_STYLES[MarkKind.departure].glyph,
        color: RETX_RING.color,
        scale: 1,
        ring: true,
      },
      count: rm.retransmissions.length,
    });
    for (const k of LOSS_KINDS) {
      const n = count(k);
      if (n > 0) legend.push(legendGlyph(k, n));
    }
    if (!m.path) legend.push(legendGlyph(MarkKind.ackAtRouter, undefined, neutral));
    return {
      xLabel: 'time (s)',
      yLabel: `packet number mod ${modulus}`,
      yLabelShort: `packet mod ${modulus}`,
      yTicks: yTicksFor(modulus),
      yDomain: [-1.5, modulus + 0.5],
      layer: {
        marks: m,
        ring: (i) => m.kind[i] === MarkKind.departure && m.retx[i] === 1,
        aggregate: {
          // A long run seen whole: departures per bin and flow (the bottleneck's share),
          // drops still one by one.
          mode: 'rate',
          counted: (i) => m.kind[i] === MarkKind.departure,
          distinct: (i) => DROP_KINDS.has(m.kind[i] as MK),
          flows: byClass ? classes.map((c) => c.index) : flows,
          group,
          flowLabel: byClass
            ? (k) => {
                const c = classes.find((x) => x.index === k);
                return c ? classLabel(c) : `class ${k + 1}`;
              }
            : (f) => flowLabel(trace, f),
          countLabel: 'departures',
          // CE marks are drawn with the drops (LOSS_KINDS): say so once the run has any.
          distinctLabel: trace.linkStats.some((l) => (l.marks ?? 0) > 0)
            ? 'drop and CE-mark events'
            : 'drops',
          note: 'packets per bin; zoom in for single packets',
          legend: () =>
            byClass
              ? classAggregateLegend(trace, flows, count, departing)
              : aggregateLegend(trace, flows, count),
        },
      },
      lines: [],
      bands: [],
      legend,
      title: `Router ${trace.nodes[at.router] ?? ''} → ${trace.links[at.bottleneck]?.to ?? ''}`,
      ariaLabel: routerSummary(trace, rm, at),
      describe: (idx) => idx.map((i) => describeMark(trace, m, i)),
      seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    };
  }, [trace, rm, modulus, flows, byClass, at]);

  return (
    <PanelRoot theme={theme} className="ackp-router">
      <RouterChoiceButtons
        state={choice}
        label="Router shown"
        testId="router-choice"
        titleOf={(c) =>
          `Show the packets at ${trace.nodes[c.router]} and on ${linkLabel(trace, c.bottleneck)}`
        }
      />
      <TimePlot {...props} spec={spec} xDomain={props.xDomain ?? full} panel="router" fitXAxis />
    </PanelRoot>
  );
}

/** The router plot in the app: the top slot, its router the `router` key's, y modulo `mod`. */
export const routerPanel = {
  id: 'router',
  title: 'Router plot',
  slot: 'top',
  exportable: true,
  figure: true,
  showsRouter: true,
  prepare: (trace, o) => [(ms) => prepareRouterMarks(trace, { modulus: o.modulus }, ms)],
  summary: (trace, view) => routerSummaryText(trace, view.routerNode),
  // data-arrivals, data-departures, data-drops, data-acks: of the router shown.
  dataset: (trace, view) => ({ ...routerCounts(trace, view.routerNode) }),
  Component: ({ view, ...p }) => (
    <RouterPlot
      {...p}
      modulus={view.modulus}
      router={view.routerNode}
      onRouterChange={view.onRouterChange}
    />
  ),
} as const satisfies PanelDescriptor<'router'>;
