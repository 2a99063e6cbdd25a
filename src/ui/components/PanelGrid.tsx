import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { varAfter, type Trace } from '../../engine';
import {
  CwndPlot,
  DelayPlot,
  DeliveryPlot,
  deliveryModel,
  hasDeliveries,
  MetricsPanel,
  panelPrepSteps,
  QueueView,
  RouterPlot,
  TimeSeqPlot,
  TputPlot,
  type PanelProps,
  type PlotOptions,
} from '../deps/panels';
import { focusFlow, PER_FLOW_PLOTS } from '../model/flows';
import { routerCounts, routerSummaryText } from '../model/routerSummary';
import { ALL_PANELS, mainTrace, useApp, type CwndUnitsName, type PanelId } from '../store';
import type { RunResult } from '../worker/protocol';
import { PANEL_TITLES } from './panelTitles';
import { PanelBoundary } from './ErrorBoundary';
import { FlowPicker } from './FlowPicker';
import { FlowSelect } from './FlowSelect';
import { delayHeadline } from '../model/trafficSummary';
import { useVisibleFlows } from '../hooks/useVisibleFlows';
import { SweepPanel } from './sweep/SweepPanel';
import { nextTask } from '../perf/schedule';
import { PERF_STAGE, perfMark } from '../perf/marks';

type SlotProps = PanelProps & PlotOptions;

/**
 * A trace with at least this many events mounts its panels one per task (router first), each
 * after its models were computed in tasks of their own, so no single task computes and draws
 * them all; a classroom run mounts them at once.
 */
export const STAGED_EVENTS = 20_000;

/** The panels drawn from the run on screen, in grid order (the sweep panel sits above them). */
type PlotId = Exclude<PanelId, 'log' | 'sweep'>;
const PLOTS: readonly PlotId[] = [
  'router',
  'cwnd',
  'timeseq',
  'queue',
  'tput',
  'delay',
  'streams',
  'metrics',
];

/**
 * The panels of the lower slot, one at a time (a tab strip chooses): the router plot above and
 * the explanation log beside keep their place, so the page fits the window without scrolling.
 * The choice is the `panels` key's: choosing one leaves the others out of it.
 */
export const LOWER_PANELS: readonly PlotId[] = [
  'cwnd',
  'timeseq',
  'queue',
  'tput',
  'delay',
  'streams',
  'metrics',
];

/** The panels with `id` in the lower slot (the router plot, the log and the sweep kept as they are). */
export function withLowerPanel(panels: readonly PanelId[], id: PlotId | null): PanelId[] {
  return ALL_PANELS.filter(
    (p) => p === id || (panels.includes(p) && !(LOWER_PANELS as readonly PanelId[]).includes(p)),
  );
}

/** The lower slot's panel: the first of LOWER_PANELS in `panels`, or none. */
export function lowerPanelOf(panels: readonly PanelId[]): PlotId | null {
  return LOWER_PANELS.find((p) => panels.includes(p)) ?? null;
}

/**
 * The tab strip choosing the lower slot's panel: a tablist with a roving tabindex (Tab reaches
 * the chosen tab; Left / Right, Home / End move between tabs and show the panel at once).
 */
function LowerTabs({ shown }: { shown: PlotId | null }) {
  const choose = (id: PlotId) => {
    const a = useApp.getState();
    a.setPanels(withLowerPanel(a.panels, id));
  };
  const focusable = shown ?? LOWER_PANELS[0];
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: React.KeyboardEvent<HTMLButtonElement>, k: number) => {
    const n = LOWER_PANELS.length;
    const to =
      e.key === 'ArrowRight'
        ? (k + 1) % n
        : e.key === 'ArrowLeft'
          ? (k - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    e.stopPropagation();
    choose(LOWER_PANELS[to]!);
    // The strip stays mounted: the chosen tab takes the focus now (roving tabindex).
    ref.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div
      ref={ref}
      className="panel-tabs"
      role="tablist"
      aria-label="Lower panel"
      data-testid="panel-tabs"
    >
      {LOWER_PANELS.map((id, k) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={shown === id}
          tabIndex={id === focusable ? 0 : -1}
          data-testid={`panel-tab-${id}`}
          onClick={() => choose(id)}
          onKeyDown={(e) => onKeyDown(e, k)}
        >
          {PANEL_TITLES[id]}
        </button>
      ))}
    </div>
  );
}

