/**
 * The parts the thin time tracks under the cwnd plot share (the RTO track of a flow and the
 * per-path RTO track of a multi-homed association): the veil over the future with the cursor
 * line, and the pointer tooltip above the track.
 */

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
