/**
 * The capture view (issue 27), shown in place of the simulator's panels while a capture is
 * open: the file and what it holds, the note that the trace stays in this browser, the flow
 * list, the time–sequence plot of each shown connection (up to two stacked), bytes in flight
 * or RTT of the first under it (tabs), the explanation log beside them, and "replay in the
 * simulator". One cursor (click a mark or a log row; ←/→ step a packet of the first shown
 * connection) and one zoom drive every plot.
 */
import { useDeferredValue, useState, type KeyboardEvent } from 'react';
import { flightSpec, rttSpec, timeSeqSpec } from '../../capture/specs';
import type { ConnectionAnalysis } from '../../deps/capture';
import type { PacketRef } from '../../panels/types';
import { useApp } from '../../store';
import { CaptureFlowList } from './CaptureFlowList';
import { CaptureLog } from './CaptureLog';
import { CapturePicker } from './CaptureOpen';
import { CapturePlot } from './CapturePlot';
import { CaptureReplay } from './CaptureReplay';
import { CaptureReplays, useReplayRuns } from './CaptureReplays';
import { captureCsv } from '../../capture/csv';
import { rowAtOrBefore } from '../../capture/flight';
import { PROGRESSIVE_EVENTS, useProgressive } from '../../panels/useProgressive';
import './capture.css';

/** Connections whose time–sequence plots are stacked; more selected are listed, not drawn. */
export const STACKED_CONNECTIONS = 2;

type Lower = 'flight' | 'rtt' | 'replay';

const LOWER_TITLES: Record<Lower, string> = {
  flight: 'Bytes in flight',
  rtt: 'RTT',
  replay: 'Replays',
};

