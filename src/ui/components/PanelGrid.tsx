import { memo, useEffect, useMemo, useState, type ComponentType, type CSSProperties } from 'react';
import { varAfter, type Trace } from '../../engine';
import {
  CwndPlot,
  panelPrepSteps,
  QueueView,
  RouterPlot,
  TimeSeqPlot,
  type PanelProps,
  type PlotOptions,
} from '../deps/panels';

type SlotProps = PanelProps & PlotOptions;
import { routerCounts, routerSummaryText } from '../model/routerSummary';
import { mainTrace, useApp, type CwndUnitsName, type PanelId } from '../store';
import { PANEL_TITLES } from './Sidebar';
import { PanelBoundary } from './ErrorBoundary';
import { nextTask } from '../perf/schedule';
import { PERF_STAGE, perfMark } from '../perf/marks';

/**
 * A trace with at least this many events mounts its panels one per task (router first), each
 * after its models were computed in tasks of their own, so no single task computes and draws
 * them all; a classroom run mounts them at once.
 */
export const STAGED_EVENTS = 20_000;

type PlotId = Exclude<PanelId, 'log'>;

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
): number {
  const staged = (trace?.packets.length ?? 0) >= STAGED_EVENTS;
  const key = shown.join(',');
  const steps = useMemo(() => {
    if (!trace || !staged) return [];
    const out: { id: PlotId; run?: (budgetMs: number) => boolean }[] = [];
    for (const id of key.split(',').filter(Boolean) as PlotId[]) {
      for (const run of panelPrepSteps(id, trace, { modulus, units })) out.push({ id, run });
      out.push({ id }); // mount
    }
    return out;
  }, [trace, staged, key, modulus, units]);
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

const COMPONENTS: Record<Exclude<PanelId, 'log' | 'router' | 'cwnd'>, ComponentType<SlotProps>> = {
  timeseq: TimeSeqPlot,
  queue: QueueView,
};

function summaryOf(id: PanelId, trace: Trace, units: CwndUnitsName): string {
  switch (id) {
    case 'router':
      return routerSummaryText(trace);
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
    default:
      return '';
  }
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

/** A panel slot: title, text summary (and data-* counts for the router plot), the panel. */
const PanelFrame = memo(function PanelFrame(props: {
  id: Exclude<PanelId, 'log'>;
  trace: Trace;
  panelProps: SlotProps;
  modulus: number;
  units: CwndUnitsName;
  /** False while a long run's panels are still being mounted one by one (a placeholder). */
  ready: boolean;
}) {
  const { id, trace, units, ready } = props;
  const summary = useMemo(
    () => (ready ? summaryOf(id, trace, units) : ''),
    [id, trace, units, ready],
  );
  const counts = useMemo(
    () => (ready && id === 'router' ? routerCounts(trace) : null),
    [id, trace, ready],
  );
  return (
    <section
      className={`panel panel-${id}`}
      aria-label={PANEL_TITLES[id]}
      data-testid={`panel-${id}`}
      data-slot={id}
      data-arrivals={counts?.arrivals}
      data-departures={counts?.departures}
      data-drops={counts?.drops}
      data-acks={counts?.acks}
      style={{ '--flows': trace.flows.length } as CSSProperties}
    >
      <header>
        <span>{PANEL_TITLES[id]}</span>
        {id === 'cwnd' && <UnitsSwitch units={units} />}
        <span className="summary" data-testid={`summary-${id}`}>
          {summary}
        </span>
      </header>
      <div className="panel-body" aria-busy={ready ? undefined : true}>
        {!ready ? null : id === 'router' ? (
          <RouterPlot {...props.panelProps} modulus={props.modulus} />
        ) : id === 'cwnd' ? (
          <CwndPlot {...props.panelProps} units={units} />
        ) : (
          (() => {
            const Comp = COMPONENTS[id];
            return <Comp {...props.panelProps} />;
          })()
        )}
      </div>
    </section>
  );
});

export function PanelGrid() {
  const trace = useApp(mainTrace);
  const cursor = useApp((s) => s.cursor);
  const hovered = useApp((s) => s.hovered);
  const xDomain = useApp((s) => s.xDomain);
  const theme = useApp((s) => s.theme);
  const panels = useApp((s) => s.panels);
  const modulus = useApp((s) => s.modulus);
  const units = useApp((s) => s.cwndUnits);
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const a = useApp.getState();
  const shown = (['router', 'cwnd', 'timeseq', 'queue'] as const).filter((p) => panels.includes(p));
  const ready = useStagedCount(trace, shown, modulus, units);
  if (!trace) return <div className="panels" aria-busy="true" />;
  const cursorTime = (trace.packets.time[cursor] as number | undefined) ?? 0;
  const panelProps: SlotProps = {
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
  return (
    <div className="panels" data-testid="panels">
      {shown.map((p, k) => (
        <PanelBoundary
          key={p}
          name={PANEL_TITLES[p]}
          className={`panel panel-${p}`}
          resetKey={trace}
        >
          <PanelFrame
            id={p}
            trace={trace}
            panelProps={panelProps}
            modulus={modulus}
            units={units}
            ready={k < ready}
          />
        </PanelBoundary>
      ))}
    </div>
  );
}