/** Milliseconds of model work per task while a long run's panels are prepared. */
const PREP_SLICE_MS = 30;

/**
 * How many of the `shown` panels may be mounted for `trace` yet: a schedule of steps (each
 * panel's model steps, then its mount), one step per task; a model step that is not done
 * after PREP_SLICE_MS goes on in the next task.
 */
function useStagedCount(
  trace: Trace | null,
  shown: readonly PlotId[],
  modulus: number,
  units: CwndUnitsName,
  seqFlows: number[] | undefined,
): number {
  const staged = (trace?.packets.length ?? 0) >= STAGED_EVENTS;
  const key = shown.join(',');
  const seqKey = seqFlows?.join(',') ?? '*';
  const steps = useMemo(() => {
    if (!trace || !staged) return [];
    const out: { id: PlotId; run?: (budgetMs: number) => boolean }[] = [];
    const flows = seqKey === '*' ? undefined : seqKey.split(',').map(Number);
    for (const id of key.split(',').filter(Boolean) as PlotId[]) {
      const opts = { modulus, units, flows: id === 'timeseq' ? flows : undefined };
      for (const run of panelPrepSteps(id, trace, opts)) out.push({ id, run });
      out.push({ id }); // mount
    }
    return out;
  }, [trace, staged, key, modulus, units, seqKey]);
  const [state, setState] = useState<{ trace: Trace | null; step: number }>({
    trace: null,
    step: 0,
  });
  const step = state.trace === trace ? state.step : 0;
  useEffect(() => {
    if (!staged || step >= steps.length) return;
    let cancel = () => {};
    const go = () => {
      const s = steps[step];
      perfMark(PERF_STAGE, `${s?.id}:${s?.run ? 'prep' : 'mount'}`);
      const run = s?.run;
      // A model step not done within its slice goes on in the next task.
      if (run && !run(PREP_SLICE_MS)) cancel = nextTask(go);
      else setState({ trace, step: step + 1 });
    };
    cancel = nextTask(go);
    return () => cancel();
  }, [staged, trace, step, steps]);
  if (!staged) return shown.length;
  let mounted = 0;
  for (let k = 0; k < Math.min(step, steps.length); k++) if (!steps[k]!.run) mounted++;
  return mounted;
}

const fmtPct = (v: number) => `${v.toFixed(1)} %`;