export function CaptureView() {
  const file = useApp((s) => s.capture.file);
  const selected = useApp((s) => s.capture.selected);
  const analyses = useApp((s) => s.capture.analyses);
  const cursor = useApp((s) => s.capture.cursor);
  const xDomain = useApp((s) => s.capture.xDomain);
  // A zoom redraws the first plot in its task and the others in a later one (React renders
  // them again with the new domain after the first has been drawn): one big connection's
  // plots redrawn together would stop the page for their sum.
  const laterX = useDeferredValue(xDomain);
  const theme = useApp((s) => s.theme);
  const [lower, setLower] = useState<Lower>('flight');
  const [highlight, setHighlight] = useState<PacketRef | null>(null);
  const replay = useReplayRuns();
  const shown = selected.slice(0, STACKED_CONNECTIONS);
  const first = shown.length ? analyses[shown[0]!] : undefined;
  // A big connection is shown in steps, one task each, so the page never stops for long: the
  // layout; then per plot (the time–sequence plots, then the one under them) its model and
  // spec (plot mounted), then its drawing.
  const long = shown.some((id) => (analyses[id]?.packets.length ?? 0) >= PROGRESSIVE_EVENTS);
  const ready = shown.filter((id) => analyses[id]).length;
  const plots = shown.length + 1;
  const stage = useProgressive(1 + 2 * plots, long, `${shown.join()}:${ready}:${lower}:${theme}`);
  const mounted = (j: number) => !long || stage >= 2 + 2 * j;
  const drawn = (j: number) => !long || stage >= 3 + 2 * j;
  if (!file) return null;
  const replayShown = replay.active && !!first && replay.connection === first.summary.id;
  const st = useApp.getState();
  const fileBase = file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'capture';
  const common = {
    theme,
    cursor,
    xDomain,
    onXDomain: st.setCaptureXDomain,
    onSeek: st.setCaptureCursor,
    highlight,
    onHover: setHighlight,
    fileBase,
  };
  const onKey = (e: KeyboardEvent) => {
    // The simulator's keys (Space, ←/→, PgDn …) do not reach its hidden transport; `?` does.
    if (e.key !== '?') e.stopPropagation();
    if (!first || (e.target as HTMLElement).closest('input, select, textarea, li')) return;
    const P = first.packets;
    const t0 = first.summary.start;
    const row = cursor < 0 ? P.length - 1 : rowAtOrBefore(first, cursor - t0);
    const to =
      e.key === 'ArrowRight'
        ? row + 1
        : e.key === 'ArrowLeft'
          ? row - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? P.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    st.setCaptureCursor(t0 + P.time[Math.max(0, Math.min(P.length - 1, to))]!);
  };
  return (
    <div className="capture-view" data-testid="capture-view" onKeyDown={onKey}>
      <div className="capture-head">
        <span>
          <strong data-testid="capture-name">{file.name}</strong>{' '}
          <span className="secondary">
            {file.format} · {file.packets.toLocaleString('en')} packets · {file.connections.length}{' '}
            TCP connection{file.connections.length === 1 ? '' : 's'}
          </span>
        </span>
        <span className="capture-private" data-testid="capture-private">
          This trace stays in your browser; the link does not contain it.
        </span>
        <span className="header-spacer" />
        <CapturePicker label="Open another…" className="secondary" />
        <button type="button" data-testid="capture-close" onClick={() => st.setCaptureOpen(false)}>
          Back to the simulator
        </button>
      </div>
      <CaptureFlowList />
      {shown.length === 0 ? (
        <p className="capture-empty">
          {file.connections.length
            ? 'Choose a connection in the list to see it.'
            : 'This capture has no TCP connection to show.'}
        </p>
      ) : (
        <div className="capture-main">
          <div className="capture-plots">
            {shown.map((id, k) => {
              const a = analyses[id];
              return a && mounted(k) ? (
                <CapturePlot
                  key={id}
                  analysis={a}
                  spec={timeSeqSpec(a)}
                  name="timeseq"
                  csv={() => captureCsv(a)}
                  {...common}
                  xDomain={k === 0 ? xDomain : laterX}
                  deferDraw={!drawn(k)}
                />
              ) : a ? (
                <section
                  key={id}
                  className="panel capture-plot"
                  data-slot="timeseq"
                  aria-busy="true"
                />
              ) : (
                <p key={id} className="capture-empty" role="status">
                  Analysing connection {id + 1}…
                </p>
              );
            })}
            {selected.length > STACKED_CONNECTIONS && (
              <p className="secondary capture-more">
                {selected.length - STACKED_CONNECTIONS} more chosen: the plots show the first{' '}
                {STACKED_CONNECTIONS}.
              </p>
            )}
            {first && (
              <>
                <div
                  className="tabs capture-tabs"
                  role="tablist"
                  aria-label="Plot under the time–sequence plot"
                >
                  {(replayShown
                    ? (['flight', 'rtt', 'replay'] as const)
                    : (['flight', 'rtt'] as const)
                  ).map((k) => (
                    <button
                      key={k}
                      type="button"
                      role="tab"
                      aria-selected={lower === k}
                      onClick={() => setLower(k)}
                    >
                      {LOWER_TITLES[k]}
                    </button>
                  ))}
                </div>
                {!mounted(shown.length) ? (
                  <section className="panel capture-plot" aria-busy="true" />
                ) : lower === 'replay' && replayShown ? (
                  <CaptureReplays
                    theme={theme}
                    start={first.summary.start}
                    cursor={cursor}
                    xDomain={laterX}
                  />
                ) : (
                  <LowerPlot
                    a={first}
                    which={lower === 'replay' ? 'flight' : lower}
                    common={{ ...common, xDomain: laterX, deferDraw: !drawn(shown.length) }}
                  />
                )}
              </>
            )}
          </div>
          {first && <CaptureLog analysis={first} />}
        </div>
      )}
      {first && <CaptureReplay analysis={first} onStarted={() => setLower('replay')} />}
    </div>
  );
}

function LowerPlot(props: {
  a: ConnectionAnalysis;
  which: 'flight' | 'rtt';
  common: Omit<Parameters<typeof CapturePlot>[0], 'analysis' | 'spec' | 'name'>;
}) {
  const { a, which, common } = props;
  const spec = which === 'flight' ? flightSpec(a, common.theme) : rttSpec(a);
  return <CapturePlot analysis={a} spec={spec} name={which} {...common} />;
}
