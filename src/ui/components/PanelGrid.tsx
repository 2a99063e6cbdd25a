import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Trace } from '../../engine';
import {
  LOWER_PANELS,
  PANEL_TITLES,
  panelOf,
  PLOT_PANELS,
  type PanelProps,
  type PanelView,
  type PlotId,
  type PlotOptions,
} from '../deps/panels';
import { oneFlowOf } from '../model/flows';
import { ALL_PANELS, mainTrace, useApp, type CwndUnitsName, type PanelId } from '../store';
import type { RunResult } from '../worker/protocol';
import { PanelBoundary } from './ErrorBoundary';
import { FlowPicker } from './FlowPicker';
import { FlowSelect } from './FlowSelect';
import { useVisibleFlows } from '../hooks/useVisibleFlows';
import { SweepPanel } from './sweep/SweepPanel';
import { nextTask } from '../perf/schedule';
import { PERF_STAGE, perfMark } from '../perf/marks';
import { useShownXDomain } from '../hooks/useShownXDomain';

type SlotProps = PanelProps & PlotOptions;

/**
 * A trace with at least this many events mounts its panels one per task (router first), each
 * after its models were computed in tasks of their own, so no single task computes and draws
 * them all; a classroom run mounts them at once.
 */
export const STAGED_EVENTS = 20_000;

/**
 * The panels with `id` in the lower slot (the router plot, the log and the sweep kept as they
 * are): the lower slot's choice is the `panels` key's, choosing one leaves the others out of it.
 */
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
  oneFlow: number[] | undefined,
): number {
  const staged = (trace?.packets.length ?? 0) >= STAGED_EVENTS;
  const key = shown.join(',');
  const steps = useMemo(() => {
    if (!trace || !staged) return [];
    const out: { id: PlotId; run?: (budgetMs: number) => boolean }[] = [];
    for (const id of key.split(',').filter(Boolean) as PlotId[]) {
      const prepare = panelOf(id).prepare;
      if (prepare)
        for (const run of prepare(trace, { modulus, units, oneFlow })) out.push({ id, run });
      out.push({ id }); // mount
    }
    return out;
  }, [trace, staged, key, modulus, units, oneFlow]);
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
 * A panel slot: title, the header's controls and text summary (and the data-* attributes its
 * descriptor gives: the router plot's counts), the panel.
 */
const PanelFrame = memo(function PanelFrame(props: {
  id: PlotId;
  result: RunResult;
  panelProps: SlotProps;
  modulus: number;
  /** The router the router plot and the queue view show (the store's routerNode). */
  routerNode: string | null;
  units: CwndUnitsName;
  /** The one flow a one-flow-of-many panel shows (when there are more than PER_FLOW_PLOTS). */
  oneFlow: number[] | undefined;
  /** False while a long run's panels are still being mounted one by one (a placeholder). */
  ready: boolean;
}) {
  const { id, result, units, ready, routerNode, modulus, oneFlow } = props;
  const d = panelOf(id);
  const trace = result.trace;
  const view = useMemo<PanelView>(
    () => ({
      metrics: result.metrics,
      metricsError: result.metricsError,
      modulus,
      routerNode,
      onRouterChange: setRouterNode,
      units,
      oneFlow,
    }),
    [result, modulus, routerNode, units, oneFlow],
  );
  const summary = useMemo(
    () => (ready && d.summary ? d.summary(trace, view) : ''),
    [d, trace, view, ready],
  );
  const data = useMemo(
    () =>
      ready && d.dataset
        ? Object.fromEntries(
            Object.entries(d.dataset(trace, view)).map(([k, v]) => [`data-${k}`, v]),
          )
        : null,
    [d, trace, view, ready],
  );
  const Panel = d.Component;
  return (
    <section
      className={`panel panel-${id}`}
      aria-label={d.title}
      data-testid={`panel-${id}`}
      data-slot={d.figure ? id : undefined}
      {...data}
      style={{ '--flows': d.heightFactor?.(trace.flows.length) ?? 1 } as CSSProperties}
    >
      <header>
        <span>{d.title}</span>
        {d.unitsSwitch && <UnitsSwitch units={units} />}
        {d.oneFlowOfMany && oneFlow && (
          <FlowSelect trace={trace} label="Flow shown" all={false} testId={`${id}-flow`} />
        )}
        <span className="summary" data-testid={`summary-${id}`}>
          {summary}
        </span>
      </header>
      <div className="panel-body" aria-busy={ready ? undefined : true}>
        {ready && Panel ? <Panel {...props.panelProps} view={view} /> : null}
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
  const xDomain = useShownXDomain(
    trace,
    useApp((s) => s.xDomain),
  );
  const theme = useApp((s) => s.theme);
  const panels = useApp((s) => s.panels);
  const modulus = useApp((s) => s.modulus);
  const routerNode = useApp((s) => s.routerNode);
  const units = useApp((s) => s.cwndUnits);
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const a = useApp.getState();
  const lower = lowerPanelOf(panels);
  // The top slot's panels the address names, then the lower slot's (one of them).
  const shown = PLOT_PANELS.filter(
    (d) => (d.slot === 'top' && panels.includes(d.id)) || d.id === lower,
  ).map((d) => d.id);
  const sweep = panels.includes('sweep');
  // More flows than PER_FLOW_PLOTS: a one-flow-of-many panel shows the filtered flow (or flow 1).
  const oneFlowKey = trace ? oneFlowOf(trace, flowFilter)?.join(',') : undefined;
  const oneFlow = useMemo(
    () => (oneFlowKey === undefined ? undefined : oneFlowKey.split(',').map(Number)),
    [oneFlowKey],
  );
  const ready = useStagedCount(trace, shown, modulus, units, oneFlow);
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
        oneFlow={oneFlow}
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
      {shown.filter((p) => panelOf(p).slot === 'top').map(slot)}
      {/* One strip in one place whatever the lower panel: a tab's click keeps its element (and
          the keyboard focus), where a strip keyed by the panel it heads was a new element. */}
      <LowerTabs shown={lower} />
      {lower !== null && shown.includes(lower) && slot(lower)}
    </div>
  );
}
