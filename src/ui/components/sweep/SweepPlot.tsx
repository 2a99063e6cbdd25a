import { path as d3path, scaleLinear, scalePoint } from 'd3';
import { useId, useRef } from 'react';
import { METRICS, PALETTE, type Theme } from '../../deps/panels';
import { useElementSize } from '../../hooks/useElementSize';
import type { AggregateRow } from '../../sweep/aggregate';
import type { SweepColumn } from '../../sweep/columns';
import type { SweepSpec } from '../../sweep/state';
import { publishedValue } from './SweepTable';

export interface SweepPoint {
  value: string;
  x: number;
  mean: number | null;
  sd: number | null;
  published: number | null;
}

/** The plot's points, in the sweep's value order. */
export function sweepPoints(
  spec: SweepSpec,
  rows: readonly AggregateRow[],
  column: string,
): SweepPoint[] {
  return rows.map((r) => {
    const s = r.stats[column];
    return {
      value: r.value,
      x: Number(r.value),
      mean: s?.mean ?? null,
      sd: s?.sd ?? null,
      published: publishedValue(spec, r.value, column),
    };
  });
}

/** y range covering every mean ± s.d. and published value, padded; null with nothing to show. */
export function sweepYDomain(points: readonly SweepPoint[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    for (const v of [
      p.mean === null ? null : p.mean - (p.sd ?? 0),
      p.mean === null ? null : p.mean + (p.sd ?? 0),
      p.published,
    ])
      if (v !== null && Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
  }
  if (!Number.isFinite(lo)) return null;
  const pad = Math.max((hi - lo) * 0.08, Math.abs(hi) * 0.02, 1e-6);
  return [lo - pad, hi + pad];
}

/**
 * The measured column against the swept value (e.g. SCTP's % of the throughput against the loss
 * rate, Alamgir et al. Fig. 3; link utilisation or Jain's index against n): the mean of the seeds
 * as ● on a solid line with ± s.d. whiskers, the paper's values as ◇ on a dashed line.
 */
export function SweepPlot(props: {
  spec: SweepSpec;
  rows: readonly AggregateRow[];
  column: SweepColumn;
  theme: Theme;
}) {
  const { spec, rows, column, theme } = props;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { w } = useElementSize(ref, { w: 560, h: 260 });
  const c = PALETTE[theme];
  const m = METRICS[theme];
  const height = theme === 'projector' ? 380 : 260;
  const margin = { top: 14, right: 20, bottom: m.fontPx * 3.2, left: m.fontPx * 4.6 };
  const points = sweepPoints(spec, rows, column.id);
  const yDom = sweepYDomain(points);
  const numeric = points.every((p) => Number.isFinite(p.x));
  const integers = points.every((p) => Number.isInteger(p.x));
  const width = Math.max(260, w);
  const x0 = margin.left;
  const x1 = width - margin.right;
  const xMin = points.reduce((a, p) => Math.min(a, p.x), Infinity);
  const xMax = points.reduce((a, p) => Math.max(a, p.x), -Infinity);
  const xLin = scaleLinear()
    .domain(numeric && xMax > xMin ? [xMin, xMax] : [0, 1])
    .range([x0 + 12, x1 - 12]);
  const xPt = scalePoint<string>()
    .domain(points.map((p) => p.value))
    .range([x0 + 12, x1 - 12]);
  const xOf = (p: SweepPoint) => (numeric && xMax > xMin ? xLin(p.x) : (xPt(p.value) ?? x0));
  const y = scaleLinear()
    .domain(yDom ?? [0, 1])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const line = (key: 'mean' | 'published') => {
    const p = d3path();
    let started = false;
    for (const pt of points) {
      const v = pt[key];
      if (v === null) continue;
      if (started) p.lineTo(xOf(pt), y(v));
      else p.moveTo(xOf(pt), y(v));
      started = true;
    }
    return p.toString();
  };
  const r = m.markPx * 0.75;
  const measured = `measured: mean ± s.d. over the seeds`;
  const paper = spec.published ? `paper (${spec.published.source})` : null;
  const summary =
    `${column.label} against ${spec.key}: ` +
    points
      .map(
        (p) =>
          `${spec.key} ${p.value}: ${p.mean === null ? 'no run yet' : p.mean.toFixed(column.digits)}` +
          (p.published !== null ? ` (paper ${p.published})` : ''),
      )
      .join('; ');
  return (
    <figure className="sweep-plot" aria-labelledby={titleId}>
      <figcaption id={titleId}>
        {column.label}
        {column.unit ? ` (${column.unit})` : ''} against {spec.key}
      </figcaption>
      <div ref={ref} className="sweep-plot-area">
        <svg width={width} height={height} role="img" aria-label={summary} data-testid="sweep-plot">
          <rect x={0} y={0} width={width} height={height} fill={c.bg} />
          {y.ticks(5).map((t) => (
            <g key={`y${t}`}>
              <line x1={x0} x2={x1} y1={y(t)} y2={y(t)} stroke={c.grid} />
              <text
                x={x0 - 6}
                y={y(t) + m.tickFontPx * 0.35}
                textAnchor="end"
                fontSize={m.tickFontPx}
                fill={c.muted}
              >
                {Number(t.toPrecision(6))}
              </text>
            </g>
          ))}
          {(numeric && xMax > xMin
            ? xLin
                .ticks(Math.max(2, Math.floor(width / 90)))
                // Whole-number keys (n) get whole-number ticks only.
                .filter((t) => !integers || Number.isInteger(t))
                .map((t) => ({ key: String(t), x: xLin(t) }))
            : points.map((p) => ({ key: p.value, x: xOf(p) }))
          ).map((t) => (
            <g key={`x${t.key}`}>
              <line
                x1={t.x}
                x2={t.x}
                y1={height - margin.bottom}
                y2={height - margin.bottom + 5}
                stroke={c.fg}
              />
              <text
                x={t.x}
                y={height - margin.bottom + m.tickFontPx + 6}
                textAnchor="middle"
                fontSize={m.tickFontPx}
                fill={c.muted}
              >
                {t.key}
              </text>
            </g>
          ))}
          <line
            x1={x0}
            x2={x1}
            y1={height - margin.bottom}
            y2={height - margin.bottom}
            stroke={c.fg}
          />
          <line x1={x0} x2={x0} y1={margin.top} y2={height - margin.bottom} stroke={c.fg} />
          <text
            x={(x0 + x1) / 2}
            y={height - 6}
            textAnchor="middle"
            fontSize={m.fontPx}
            fill={c.fg}
          >
            {spec.key}
          </text>
          <text
            transform={`translate(${m.fontPx * 1.1},${(margin.top + height - margin.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={m.fontPx}
            fill={c.fg}
          >
            {column.label}
            {column.unit ? ` (${column.unit})` : ''}
          </text>
          {paper && (
            <path
              d={line('published')}
              fill="none"
              stroke={c.window}
              strokeWidth={m.linePx}
              strokeDasharray="6 4"
            />
          )}
          <path d={line('mean')} fill="none" stroke={c.data} strokeWidth={m.linePx} />
          {points.map((p) =>
            p.mean === null ? null : (
              <g key={`m${p.value}`} data-value={p.value}>
                {p.sd !== null && (
                  <path
                    d={`M${xOf(p)},${y(p.mean - p.sd)}V${y(p.mean + p.sd)}M${xOf(p) - r},${y(p.mean - p.sd)}h${2 * r}M${xOf(p) - r},${y(p.mean + p.sd)}h${2 * r}`}
                    stroke={c.data}
                    strokeWidth={m.strokePx}
                  />
                )}
                <circle cx={xOf(p)} cy={y(p.mean)} r={r} fill={c.data} />
              </g>
            ),
          )}
          {points.map((p) =>
            p.published === null ? null : (
              <path
                key={`p${p.value}`}
                d={`M${xOf(p)},${y(p.published) - r * 1.4}l${r * 1.4},${r * 1.4}l${-r * 1.4},${r * 1.4}l${-r * 1.4},${-r * 1.4}Z`}
                fill={c.bg}
                stroke={c.window}
                strokeWidth={m.strokePx}
              />
            ),
          )}
        </svg>
      </div>
      <ul className="sweep-legend" aria-label="legend">
        <li>
          <svg width={34} height={14} aria-hidden="true">
            <line x1={2} x2={32} y1={7} y2={7} stroke={c.data} strokeWidth={2} />
            <circle cx={17} cy={7} r={4} fill={c.data} />
          </svg>{' '}
          ● {measured}
        </li>
        {paper && (
          <li>
            <svg width={34} height={14} aria-hidden="true">
              <line
                x1={2}
                x2={32}
                y1={7}
                y2={7}
                stroke={c.window}
                strokeWidth={2}
                strokeDasharray="6 4"
              />
              <path d="M17,2l5,5l-5,5l-5,-5Z" fill={c.bg} stroke={c.window} strokeWidth={1.5} />
            </svg>{' '}
            ◇ {paper}
          </li>
        )}
      </ul>
    </figure>
  );
}
