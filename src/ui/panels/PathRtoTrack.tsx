/**
 * The retransmission timer of each path of a multi-homed SCTP association (RFC 4960 §6.3.1 keeps
 * an RTO per destination address) under its per-path cwnd plot: a strip on the plot's x scale
 * (same margins), one step line per path in its colour and dash, ▼ at each T3-rtx expiry in the
 * path's colour, the RTOs at the cursor in the left margin (one line per path, in its colour)
 * and a tooltip with every path's RTO at the pointer. Read from Trace.pathEvents (pathModel),
 * each path from RTO.Initial at the association's start (rtoReadout); the future is faded like
 * the plots'.
 */
import type { Trace } from '../../engine';
import { fmtWindow } from './describe';
import { scaleDash } from './draw/layers';
import { type PathModel } from './paths';
import { pathStyle } from './pathStyle';
import { fmtRto, pathRtosAt, pathRtoSeries } from './rtoReadout';
import { flowLabel, fmtTime } from './traceCache';
import type { PanelProps } from './types';
import { readoutStyle, TrackReadout, TrackTooltip, TrackVeil, useTrackFrame } from './TrackOverlay';

export interface PathRtoTrackProps extends Pick<
  PanelProps,
  'trace' | 'cursorTime' | 'onSeek' | 'theme'
> {
  model: PathModel;
  xDomain: [number, number];
  future?: 'faded' | 'hidden';
}

/** The strip's text summary (its aria-label). */
export function pathRtoSummary(trace: Trace, m: PathModel): string {
  const series = pathRtoSeries(trace, m);
  const parts = m.paths.map((p, i) => {
    const max = series[i]!.reduce((x, q) => Math.max(x, q.v), 0);
    const n = m.marks.filter((x) => x.path === p.path && x.event === 't3-expiry').length;
    return `${p.label}: RTO up to ${fmtWindow(max)} s, ${n} T3-rtx expir${n === 1 ? 'y' : 'ies'}`;
  });
  return `Retransmission timer per path of ${flowLabel(trace, m.flow)}: ${parts.join('; ')}.`;
}

export function PathRtoTrack(props: PathRtoTrackProps) {
  const { trace, model: m } = props;
  const f = useTrackFrame(props);
  const { ref, w, h, tip, setTip, c, mt, left, width, xs, top, bottom, cx, veil, tri, fs } = f;
  const series = pathRtoSeries(trace, m);
  const maxRto = series.reduce((x, s) => s.reduce((y, q) => Math.max(y, q.v), x), m.maxRto);
  const yMax = Math.max(0.001, maxRto) * 1.1;
  const ys = (v: number) => bottom - (v / yMax) * (bottom - top);
  const paths = m.paths.map((p, i) => {
    const rto = series[i]!;
    let d = '';
    rto.forEach((q, k) => {
      const next = rto[k + 1]?.t ?? Math.max(trace.stopS, q.t);
      d += `${k === 0 ? 'M' : 'L'}${xs(q.t).toFixed(1)},${ys(q.v).toFixed(1)}H${xs(next).toFixed(1)}`;
    });
    return { p, d, st: pathStyle(p.path) };
  });
  const expiries = m.marks.filter((x) => x.event === 't3-expiry');
  const now = pathRtosAt(trace, m, props.cursorTime);
  /** Each path's RTO at t for the tooltip: "■ S0→K0 (primary): RTO 0.50 s". */
  const tipLines = (vs: (number | null)[]) =>
    m.paths.map((p, i) => `${pathStyle(p.path).symbols[0]} ${p.label}: RTO ${fmtRto(vs[i]!)}`);
  const onMove = (e: React.PointerEvent) => {
    const { x, t } = f.timeAt(e.clientX);
    if (x < left) {
      // Over the readout: which line is which path.
      const text = [`At the cursor (t = ${fmtTime(props.cursorTime)})`, ...tipLines(now)];
      return setTip({ x, text });
    }
    if (!f.inside(x)) return setTip(null);
    const vs = pathRtosAt(trace, m, t);
    if (vs.every((v) => v === null)) return setTip(null);
    setTip({ x, text: [`t = ${fmtTime(t)}`, ...tipLines(vs)] });
  };
  return (
    <div
      ref={ref}
      className="ackp-cwnd-rto ackp-path-rto"
      data-testid="path-rto-track"
      data-flow={m.flow}
      role="img"
      aria-label={pathRtoSummary(trace, m)}
      style={readoutStyle(m.paths.length)}
      onPointerMove={onMove}
      {...f.handlers}
    >
      {w > 0 && h > 0 && (
        <svg width={w} height={h} aria-hidden="true" className="ackp-layer">
          <rect x={0} y={0} width={w} height={h} fill={c.bg} />
          <TrackReadout
            label="RTO"
            lines={paths.map(({ p, st }, i) => ({
              key: p.path,
              text: fmtRto(now[i]!),
              color: c[st.color],
            }))}
            right={left - 6}
            height={h}
            fs={fs}
            muted={c.muted}
          />
          <line x1={left} x2={left + width} y1={bottom} y2={bottom} stroke={c.grid} />
          <svg x={left} y={0} width={width} height={h} overflow="hidden">
            <g transform={`translate(${-left},0)`}>
              {paths.map(({ p, d, st }) => (
                <path
                  key={p.path}
                  d={d}
                  fill="none"
                  stroke={c[st.color]}
                  strokeWidth={mt.linePx}
                  strokeDasharray={st.dash ? scaleDash(st.dash, mt.linePx / 2) : undefined}
                />
              ))}
              {expiries.map((x) => (
                <path
                  key={x.row}
                  d={`M${xs(x.t) - tri / 2},${top - tri}h${tri}l${-tri / 2},${tri}z`}
                  fill={c[pathStyle(x.path).color]}
                />
              ))}
              <TrackVeil
                cx={cx}
                left={left}
                width={width}
                height={h}
                bg={c.bg}
                cursor={c.cursor}
                veil={veil}
              />
            </g>
          </svg>
        </svg>
      )}
      <TrackTooltip tip={tip} panelWidth={w} height={h} boxWidth={260} />
    </div>
  );
}
