import { useId } from 'react';
import {
  decisionLabel,
  decisionsAtEvent,
  describeEvent,
  formatTime,
  nextSignificant,
} from '../model/traceIndex';
import { mainTrace, useApp } from '../store';
import { SPEEDS } from '../store/playbackSlice';
import { PacketType, type Trace } from '../../engine';
import { applyField, dropTokens, sortDropTokens } from '../model/scenarioQuery';
import { STEP_LEVEL_NAMES, stepLevels } from '../model/stepLevels';
import { SlideControls } from './SlideControls';

/**
 * "What if this packet were lost?": for a data packet of flow 1 at the cursor (first
 * transmission), add it to the drop list and rerun (the Kurose–Ross buttons, made concrete).
 */
/** "3rd duplicate ACK, fast retransmit at 2.080 s" for the next significant event. */
function nextLabel(trace: Trace, e: number): string {
  const ds = decisionsAtEvent(trace, e);
  const what = ds.length > 0 ? decisionLabel(ds[ds.length - 1]!, trace) : describeEvent(trace, e);
  return `${what} at ${formatTime(trace.packets.time[e] as number)}`;
}

function DropThisPacket({ trace, cursor }: { trace: Trace; cursor: number }) {
  const scenario = useApp((s) => s.scenario);
  const X = trace.transmissions;
  const u = trace.packets.uid[cursor];
  if (u === undefined) return null;
  if (X.type[u] !== PacketType.data || X.flow[u] !== 0 || X.retx[u]) return null;
  const packet = X.packet[u] as number;
  const tokens = dropTokens(scenario);
  if (tokens.includes(String(packet))) return null;
  const drop = () => {
    const r = applyField(scenario, 'drops', sortDropTokens([...tokens, String(packet)]).join(','));
    if (r.ok) useApp.getState().setScenario(r.scenario);
  };
  return (
    <button
      type="button"
      className="secondary"
      onClick={drop}
      title="Add this packet to the drop list and run again"
    >
      Drop packet {packet}
    </button>
  );
}

/** first · back · "event k / N · t = …" · forward · last · play/pause · speed · mode; scrubber. */
export function TransportBar() {
  const speedId = useId();
  const modeId = useId();
  const trace = useApp(mainTrace);
  const cursor = useApp((s) => s.cursor);
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  const mode = useApp((s) => s.mode);
  const a = useApp.getState();
  const n = trace?.packets.length ?? 0;
  const t = trace ? ((trace.packets.time[cursor] as number | undefined) ?? 0) : 0;
  const atFirst = cursor <= 0;
  const atLast = n === 0 || cursor >= n - 1;
  const desc = trace ? describeEvent(trace, cursor) : '';
  // « » and PgUp / PgDn walk the preset's first step level, with Shift its second.
  const levels = useApp((s) => stepLevels(s.scenario));
  const coarse = levels[0] ?? 'episode';
  const fine = levels[1] ?? coarse;
  const coarseName = STEP_LEVEL_NAMES[coarse];
  const fineName = STEP_LEVEL_NAMES[fine];
  const shiftText = fine === coarse ? '' : `; Shift+click or Shift+PgDn: ${fineName}`;
  const flowFilter = useApp((s) => s.flowFilter);
  const hasPrevSig = trace
    ? nextSignificant(trace, cursor, -1, coarse, flowFilter) !== null
    : false;
  const nextSig = trace ? nextSignificant(trace, cursor, 1, coarse, flowFilter) : null;
  const hasNextSig = nextSig !== null;
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const nextText = trace && nextSig !== null && !concealed ? nextLabel(trace, nextSig) : null;
  const valueText = trace
    ? `event ${cursor + 1} of ${n}, ${formatTime(t)}${desc ? `, ${desc}` : ''}`
    : 'no run yet';

  return (
    <section className="transport-wrap" aria-label="Playback">
      <div className="transport" role="toolbar" aria-label="Transport">
        <button
          type="button"
          onClick={a.first}
          disabled={atFirst}
          aria-label="First event (Home)"
          title="First event (Home)"
        >
          ⇤
        </button>
        <button
          type="button"
          onClick={(e) => a.nextSignificant(-1, e.shiftKey ? 1 : 0)}
          disabled={!hasPrevSig}
          aria-label={`Previous ${coarseName} (PgUp)`}
          title={`Previous ${coarseName} (PgUp${shiftText.replace('PgDn', 'PgUp')})`}
        >
          «
        </button>
        <button
          type="button"
          onClick={() => a.step(-1)}
          disabled={atFirst}
          aria-label="Back one event (←)"
          title="Back one event (←)"
        >
          ◀
        </button>
        <span className="readout" data-testid="readout" aria-live="off">
          event {n === 0 ? 0 : cursor + 1} / {n} · t = {t.toFixed(3)} s
        </span>
        <button
          type="button"
          onClick={() => a.step(1)}
          disabled={atLast}
          aria-label="Forward one event (→)"
          title="Forward one event (→)"
        >
          ▶
        </button>
        <button
          type="button"
          onClick={(e) => a.nextSignificant(1, e.shiftKey ? 1 : 0)}
          disabled={!hasNextSig}
          aria-label={`Next ${coarseName} (PgDn)`}
          title={`Next ${coarseName} (PgDn${shiftText})${nextText ? `: ${nextText}` : ''}`}
        >
          »
        </button>
        <button
          type="button"
          onClick={a.last}
          disabled={atLast}
          aria-label="Last event (End)"
          title="Last event (End)"
        >
          ⇥
        </button>
        <button
          type="button"
          className="primary"
          onClick={a.togglePlaying}
          disabled={n === 0}
          aria-label={
            playing
              ? 'Pause (Space)'
              : atLast
                ? 'Play again from the start (Space)'
                : 'Play (Space)'
          }
          title={
            atLast && !playing ? 'Play again from the start of the time window shown' : undefined
          }
          aria-pressed={playing}
        >
          {playing ? '❚❚ Pause' : atLast ? '↻ Replay' : '▶ Play'}
        </button>
        <span className="speed">
          <label htmlFor={speedId}>Speed</label>
          <select id={speedId} value={speed} onChange={(e) => a.setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
          <label htmlFor={modeId} className="sr-only">
            Playback mode
          </label>
          <select
            id={modeId}
            value={mode}
            onChange={(e) => a.setMode(e.target.value as 'time' | 'event')}
          >
            <option value="time">simulated time</option>
            <option value="event">one event per tick</option>
          </select>
        </span>
      </div>
      <div className="scrub-row">
        <input
          className="scrubber"
          type="range"
          aria-label="Event scrubber"
          min={0}
          max={Math.max(0, n - 1)}
          step={1}
          value={cursor}
          aria-valuetext={valueText}
          disabled={n === 0}
          onChange={(e) => a.seek(Number(e.target.value))}
        />
      </div>
      <div className="info-row">
        <div className="event-desc" data-testid="event-desc" title={desc}>
          {desc}
        </div>
        {nextText && (
          <div
            className="next-hint secondary"
            data-testid="next-hint"
            title={`Where the next ${coarseName} starts (PgDn)`}
          >
            {coarse === 'episode' ? 'next episode' : 'next'}: {nextText}
          </div>
        )}
        {trace && <DropThisPacket trace={trace} cursor={cursor} />}
      </div>
      <SlideControls />
    </section>
  );
}
