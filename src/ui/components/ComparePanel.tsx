import { useMemo, useRef, type CSSProperties } from 'react';
import { AfterReader, reason, V, type ReasonCode, type Trace } from '../../engine';
import { lastAtOrBelow, RouterPlot, xAxisPx, type Theme } from '../deps/panels';
import { legendFor } from '../model/legend';
import { runStyles, type RunStyle } from '../model/compareEntries';
import { divergences, firstDivergence } from '../model/divergence';
import { CompareDivergence } from './CompareDivergence';
import { lastEventAtOrBefore, traceIndex } from '../model/traceIndex';
import { useElementSize } from '../hooks/useElementSize';
import { useVisibleFlows } from '../hooks/useVisibleFlows';
import { FlowPicker } from './FlowPicker';
import { PanelBoundary } from './ErrorBoundary';
import { MarkerGlyph, RunSwatch } from './RunSwatch';
import { CompareRates, sharedRateTop, type RateMini } from './CompareRates';
import { lowerPanelOf } from './PanelGrid';
import { useApp } from '../store';
import { useShownXDomain } from '../hooks/useShownXDomain';

/** Tick and label size: 11 px, or 1/50 of the window height on the projector (UX.md §13). */
function fontPxFor(theme: Theme): number {
  const vh = typeof window === 'undefined' ? 1080 : window.innerHeight;
  return theme === 'projector' ? Math.max(16, Math.round(vh / 50)) : 11;
}

/** The transfer's start (TCP and SCTP): significant in the log, but no loss recovery. */
const START_CODES: ReadonlySet<string> = new Set(['tcp.start', 'sctp.start']);

/**
 * Times of the key decisions of a trace, by rule label (read from the decision columns): its
 * significant decisions but the start and the exits from recovery.
 */
export function keyDecisions(trace: Trace): Map<string, number[]> {
  const D = trace.decisions;
  const labelOf = D.codes.map((c) => {
    const r = reason(c as ReasonCode);
    return r.significant && !START_CODES.has(c) && !c.endsWith('exit-recovery') ? r.label : null;
  });
  const groups = new Map<string, number[]>();
  for (let i = 0; i < D.length; i++) {
    const label = labelOf[D.code[i]!];
    if (!label) continue;
    const list = groups.get(label);
    if (list) list.push(D.time[i]!);
    else groups.set(label, [D.time[i]!]);
  }
  return groups;
}

/** cwnd after every state sample, with its time (all flows, engine order). */
function cwndSamples(trace: Trace): { t: Float64Array; v: Float64Array } {
  const S = trace.samples;
  const D = trace.decisions;
  const after = new AfterReader(D);
  const t = new Float64Array(S.length);
  const v = new Float64Array(S.length);
  for (let j = 0; j < S.length; j++) {
    const d = S.decision[j]!;
    t[j] = D.time[d]!;
    v[j] = after.get(d, V.cwnd);
  }
  return { t, v };
}

/**
 * "2.29, 2.50 s"; a count first past four times: "7×: 2.29, 2.50, 2.71, 2.92, … s". The unit
 * is bound to the last value by a no-break space (a wrapped line never starts with "s").
 */
export function keyEventTimes(times: readonly number[]): string {
  const shown = times
    .slice(0, 4)
    .map((t) => t.toFixed(2))
    .join(', ');
  return times.length > 4 ? `${times.length}×: ${shown}, …\u00a0s` : `${shown}\u00a0s`;
}

/**
 * The run's key decisions, one line each: the rule and when ("partial ACK 2.29, 2.50 s"), the
 * count spelled out in the line's tooltip. Short enough that a label column of four runs at
 * 1280×720 shows them whole; five or six runs fold them into one line after the run's name,
 * ending in an ellipsis when it is too long (styles.css), so the list's tooltip holds them all.
 */
function KeyEvents({ trace, until }: { trace: Trace; until: number }) {
  const de = traceIndex(trace).decisionEvent;
  const groups = useMemo(() => keyDecisions(trace), [trace]);
  const all = [...groups].map(([label, times]) => `${label} ${keyEventTimes(times)}`);
  return (
    <ul
      className="compare-events"
      aria-label="Key decisions"
      title={all.length > 0 ? all.join('\n') : 'no loss recovery'}
    >
      {[...groups].map(([label, times]) => (
        <li key={label} title={`${label}: ${times.length}×`}>
          {label} {keyEventTimes(times)}
        </li>
      ))}
      {groups.size === 0 && <li>no loss recovery</li>}
      <li className="sr-only">
        {de.length} decisions; cursor at event {until}
      </li>
    </ul>
  );
}

