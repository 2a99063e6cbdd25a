/**
 * The parts the thin time tracks under the cwnd plot share (the RTO track of a flow and the
 * per-path RTO track of a multi-homed association): their frame (size, x scale on the cwnd
 * plot's margins, rows, pointer → time, click to seek), the readout in the left margin, the veil
 * over the future with the cursor line, and the pointer tooltip above the track.
 */
import { useRef, useState } from 'react';
import type { Trace } from '../../engine';
import { METRICS, PALETTE } from './palette';
import { eventAtOrBefore } from './traceCache';
import type { Theme } from './types';
import { useSize } from './useSize';

/** A track's frame: its element's size, the x scale, the rows and the pointer handling. */
export function useTrackFrame(props: {
  trace: Trace;
  theme: Theme;
  xDomain: [number, number];
  cursorTime: number;
  future?: 'faded' | 'hidden';
  onSeek: (event: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { w, h } = useSize(ref);
  const [tip, setTip] = useState<{ x: number; text: string[] } | null>(null);
  const c = PALETTE[props.theme];
  const mt = METRICS[props.theme];
  const left = mt.margin.left;
  const width = Math.max(10, w - left - mt.margin.right);
  const [x0, x1] = props.xDomain;
  const xs = (t: number) => left + ((t - x0) / (x1 - x0 || 1)) * width;
  const top = Math.ceil(mt.markPx * 1.2) + 2;
  const bottom = Math.max(top + 4, h - 3);
  const cx = Math.max(left, Math.min(left + width, xs(props.cursorTime)));
  const veil = props.future === 'hidden' ? 1 : 1 - mt.futureOpacity;
  const tri = mt.markPx * 0.8;
  const fs = Math.round(mt.fontPx * 0.85);
  /** The x (px in the track) and time of a pointer at `clientX`. */
  const timeAt = (clientX: number) => {
    const rect = ref.current!.getBoundingClientRect();
    const x = clientX - rect.left;
    return { x, t: x0 + ((x - left) / width) * (x1 - x0) };
  };
  const inside = (x: number) => x >= left && x <= left + width;
  const handlers = {
    onPointerLeave: () => setTip(null),
    onClick: (e: React.MouseEvent) => {
      const { x, t } = timeAt(e.clientX);
      if (inside(x)) props.onSeek(Math.max(0, eventAtOrBefore(props.trace, t)));
    },
  };
  return {
    ref,
    w,
    h,
    tip,
    setTip,
    c,
    mt,
    left,
    width,
    xs,
    top,
    bottom,
    cx,
    veil,
    tri,
    fs,
    timeAt,
    inside,
    handlers,
  };
}

/** The not-yet-reached part of the track veiled (`veil` = fill opacity) and the cursor at `cx` px. */
export function TrackVeil(props: {
  cx: number;
  left: number;
  width: number;
  height: number;
  bg: string;
  cursor: string;
  veil: number;
}) {
  const { cx, left, width, height, bg, cursor, veil } = props;
  return (
    <>
      <rect x={cx} y={0} width={left + width - cx} height={height} fill={bg} fillOpacity={veil} />
      <line x1={cx} x2={cx} y1={0} y2={height} stroke={cursor} strokeWidth={1} />
    </>
  );
}

/** One value line of a track's readout. */
export interface ReadoutLine {
  key: string | number;
  text: string;
  color: string;
}

/** The CSS variable that sizes a track for `values` value lines (cwnd.css). */
export const readoutStyle = (values: number) =>
  ({ '--ackp-track-rows': Math.max(1, values) }) as React.CSSProperties;

/**
 * The values at the cursor in the track's left margin, right-aligned on the margin's edge
 * (`right` px), one per line in `fs` px bold, with the label (muted) above them when the
 * track's height has room for one more line, else written upwards at the margin's left edge
 * like the plot's y-axis title (two paths' values in the one-value height; cwnd.css).
 */
export function TrackReadout(props: {
  label: string;
  lines: readonly ReadoutLine[];
  right: number;
  height: number;
  fs: number;
  muted: string;
}) {
  const { label, lines, right, height, fs, muted } = props;
  const n = lines.length;
  const stacked = (n + 1) * fs * 1.15 <= height - 2;
  const rows = stacked ? n + 1 : n;
  const lh = Math.min(fs * 1.3, (height - 2) / rows);
  /** Centre of line k of the rows, the rows centred in the height. */
  const y = (k: number) => height / 2 + (k - (rows - 1) / 2) * lh;
  const lx = fs * 0.7;
  return (
    <g data-testid="rto-readout" fontSize={fs} dominantBaseline="central">
      {stacked ? (
        <text x={right} y={y(0)} fill={muted} textAnchor="end">
          {label}
        </text>
      ) : (
        <text
          x={lx}
          y={height / 2}
          fill={muted}
          textAnchor="middle"
          transform={`rotate(-90 ${lx} ${height / 2})`}
        >
          {label}
        </text>
      )}
      {lines.map((l, k) => (
        <text
          key={l.key}
          data-testid="rto-readout-value"
          x={right}
          y={y(stacked ? k + 1 : k)}
          fill={l.color}
          fontWeight={600}
          textAnchor="end"
        >
          {l.text}
        </text>
      ))}
    </g>
  );
}

/** Tooltip lines above a track of `height` px, kept inside `panelWidth` px (`boxWidth` wide). */
export function TrackTooltip(props: {
  tip: { x: number; text: string[] } | null;
  panelWidth: number;
  height: number;
  boxWidth: number;
}) {
  const { tip, panelWidth, height, boxWidth } = props;
  if (!tip) return null;
  return (
    <div
      className="ackp-tooltip"
      style={{ left: Math.min(tip.x + 10, Math.max(0, panelWidth - boxWidth)), bottom: height + 2 }}
    >
      {tip.text.map((s) => (
        <div key={s} className="ackp-tip-line">
          {s}
        </div>
      ))}
    </div>
  );
}
