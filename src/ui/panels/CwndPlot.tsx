/**
 * cwnd (solid) and ssthresh (dashed step) of each flow vs time, from trace.samples; optional
 * flight size / pipe / partial_bytes_acked; background shaded by phase; drop and timeout ticks
 * on a strip at the bottom, at the same x as the router plot's marks.
 */
import { useMemo, useState } from 'react';
import { varAfter, type Trace } from '../../engine';
import { PER_FLOW_PLOTS, type PanelDescriptor } from './descriptor';
import {
  cwndModel,
  cwndOverlaysOf,
  CWND_OVERLAYS,
  cwndTicks,
  rtoModel,
  type CwndModel,
  type CwndUnits,
  type OptionalSeries,
} from './cwnd';
import { RtoTrack } from './CwndRtoTrack';
import { PathRtoTrack } from './PathRtoTrack';
import { pathCwndSpec } from './pathCwnd';
import { isMultiHomed, pathModel } from './paths';
import { cwndOverlaySpec } from './cwndOverlay';
import { describeMark, fmtWindow, type TooltipEntry } from './describe';
import type { LegendItem } from './Legend';
import {
  DROP_MARK_KINDS,
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
import { hasCongestionControl } from './flowClasses';
import { PanelRoot } from './PanelRoot';
import { PROGRESSIVE_EVENTS, useProgressive } from './useProgressive';
import './panels.css';
import './cwnd.css';

/** Up to this many flows get a plot each (with phase shading); more share one plot. */
export const OVERLAY_FLOWS = 2;

export interface CwndPlotProps extends PanelProps, PlotOptions {
  /** Packets (TCP) or bytes (cwndBytes / ssthreshBytes, SCTP). */
  units?: CwndUnits;
  /** Extra series to draw; default: the overlays ticked in the panel's toolbar. */
  show?: OptionalSeries[];
  /** Draw the RTO track under each flow's plot; default: as ticked in the toolbar. */
  rto?: boolean;
}

/**
 * What the toolbar has ticked, kept for the page's lifetime (the panel unmounts when another
 * tab is chosen; coming back shows the same overlays).
 */
let lastTicked: { show: OptionalSeries[]; rto: boolean } = { show: [], rto: false };

const OVERLAY_TITLE: Record<string, string> = {
  flightsize: 'Packets outstanding (sent, not yet cumulatively acknowledged), after each decision',
  pipe: "SACK's pipe: the sender's estimate of packets still in the network (RFC 3517)",
  inflated:
    'The usable window in fast recovery: cwnd + one packet per duplicate ACK (Reno, NewReno)',
  rto: 'The retransmission timeout (RTO) over time, and the moments the timer expired',
};

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

function buildSpec(
  trace: Trace,
  m: CwndModel,
  theme: Theme,
  showTitle: boolean,
  /** Series named by the toolbar's checkboxes instead of the legend. */
  inToolbar: readonly string[] = [],
): TimePlotSpec {
  const c = PALETTE[theme];
  const mt = METRICS[theme];
  const bytes = m.units === 'bytes';
  const unit = bytes ? 'bytes' : 'packets';
  const legend: LegendItem[] = [];
  const order = ['cwnd', 'inflated', 'ssthresh', 'flightsize', 'pipe', 'partialBytesAcked'];
  for (const s of [...m.series].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))) {
    if (inToolbar.includes(s.key)) continue;
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
  for (const k of [...DROP_MARK_KINDS, MarkKind.timeout] as const) {
    if (!kinds.has(k)) continue;
    const s = MARK_STYLES[k];
    legend.push({
      key: `k${k}`,
      label: s.label,
      swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: Math.min(1.6, s.scale) },
      fold: true,
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

/** RTO track colour (as the timeout marks). */
const RTO_LINE = { color: 'retx', dash: '' } as const;

/** The toolbar's checkboxes: the overlays some shown flow has, and the RTO track. */
function OverlayTools(props: {
  offered: OptionalSeries[];
  show: OptionalSeries[];
  rto: boolean;
  theme: Theme;
  onShow: (s: OptionalSeries[]) => void;
  onRto: (on: boolean) => void;
}) {
  const c = PALETTE[props.theme];
  const swatch = (color: string, dash: string) => (
    <svg width={22} height={8} aria-hidden="true" className="ackp-swatch">
      <line
        x1={1}
        x2={21}
        y1={4}
        y2={4}
        stroke={color}
        strokeWidth={2}
        strokeDasharray={dash || undefined}
      />
    </svg>
  );
  return (
    <div
      className="ackp-cwnd-tools"
      role="group"
      aria-label="cwnd overlays"
      data-testid="cwnd-overlays"
    >
      {props.offered.map((k) => {
        const st = SERIES_STYLES[k];
        const on = props.show.includes(k);
        return (
          <label key={k} title={OVERLAY_TITLE[k]}>
            <input
              type="checkbox"
              checked={on}
              data-testid={`cwnd-overlay-${k}`}
              onChange={() =>
                props.onShow(CWND_OVERLAYS.filter((x) => (x === k ? !on : props.show.includes(x))))
              }
            />
            {swatch(c[st.color], st.dash)}
            {st.label}
          </label>
        );
      })}
      <label title={OVERLAY_TITLE.rto}>
        <input
          type="checkbox"
          checked={props.rto}
          data-testid="cwnd-overlay-rto"
          onChange={() => props.onRto(!props.rto)}
        />
        {swatch(c[RTO_LINE.color], RTO_LINE.dash)}
        RTO timer
      </label>
    </div>
  );
}

/** "No congestion window: flow 2 (UDP) sends without congestion control." */
export function windowlessText(trace: Trace, flows: readonly number[]): string {
  const names =
    flows.length <= 4
      ? flows.map((f) => flowLabel(trace, f)).join(', ')
      : `${flows.length} UDP flows`;
  return `No congestion window: ${names} ${flows.length === 1 ? 'sends' : 'send'} without congestion control (UDP: no cwnd, no decisions).`;
}

export function CwndPlot(props: CwndPlotProps) {
  const { trace, theme } = props;
  const units = props.units ?? 'packets';
  const [ticked, setTicked] = useState(lastTicked);
  const tick = (next: typeof ticked) => {
    lastTicked = next;
    setTicked(next);
  };
  const controlled = props.show !== undefined;
  const showKey = (props.show ?? ticked.show).join(',');
  const withRto = props.rto ?? ticked.rto;
  const flowsKey = props.flows?.join(',') ?? '*';
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  // UDP flows have no congestion window: they are named in a note instead of drawn empty.
  const [flows, windowless] = useMemo(() => {
    const shown = shownFlows(
      trace,
      flowsKey === '*' ? undefined : flowsKey.split(',').filter(Boolean).map(Number),
    );
    const info = (f: number) => trace.flows.find((x) => x.id === f);
    return [
      shown.filter((f) => hasCongestionControl(info(f))),
      shown.filter((f) => info(f) !== undefined && !hasCongestionControl(info(f))),
    ];
  }, [trace, flowsKey]);
  const overlaid = flows.length > OVERLAY_FLOWS;
  // The overlays some shown flow has (pipe only with a SACK sender, inflation with Reno's).
  const offered = useMemo(() => {
    const has = new Set(flows.flatMap((f) => cwndOverlaysOf(trace, f)));
    return CWND_OVERLAYS.filter((s) => has.has(s));
  }, [trace, flows]);
  const specs = useMemo(() => {
    const show = showKey.split(',').filter(Boolean) as OptionalSeries[];
    // More than two flows: one plot with a line pair per flow (OVERLAY_FLOWS).
    if (overlaid) {
      const models = flows.map((f) => cwndModel(trace, f, { units }));
      return [{ flow: -1, spec: cwndOverlaySpec(trace, models, theme), rto: null, paths: null }];
    }
    return flows.map((f) => {
      // A multi-homed SCTP association: one cwnd line per path and the RTO of each path
      // (Trace.pathEvents); single-homed flows draw as before.
      if (isMultiHomed(trace, f))
        return {
          flow: f,
          spec: pathCwndSpec(trace, f, units, theme, cwndTicks(trace, f)),
          rto: null,
          paths: pathModel(trace, f),
        };
      const own = cwndOverlaysOf(trace, f);
      return {
        flow: f,
        spec: buildSpec(
          trace,
          cwndModel(trace, f, { units, show: show.filter((s) => own.includes(s)) }),
          theme,
          true,
          controlled ? [] : CWND_OVERLAYS,
        ),
        rto: withRto ? rtoModel(trace, f) : null,
        paths: null,
      };
    });
  }, [trace, flows, overlaid, units, showKey, withRto, theme, controlled]);
  // A long run draws one flow's plot per task.
  const drawn = useProgressive(specs.length, trace.packets.length >= PROGRESSIVE_EVENTS, specs);
  const xDomain = props.xDomain ?? full;
  const note = windowless.length > 0 && (
    <p className="ackp-empty" role="note" data-testid="cwnd-windowless">
      {windowlessText(trace, windowless)}
    </p>
  );
  if (flows.length === 0)
    return (
      <PanelRoot theme={theme}>
        {note || (
          <p className="ackp-empty" role="status">
            Every flow is hidden: show some in the flow list.
          </p>
        )}
      </PanelRoot>
    );
  return (
    <PanelRoot
      theme={theme}
      className={`ackp-cwnd${specs.length > 1 ? ' ackp-cwnd-stack' : ''}${overlaid ? ' ackp-cwnd-overlay' : ''}`}
      fit={`${flows.join(',')}|${showKey}|${withRto}|${units}|${windowless.length}`}
    >
      {note}
      {!controlled && !overlaid && specs.some((x) => !x.paths) && (
        <OverlayTools
          offered={offered}
          show={ticked.show}
          rto={ticked.rto}
          theme={theme}
          onShow={(show) => tick({ ...ticked, show })}
          onRto={(rto) => tick({ ...ticked, rto })}
        />
      )}
      {specs.map(({ flow, spec, rto, paths }, k) => (
        <div
          key={flow}
          className="ackp-cwnd-flow"
          data-flow={flow}
          data-paths={paths ? paths.paths.length : undefined}
        >
          <TimePlot {...props} spec={spec} xDomain={xDomain} panel="cwnd" deferDraw={k >= drawn} />
          {rto && (
            <RtoTrack
              trace={trace}
              model={rto}
              theme={theme}
              xDomain={xDomain}
              cursorTime={props.cursorTime}
              onSeek={props.onSeek}
              future={props.future}
            />
          )}
          {paths && (
            <PathRtoTrack
              trace={trace}
              model={paths}
              theme={theme}
              xDomain={xDomain}
              cursorTime={props.cursorTime}
              onSeek={props.onSeek}
              future={props.future}
            />
          )}
        </div>
      ))}
    </PanelRoot>
  );
}

/** The header's summary: how many cwnd changes, the peak in the units shown. */
function cwndHeadline(trace: Trace, units: CwndUnits): string {
  const s = trace.samples;
  if (units === 'bytes') {
    const peak = s.cwndBytes.reduce((m, x) => Math.max(m, x), 0);
    return `${s.length} cwnd changes, peak ${Math.round(peak)} bytes`;
  }
  let maxCwnd = 0;
  for (let j = 0; j < s.length; j++)
    maxCwnd = Math.max(maxCwnd, varAfter(trace, s.decision[j]!, 'cwnd'));
  return `${s.length} cwnd changes, peak ${maxCwnd.toFixed(1)} packets`;
}

/** The cwnd panel in the app: a lower tab, in the `units` key's units (its header's switch). */
export const cwndPanel = {
  id: 'cwnd',
  title: 'cwnd / ssthresh',
  slot: 'lower',
  exportable: true,
  figure: true,
  unitsSwitch: true,
  // One plot per flow up to PER_FLOW_PLOTS flows, else every flow's lines in one plot.
  heightFactor: (flows) => (flows > PER_FLOW_PLOTS ? 1.6 : flows),
  // Reads the decision and sample columns only: a few tens of ms per flow.
  prepare: (trace, o) =>
    shownFlows(trace).map((f) => () => {
      cwndModel(trace, f, { units: o.units });
      return true;
    }),
  summary: (trace, view) => cwndHeadline(trace, view.units),
  Component: ({ view, ...p }) => <CwndPlot {...p} units={view.units} />,
} as const satisfies PanelDescriptor<'cwnd'>;
