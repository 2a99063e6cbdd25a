import { memo, useMemo, type ComponentType, type CSSProperties } from 'react';
import { varAfter, type Trace } from '../../engine';
import {
  CwndPlot,
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
      for (let j = 0; j < s.length; j++) maxCwnd = Math.max(maxCwnd, varAfter(trace, s.decision[j]!, 'cwnd'));
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
}) {
  const { id, trace, units } = props;
  const summary = useMemo(() => summaryOf(id, trace, units), [id, trace, units]);
  const counts = useMemo(() => (id === 'router' ? routerCounts(trace) : null), [id, trace]);
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
      <div className="panel-body">
        {id === 'router' ? (
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
      {(['router', 'cwnd', 'timeseq', 'queue'] as const)
        .filter((p) => panels.includes(p))
        .map((p) => (
          <PanelFrame
            key={p}
            id={p}
            trace={trace}
            panelProps={panelProps}
            modulus={modulus}
            units={units}
          />
        ))}
    </div>
  );
}
