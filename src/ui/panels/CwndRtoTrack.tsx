/**
 * The retransmission timer under a flow's cwnd plot: a thin strip on the cwnd plot's x scale
 * (same margins) with the RTO (s) as a step line, ▼ at each expiry (a timeout decision), the
 * RTO at the cursor in the left margin, and a tooltip with the RTO at the pointer. Read from
 * the decisions' `after.rto` (rtoModel); the future is faded like the plots'.
 */
import { useRef, useState } from 'react';
import type { Trace } from '../../engine';
import { rtoAt, type RtoModel } from './cwnd';
import { fmtWindow } from './describe';
import { FUTURE_OPACITY, METRICS, PALETTE } from './palette';
import { eventAtOrBefore, flowLabel, fmtTime } from './traceCache';
import type { PanelProps } from './types';
import { TrackTooltip, TrackVeil } from './TrackOverlay';
import { useSize } from './useSize';

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
  const { trace, model: r, theme, xDomain } = props;
  const ref = useRef<HTMLDivElement>(null);
  const { w, h } = useSize(ref);
  const [tip, setTip] = useState<{ x: number; text: string[] } | null>(null);
  const c = PALETTE[theme];
  const m = METRICS[theme];
  const left = m.margin.left;
  const width = Math.max(10, w - left - m.margin.right);
  const [x0, x1] = xDomain;
  const xs = (t: number) => left + ((t - x0) / (x1 - x0 || 1)) * width;
  const top = Math.ceil(m.markPx * 1.2) + 2;
  const bottom = Math.max(top + 4, h - 3);
  const yMax = Math.max(1, r.max) * 1.1;
  const ys = (v: number) => bottom - (v / yMax) * (bottom - top);
  let d = '';
  for (let k = 0; k < r.points.length; k++) {
    const p = r.points[k]!;
    const next = r.points[k + 1]?.t ?? Math.max(trace.stopS, p.t);
    d += `${k === 0 ? 'M' : 'L'}${xs(p.t).toFixed(1)},${ys(p.v).toFixed(1)}H${xs(next).toFixed(1)}`;
  }
  const now = rtoAt(r, props.cursorTime);
  const cx = Math.max(left, Math.min(left + width, xs(props.cursorTime)));
  const veil = props.future === 'hidden' ? 1 : 1 - FUTURE_OPACITY;
  const tri = m.markPx * 0.8;
  const fs = Math.round(m.fontPx * 0.85);
  const timeAt = (clientX: number) => {
    const rect = ref.current!.getBoundingClientRect();
    const x = clientX - rect.left;
    return { x, t: x0 + ((x - left) / width) * (x1 - x0) };
  };
  const onMove = (e: React.PointerEvent) => {
    const { x, t } = timeAt(e.clientX);
    if (x < left || x > left + width) return setTip(null);
    const v = rtoAt(r, t);
    if (v === null) return setTip(null);
    const next = r.expiries.find((e2) => e2 >= t);
    setTip({
      x,
      text: [
        `t = ${fmtTime(t)} · RTO ${fmtWindow(v)} s`,
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
      onPointerMove={onMove}
      onPointerLeave={() => setTip(null)}
      onClick={(e) => {
        const { x, t } = timeAt(e.clientX);
        if (x >= left && x <= left + width) props.onSeek(Math.max(0, eventAtOrBefore(trace, t)));
      }}
    >
      {w > 0 && h > 0 && (
        <svg width={w} height={h} aria-hidden="true" className="ackp-layer">
          <rect x={0} y={0} width={w} height={h} fill={c.bg} />
          <text x={left - 6} y={top + fs * 0.4} textAnchor="end" fontSize={fs} fill={c.muted}>
            RTO
          </text>
          {now !== null && (
            <text
              x={left - 6}
              y={bottom}
              textAnchor="end"
              fontSize={fs}
              fill={c.fg}
              fontWeight={600}
            >
              {fmtWindow(now)} s
            </text>
          )}
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