function summaryOf(
  id: PanelId,
  result: RunResult,
  units: CwndUnitsName,
  routerNode: string | null,
): string {
  const trace = result.trace;
  const m = result.metrics;
  switch (id) {
    case 'router':
      return routerSummaryText(trace, routerNode);
    case 'cwnd': {
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
    case 'timeseq': {
      const st = trace.flowStats[0];
      return st ? `${st.packetsSent} segments sent, ${st.retransmissions} retransmitted` : '';
    }
    case 'tput':
      return m
        ? `${((m.totalUniqueBytes * 8) / m.durationS / 1e6).toFixed(3)} Mb/s on average, ${fmtPct(m.linkUtilPct)} of the bottleneck`
        : '';
    case 'delay':
      return delayHeadline(m);
    case 'streams': {
      if (!hasDeliveries(trace)) return 'no deliveries recorded in this run';
      const lanes = deliveryModel(
        trace,
        trace.flows.map((f) => f.id),
      ).lanes;
      const worst = lanes.reduce((a, l) => (l.gapS > (a?.gapS ?? -1) ? l : a), lanes[0]);
      return `${lanes.length} lane${lanes.length === 1 ? '' : 's'}${worst ? ` · longest gap ${(worst.gapS * 1e3).toFixed(0)} ms (${worst.short})` : ''}`;
    }
    case 'metrics':
      return m
        ? `${m.flows.length} flow${m.flows.length === 1 ? '' : 's'} · Jain ${m.jain === null ? '—' : m.jain.toFixed(3)} · utilisation ${fmtPct(m.linkUtilPct)}`
        : '';
    default:
      return '';
  }
}

/**
 * Height factor of a panel: one plot per flow for up to two flows, else one plot; the metrics
 * panel one table row per flow.
 */
function plotsOf(id: PlotId, flows: number): number {
  if (id === 'metrics') return flows;
  if (id === 'cwnd' && flows > PER_FLOW_PLOTS) return 1.6; // every flow's lines in one plot
  return (id === 'cwnd' || id === 'timeseq') && flows <= PER_FLOW_PLOTS ? flows : 1;
}

/**
 * cwnd in packets or in bytes. SCTP counts cwnd in bytes (RFC 2960 §7.2; the GEO notice quotes
 * bytes); TCP's bytes are packets · MSS. The plot, its axis, tooltips and summary follow.
 */
function UnitsSwitch({ units }: { units: CwndUnitsName }) {
  const set = useApp.getState().setCwndUnits;
  return (
    <span className="units-switch" role="group" aria-label="cwnd units">
      {(['packets', 'bytes'] as const).map((u) => (
        <button
          key={u}
          type="button"
          aria-pressed={units === u}
          onClick={() => set(u)}
          title={`Show cwnd and ssthresh in ${u}`}
        >
          {u}
        </button>
      ))}
    </span>
  );
}

/** The router plot's and the queue view's router choice: one for both, kept in the address. */
const setRouterNode = (node: string) => useApp.getState().setRouterNode(node);

/**
 * A panel slot: title, text summary (and data-* counts for the router plot, of the router it
 * shows), the panel.
 */
const PanelFrame = memo(function PanelFrame(props: {
  id: PlotId;
  result: RunResult;
  panelProps: SlotProps;
  modulus: number;
  /** The router the router plot and the queue view show (the store's routerNode). */
  routerNode: string | null;
  units: CwndUnitsName;
  /** Flows of the time–sequence plot (one, when there are more than PER_FLOW_PLOTS). */
  seqFlows: number[] | undefined;
  /** False while a long run's panels are still being mounted one by one (a placeholder). */
  ready: boolean;
}) {
  const { id, result, units, ready, routerNode } = props;
  const trace = result.trace;
  const summary = useMemo(
    () => (ready ? summaryOf(id, result, units, routerNode) : ''),
    [id, result, units, ready, routerNode],
  );
  const counts = useMemo(
    () => (ready && id === 'router' ? routerCounts(trace, routerNode) : null),
    [id, trace, ready, routerNode],
  );
  return (
    <section
      className={`panel panel-${id}`}
      aria-label={PANEL_TITLES[id]}
      data-testid={`panel-${id}`}
      data-slot={id === 'metrics' ? undefined : id}
      data-arrivals={counts?.arrivals}
      data-departures={counts?.departures}
      data-drops={counts?.drops}
      data-acks={counts?.acks}
      style={{ '--flows': plotsOf(id, trace.flows.length) } as CSSProperties}
    >
      <header>
        <span>{PANEL_TITLES[id]}</span>
        {id === 'cwnd' && <UnitsSwitch units={units} />}
        {id === 'timeseq' && props.seqFlows && (
          <FlowSelect trace={trace} label="Flow shown" all={false} testId="timeseq-flow" />
        )}
        <span className="summary" data-testid={`summary-${id}`}>
          {summary}
        </span>
      </header>
      <div className="panel-body" aria-busy={ready ? undefined : true}>
        {!ready ? null : id === 'router' ? (
          <RouterPlot
            {...props.panelProps}
            modulus={props.modulus}
            router={props.routerNode}
            onRouterChange={setRouterNode}
          />
        ) : id === 'cwnd' ? (
          <CwndPlot {...props.panelProps} units={units} />
        ) : id === 'tput' ? (
          <TputPlot
            {...props.panelProps}
            metrics={result.metrics}
            metricsError={result.metricsError}
          />
        ) : id === 'delay' ? (
          <DelayPlot {...props.panelProps} />
        ) : id === 'streams' ? (
          <DeliveryPlot {...props.panelProps} />
        ) : id === 'metrics' ? (
          <MetricsPanel
            trace={trace}
            metrics={result.metrics}
            metricsError={result.metricsError}
            cursorTime={props.panelProps.cursorTime}
            theme={props.panelProps.theme}
          />
        ) : id === 'timeseq' ? (
          <TimeSeqPlot {...props.panelProps} flows={props.seqFlows} />
        ) : (
          <QueueView
            {...props.panelProps}
            router={props.routerNode}
            onRouterChange={setRouterNode}
          />
        )}
      </div>
    </section>
  );
});

export function PanelGrid() {
  const result = useApp((s) => s.run.results[0] ?? null);
  const trace = useApp(mainTrace);
  const flowFilter = useApp((s) => s.flowFilter);
  const cursor = useApp((s) => s.cursor);
  const hovered = useApp((s) => s.hovered);
  const xDomain = useApp((s) => s.xDomain);
  const theme = useApp((s) => s.theme);
  const panels = useApp((s) => s.panels);
  const modulus = useApp((s) => s.modulus);
  const routerNode = useApp((s) => s.routerNode);
  const units = useApp((s) => s.cwndUnits);
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const a = useApp.getState();
  const lower = lowerPanelOf(panels);
  const shown = PLOTS.filter((p) => (p === 'router' && panels.includes(p)) || p === lower);
  const sweep = panels.includes('sweep');
  // More flows than PER_FLOW_PLOTS: the time–sequence plot shows the filtered flow (or flow 1).
  const seqFlows =
    trace && trace.flows.length > PER_FLOW_PLOTS ? [focusFlow(trace, flowFilter)] : undefined;
  const seqKey = seqFlows?.join(',');
  const seqFlowsStable = useMemo(
    () => (seqKey === undefined ? undefined : seqKey.split(',').map(Number)),
    [seqKey],
  );
  const ready = useStagedCount(trace, shown, modulus, units, seqFlowsStable);
  // The flow list's choice: every panel shows these flows (undefined: all).
  const visible = useVisibleFlows(trace);
  const sweepSlot = sweep && (
    <PanelBoundary name={PANEL_TITLES.sweep} className="panel panel-sweep">
      <SweepPanel />
    </PanelBoundary>
  );
  if (!trace || !result)
    return (
      <div className="panels" aria-busy="true">
        {sweepSlot}
      </div>
    );
  const cursorTime = (trace.packets.time[cursor] as number | undefined) ?? 0;
  const panelProps: SlotProps = {
    flows: visible,
    trace,
    cursor,
    cursorTime,
    highlight: hovered,
    onHover: a.setHovered,
    onSeek: a.seek,
    xDomain,
    onXDomain: a.setXDomain,
    theme,
    // Predict mode: the future stays hidden until the guess is revealed.
    future: concealed ? 'hidden' : 'faded',
  };
  // A slot's place in the mount order (a long run mounts its panels one by one).
  const slot = (p: PlotId) => (
    <PanelBoundary key={p} name={PANEL_TITLES[p]} className={`panel panel-${p}`} resetKey={trace}>
      <PanelFrame
        id={p}
        result={result}
        panelProps={panelProps}
        modulus={modulus}
        routerNode={routerNode}
        units={units}
        seqFlows={seqFlowsStable}
        ready={shown.indexOf(p) < ready}
      />
    </PanelBoundary>
  );
  return (
    <div className="panels" data-testid="panels">
      {sweepSlot}
      {trace.flows.length > 1 && (
        <PanelBoundary name="Flow list" resetKey={trace}>
          <FlowPicker trace={trace} />
        </PanelBoundary>
      )}
      {shown.includes('router') && slot('router')}
      {/* One strip in one place whatever the lower panel: a tab's click keeps its element (and
          the keyboard focus), where a strip keyed by the panel it heads was a new element. */}
      <LowerTabs shown={lower} />
      {lower !== null && shown.includes(lower) && slot(lower)}
    </div>
  );
}
