/**
 * The replayed runs under the real sender: each run's time–sequence plot (the simulator's own
 * panel, in packets) on the connection's time axis (the replay starts where the connection
 * does), one per run, named with its sender. Shown while the replay's scenario is the one on
 * screen; the full compare view is the simulator's ("Back to the simulator").
 */
import { eventAtOrBefore } from '../../panels/traceCache';
import { TimeSeqPlot } from '../../deps/panels';
import type { Theme } from '../../panels/types';
import { useApp } from '../../store';

export function useReplayRuns() {
  const replay = useApp((s) => s.capture.replay);
  const scenario = useApp((s) => s.scenario);
  const results = useApp((s) => s.run.results);
  const senders = useApp((s) => s.run.senders);
  const running = useApp((s) => s.run.status === 'running');
  const active = !!replay && replay.scenario === scenario;
  return {
    active,
    running,
    connection: replay?.connection ?? -1,
    notes: replay?.notes ?? [],
    results: active ? results : [],
    senders,
  };
}

export function CaptureReplays(props: {
  theme: Theme;
  start: number;
  cursor: number;
  xDomain: [number, number] | null;
}) {
  const { results, senders, running, notes } = useReplayRuns();
  if (running)
    return (
      <p className="capture-empty" role="status">
        Running the replay…
      </p>
    );
  if (!results.length)
    return <p className="capture-empty">No replay yet: choose senders below and press Replay.</p>;
  const t0 = props.start;
  return (
    <div className="capture-replays" data-testid="capture-replays">
      <p className="secondary capture-replay-notes" title={notes.join('\n')}>
        The simulated path: {notes.join('; ')}.
      </p>
      {results.map((r, i) => {
        const trace = r.trace;
        const local = props.cursor < 0 ? trace.stopS : props.cursor - t0;
        const cursor = Math.max(0, eventAtOrBefore(trace, local));
        return (
          <section key={i} className="panel capture-plot" aria-label={`Replay with ${senders[i]}`}>
            <header className="capture-replay-name">simulated: {senders[i]}</header>
            <div className="panel-body">
              <TimeSeqPlot
                trace={trace}
                cursor={cursor}
                cursorTime={trace.packets.time[cursor] ?? 0}
                highlight={null}
                onHover={() => {}}
                onSeek={(e) =>
                  useApp.getState().setCaptureCursor(t0 + (trace.packets.time[e] ?? 0))
                }
                xDomain={props.xDomain ? [props.xDomain[0] - t0, props.xDomain[1] - t0] : null}
                theme={props.theme}
                flows={[0]}
                legend={false}
                xAxis={i < results.length - 1 ? 'none' : 'full'}
              />
            </div>
          </section>
        );
      })}
    </div>
  );
}