/** cwnd of one sender, on the y scale shared by all compared senders. */
function CompareCwnd(props: {
  trace: Trace;
  st: RunStyle;
  x: [number, number];
  yMax: number;
  cursorTime: number;
  divergence: number | null;
  onSeekTime: (t: number) => void;
  theme: Theme;
  /**
   * Room for the time labels under the plot, px: the bottom row's (it shows the shared time
   * range, as the router mini beside it shows the ticks); 0 in the rows above it.
   */
  axisPx: number;
}) {
  const { trace, x, yMax, st } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const { w: W, h: H } = useElementSize(boxRef, { w: 600, h: 200 });
  const fs = fontPxFor(props.theme);
  // Room for the longest y tick label (a long run's peak cwnd has five digits or more).
  const digits = String(Math.round(yMax)).length;
  const M = {
    l: Math.round(fs * Math.max(2.7, 0.65 * digits + 0.8)),
    r: 8,
    t: Math.round(fs * 0.8),
    b: Math.round(fs * 0.5) + props.axisPx,
  };
  const sx = (t: number) => M.l + ((t - x[0]) / (x[1] - x[0] || 1)) * (W - M.l - M.r);
  const sy = (v: number) => H - M.b - (Math.min(v, yMax) / yMax) * (H - M.t - M.b);
  const samples = useMemo(() => cwndSamples(trace), [trace]);
  // The path depends on the scales only, not on the cursor.
  const d = useMemo(() => {
    const sx = (t: number) => M.l + ((t - x[0]) / (x[1] - x[0] || 1)) * (W - M.l - M.r);
    const sy = (v: number) => H - M.b - (Math.min(v, yMax) / yMax) * (H - M.t - M.b);
    let path = '';
    let col = NaN;
    // Far more samples than pixels (a long run): per pixel column, its vertical strokes only.
    const dense = samples.t.length > 2 * W;
    for (let j = 0; j < samples.t.length; j++) {
      const t = samples.t[j]!;
      const v = samples.v[j]!;
      if (t < x[0] || t > x[1]) continue;
      const px = sx(t);
      if (dense && path && Math.floor(px) === col) path += `V${sy(v)}`;
      else path += path ? `H${px}V${sy(v)}` : `M${sx(Math.max(x[0], t))},${sy(v)}`;
      col = Math.floor(px);
    }
    if (path) path += `H${sx(Math.min(x[1], trace.stopS))}`;
    return path;
  }, [samples, x, W, H, M.l, M.r, M.t, M.b, yMax, trace.stopS]);
  // The run's profile marker (compareEntries runStyles) every 70 px on the line.
  const markerAt = useMemo(() => {
    if (!st.marker) return [];
    const out: { px: number; py: number }[] = [];
    const end = Math.min(x[1], trace.stopS);
    for (let px = M.l + 35; px < W - M.r - 10; px += 70) {
      const t = x[0] + ((px - M.l) / (W - M.l - M.r)) * (x[1] - x[0]);
      const j = lastAtOrBelow(samples.t, t);
      if (j < 0 || t > end) continue;
      out.push({ px, py: H - M.b - (Math.min(samples.v[j]!, yMax) / yMax) * (H - M.t - M.b) });
    }
    return out;
  }, [st.marker, samples, x, W, H, M.l, M.r, M.t, M.b, yMax, trace.stopS]);
  const marks = useMemo(() => {
    const D = trace.decisions;
    const shown = D.codes.map((c) => {
      const name = legendFor(c).name;
      return name === 'retransmission' || name === 'timeout' || name === 'partial ACK';
    });
    const out: { id: number; code: string; time: number }[] = [];
    for (let i = 0; i < D.length; i++) {
      const time = D.time[i]!;
      if (shown[D.code[i]!] && time >= x[0] && time <= x[1])
        out.push({ id: i, code: D.codes[D.code[i]!]!, time });
    }
    return out;
  }, [trace, x]);
  const cx = sx(props.cursorTime);
  const ticks = [0, Math.round(yMax / 2), Math.round(yMax)];
  return (
    <div ref={boxRef} className="compare-cwnd">
      <svg
        width={W}
        height={H}
        role="img"
        aria-label={`${st.name} cwnd on the shared scale`}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          const px = e.clientX - r.left;
          props.onSeekTime(x[0] + ((px - M.l) / (W - M.l - M.r)) * (x[1] - x[0]));
        }}
      >
        <rect
          x={M.l}
          y={M.t}
          width={W - M.l - M.r}
          height={H - M.t - M.b}
          fill="none"
          stroke="var(--border)"
        />
        {ticks.map((t) => (
          <text
            key={t}
            x={M.l - 4}
            y={sy(t) + fs * 0.35}
            textAnchor="end"
            fontSize={fs}
            fill="var(--muted)"
          >
            {t}
          </text>
        ))}
        {props.divergence !== null && props.divergence >= x[0] && props.divergence <= x[1] && (
          <line
            x1={sx(props.divergence)}
            x2={sx(props.divergence)}
            y1={M.t}
            y2={H - M.b}
            stroke="var(--muted)"
            strokeDasharray="4 3"
            strokeWidth={1.5}
          />
        )}
        <path
          d={d}
          fill="none"
          stroke={st.color}
          strokeWidth={2.5}
          strokeDasharray={st.dash || undefined}
        />
        {st.marker &&
          markerAt.map((m) => (
            <MarkerGlyph
              key={m.px}
              shape={st.marker!}
              x={m.px}
              y={m.py}
              size={fs * 0.9}
              color={st.color}
            />
          ))}
        {marks.map((m) => {
          const lg = legendFor(m.code, props.theme);
          return (
            <text
              key={m.id}
              x={sx(m.time)}
              y={M.t + fs * 1.1}
              textAnchor="middle"
              fontSize={Math.round(fs * 1.1)}
              fontWeight="700"
              fill={lg.color}
            >
              <title>{`${reason(m.code).label} at ${m.time.toFixed(3)} s`}</title>
              {lg.glyph}
            </text>
          );
        })}
        <line x1={cx} x2={cx} y1={M.t} y2={H - M.b} stroke="var(--fg)" strokeWidth={2} />
        {props.axisPx > 0 && (
          <>
            <text x={M.l} y={H - fs * 0.3} fontSize={fs} fill="var(--muted)">
              {x[0].toFixed(2)} s
            </text>
            <text x={W - M.r} y={H - fs * 0.3} fontSize={fs} textAnchor="end" fill="var(--muted)">
              {x[1].toFixed(2)} s
            </text>
          </>
        )}
      </svg>
    </div>
  );
}

