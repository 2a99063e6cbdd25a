/**
 * The retransmission timer under a flow's cwnd plot: a thin strip on the cwnd plot's x scale
 * (same margins) with the RTO (s) as a step line, ▼ at each expiry (a timeout decision), the
 * RTO at the cursor in the left margin ("—" before the flow's first decision), and a tooltip
 * with the RTO at the pointer. Read from the decisions' `after.rto` (rtoModel); the future is
 * faded like the plots'.
 */
import type { Trace } from '../../engine';
import { rtoAt, type RtoModel } from './cwnd';
import { fmtWindow } from './describe';
import { fmtRto } from './rtoReadout';
import { flowLabel, fmtTime } from './traceCache';
import type { PanelProps } from './types';
import { readoutStyle, TrackReadout, TrackTooltip, TrackVeil, useTrackFrame } from './TrackOverlay';

export interface RtoTrackProps extends Pick<
  PanelProps,
  'trace' | 'cursorTime' | 'onSeek' | 'theme'
> {
  model: RtoModel;
  xDomain: [number, number];
  future?: 'faded' | 'hidden';
}

/** The strip's text summary (its aria-label). */
export function rtoSummary(trace: Trace, r: RtoModel): string {
  const n = r.expiries.length;
  const first = r.points[0];
  const last = r.points[r.points.length - 1];
  const values =
    first && last
      ? `RTO ${fmtWindow(first.v)} s at ${fmtTime(first.t)}, at most ${fmtWindow(r.max)} s, ${fmtWindow(last.v)} s at the end`
      : 'RTO not set';
  const exp =
    n === 0
      ? 'the timer never expired'
      : `the timer expired ${n === 1 ? 'once' : `${n} times`}, at ${r.expiries.map(fmtTime).join(', ')}`;
  return `Retransmission timer of ${flowLabel(trace, r.flow)}: ${values}; ${exp}.`;
}

export function RtoTrack(props: RtoTrackProps) {
  const { trace, model: r } = props;
  const f = useTrackFrame(props);
  const { ref, w, h, tip, setTip, c, mt: m, left, width, xs, top, bottom, cx, veil, tri, fs } = f;
  const yMax = Math.max(1, r.max) * 1.1;
  const ys = (v: number) => bottom - (v / yMax) * (bottom - top);
  let d = '';
  for (let k = 0; k < r.points.length; k++) {
    const p = r.points[k]!;
    const next = r.points[k + 1]?.t ?? Math.max(trace.stopS, p.t);
    d += `${k === 0 ? 'M' : 'L'}${xs(p.t).toFixed(1)},${ys(p.v).toFixed(1)}H${xs(next).toFixed(1)}`;
  }
  const now = rtoAt(r, props.cursorTime);
  const start = r.points[0]?.t;
  const onMove = (e: React.PointerEvent) => {
    const { x, t } = f.timeAt(e.clientX);
    if (x < left) {
      // Over the readout: what it shows.
      const what =
        now !== null
          ? `RTO ${fmtRto(now)}`
          : start === undefined
            ? 'no RTO in this run'
            : `no RTO yet: the timer is set from ${fmtTime(start)}`;
      return setTip({ x, text: [`At the cursor (t = ${fmtTime(props.cursorTime)})`, what] });
    }
    if (!f.inside(x)) return setTip(null);
    const v = rtoAt(r, t);
    if (v === null) return setTip(null);
    const next = r.expiries.find((e2) => e2 >= t);
    setTip({
      x,
      text: [
        `t = ${fmtTime(t)} · RTO ${fmtRto(v)}`,
        next === undefined ? 'no expiry after this' : `timer expires at ${fmtTime(next)}`,
      ],
    });
  };
  return (
    <div
      ref={ref}
      className="ackp-cwnd-rto"
      data-testid="cwnd-rto-track"
      data-flow={r.flow}
      role="img"
      aria-label={rtoSummary(trace, r)}
      style={readoutStyle(1)}
      onPointerMove={onMove}
      {...f.handlers}
    >
      {w > 0 && h > 0 && (
        <svg width={w} height={h} aria-hidden="true" className="ackp-layer">
          <rect x={0} y={0} width={w} height={h} fill={c.bg} />
          <TrackReadout
            label="RTO"
            lines={[{ key: 0, text: fmtRto(now), color: c.fg }]}
            right={left - 6}
            height={h}
            fs={fs}
            muted={c.muted}
          />
          <line x1={left} x2={left + width} y1={bottom} y2={bottom} stroke={c.grid} />
          <svg x={left} y={0} width={width} height={h} overflow="hidden">
            <g transform={`translate(${-left},0)`}>
              <path d={d} fill="none" stroke={c.retx} strokeWidth={m.linePx} />
              {r.expiries.map((t) => (
                <g key={t}>
                  <line
                    x1={xs(t)}
                    x2={xs(t)}
                    y1={top}
                    y2={bottom}
                    stroke={c.retx}
                    strokeDasharray="2 2"
                  />
                  <path
                    d={`M${xs(t) - tri / 2},${top - tri}h${tri}l${-tri / 2},${tri}z`}
                    fill={c.retx}
                  />
                </g>
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
      <TrackTooltip tip={tip} panelWidth={w} height={h} boxWidth={220} />
    </div>
  );
}
