import type { MarkerShape, RunStyle } from '../model/compareEntries';

/**
 * A profile's marker (compareEntries profileMarker): a hollow shape centred on (x, y), filled
 * with the page's background so the line under it does not show through and it does not read
 * as a flow's filled glyph.
 */
export function MarkerGlyph(props: {
  shape: MarkerShape;
  x: number;
  y: number;
  size: number;
  color: string;
}) {
  const { shape, x, y, color } = props;
  const r = props.size / 2;
  const common = {
    fill: 'var(--bg)',
    stroke: color,
    strokeWidth: 2,
    'data-marker': shape,
  } as const;
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={r * 0.9} {...common} />;
    case 'square':
      return <rect x={x - r * 0.8} y={y - r * 0.8} width={r * 1.6} height={r * 1.6} {...common} />;
    case 'triangle':
      return <path d={`M${x},${y - r}L${x + r},${y + r * 0.75}L${x - r},${y + r * 0.75}Z`} {...common} />;
    case 'diamond':
      return <path d={`M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`} {...common} />;
  }
}

/** A compared run's legend swatch: its sender's colour and dash, and its profile's marker. */
export function RunSwatch({ style }: { style: RunStyle }) {
  return (
    <svg width="36" height="12" aria-hidden="true" style={{ overflow: 'visible' }}>
      <line
        x1="0"
        x2="36"
        y1="6"
        y2="6"
        stroke={style.color}
        strokeWidth="3"
        strokeDasharray={style.dash || undefined}
      />
      {style.marker && (
        <MarkerGlyph shape={style.marker} x={18} y={6} size={10} color={style.color} />
      )}
    </svg>
  );
}