/** A run's divergence marker: its decision's time, or none (NaN: the run lacks the decision). */
const markerTime = (t: number | undefined) => (t === undefined || Number.isNaN(t) ? null : t);

const peaks = new WeakMap<Trace, number>();

/** Largest cwnd of any compared run (a loop, not Math.max(...): a long run has more samples
 * than a call takes arguments), kept per trace. */
function peakCwnd(traces: readonly Trace[]): number {
  let peak = 4;
  for (const t of traces) {
    let p = peaks.get(t);
    if (p === undefined) {
      p = 0;
      const S = t.samples;
      const after = new AfterReader(t.decisions);
      for (let j = 0; j < S.length; j++) p = Math.max(p, after.get(S.decision[j]!, V.cwnd));
      peaks.set(t, p);
    }
    peak = Math.max(peak, p);
  }
  return peak;
}

/**
 * Compare mode: one row per run (a sender, or a sender under a profile), shared x and y scales,
 * one playhead locked by time.
 */
export function ComparePanel() {
  const results = useApp((s) => s.run.results);
  const senders = useApp((s) => s.run.senders);
  const fingerprints = useApp((s) => s.run.fingerprints);
  const cursor = useApp((s) => s.cursor);
  const hovered = useApp((s) => s.hovered);
  const xDomain = useShownXDomain(
    results[0]?.trace ?? null,
    useApp((s) => s.xDomain),
  );
  const theme = useApp((s) => s.theme);
  const modulus = useApp((s) => s.modulus);
  const routerNode = useApp((s) => s.routerNode);
  // The lower slot's rate, RTT or queue-over-time panel: each run's mini shows it (the queue's:
  // its sojourn) instead of cwnd.
  const lower = useApp((s) => lowerPanelOf(s.panels));
  const mini: RateMini | null =
    lower === 'rate' || lower === 'rtt' || lower === 'qlen' ? lower : null;
  const a = useApp.getState();
  const traces = useMemo(() => results.map((r) => r.trace), [results]);
  const styles = useMemo(() => runStyles(senders), [senders]);
  // Where each run's decisions first part from the first run's (model/divergence.ts).
  const perRow = useMemo(() => divergences(traces), [traces]);
  const first = useMemo(() => firstDivergence(perRow), [perRow]);
  const rateTop = useMemo(() => (mini ? sharedRateTop(traces, mini) : 0), [mini, traces]);
  // One x range object per zoom and runs, so the plots redraw only when it changes.
  const fullX = useMemo((): [number, number] | null => {
    if (traces.length === 0) return null;
    if (xDomain) return xDomain;
    let t0 = Infinity;
    let t1 = -Infinity;
    for (const t of traces) {
      t0 = Math.min(t0, (t.packets.time[0] as number | undefined) ?? 0);
      t1 = Math.max(t1, t.stopS);
    }
    return [Math.max(0, t0 - 0.05), t1];
  }, [traces, xDomain]);
  const main = traces[0];
  // The flow list's hidden flows stay hidden in every compared run (same flows, same signature).
  const visible = useVisibleFlows(main ?? null);
  if (!main) return <div className="compare" aria-busy="true" />;
  const cursorTime = (main.packets.time[cursor] as number | undefined) ?? 0;
  const x = fullX ?? [0, 1];
  const yMax = peakCwnd(traces) * 1.05;
  // Small multiples of one x scale: up to four runs stack in one column, five or six fill two
  // columns row by row (each run's name and key decisions on one line above its minis). Only
  // the last row shows the time axis, and it is taller by the axis's height (styles.css), so
  // every plot gets the same height: one y scale in pixels too.
  const many = traces.length >= 5;
  const cols = many ? 2 : 1;
  const gridRows = Math.ceil(traces.length / cols);
  const lastRowFrom = cols * (gridRows - 1);
  const axisPx = xAxisPx(theme, 'ticks') - xAxisPx(theme, 'none');
  return (
    <div
      className={`compare${many ? ' compare-many' : ''}`}
      data-testid="compare"
      style={{ '--compare-axis': `${axisPx}px`, '--compare-rows': gridRows } as CSSProperties}
    >
      {main.flows.length > 1 && <FlowPicker trace={main} />}
      <CompareDivergence
        traces={traces}
        styles={styles}
        perRun={perRow}
        first={first}
        onSeekTime={a.seekTime}
      />
      <div className="compare-stack">
        {traces.map((trace, i) => {
          const sender = senders[i] ?? '?';
          const st = styles[i] ?? runStyles([sender])[0]!;
          const localCursor = i === 0 ? cursor : lastEventAtOrBefore(trace, cursorTime);
          const bottom = i >= lastRowFrom;
          return (
            <PanelBoundary
              key={sender}
              name={`${st.name} run`}
              className="compare-row"
              resetKey={trace}
            >
              <section
                className={`compare-row${bottom ? ' compare-row-axis' : ''}`}
                aria-label={`${st.name} run`}
                data-testid={`compare-${sender}`}
              >
                <div className="compare-label">
                  <span
                    style={{ color: st.color }}
                    data-testid="compare-name"
                    title={`${st.name}: fingerprint ${fingerprints[i] ?? '…'}`}
                  >
                    <RunSwatch style={st} /> {st.name}
                  </span>
                  <KeyEvents trace={trace} until={localCursor} />
                </div>
                <div className="panel-body" data-slot={`router-${sender}`}>
                  <RouterPlot
                    trace={trace}
                    cursor={localCursor}
                    cursorTime={cursorTime}
                    highlight={hovered}
                    onHover={a.setHovered}
                    onSeek={(e) => a.seekTime((trace.packets.time[e] as number | undefined) ?? 0)}
                    xDomain={x}
                    onXDomain={a.setXDomain}
                    theme={theme}
                    modulus={modulus}
                    router={routerNode}
                    onRouterChange={a.setRouterNode}
                    flows={visible}
                    legend={false}
                    xAxis={bottom ? 'ticks' : 'none'}
                  />
                </div>
                {mini ? (
                  <CompareRates
                    mini={mini}
                    trace={trace}
                    sender={sender}
                    cursor={localCursor}
                    cursorTime={cursorTime}
                    highlight={hovered}
                    onHover={a.setHovered}
                    onSeek={(e) => a.seekTime((trace.packets.time[e] as number | undefined) ?? 0)}
                    x={x}
                    onXDomain={a.setXDomain}
                    theme={theme}
                    flows={visible}
                    yTop={rateTop}
                    bottom={bottom}
                  />
                ) : (
                  <CompareCwnd
                    trace={trace}
                    st={st}
                    x={x}
                    yMax={yMax}
                    cursorTime={cursorTime}
                    divergence={markerTime(i === 0 ? first?.div.baseTime : perRow[i]?.otherTime)}
                    onSeekTime={a.seekTime}
                    theme={theme}
                    axisPx={bottom ? axisPx : 0}
                  />
                )}
              </section>
            </PanelBoundary>
          );
        })}
      </div>
    </div>
  );
}
