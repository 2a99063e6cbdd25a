/**
 * The frame every time plot shares (router, cwnd, time–sequence): x = time, a static layer
 * redrawn only when the trace, theme, size or zoom change (SVG for small traces, canvas for
 * large ones) and a cheap cursor layer (past solid / future faint, highlight, playhead).
 * Hover uses a quadtree over the marks' pixel positions; click seeks; drag box-zooms x.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TooltipEntry } from './describe';
import type { AxisSpec } from './draw/axes';
import { drawCursor } from './draw/cursorLayer';
import { describeRateBin } from './draw/density';
import { plotComplexity, type BandSpec, type LineSpec, type MarkLayer } from './draw/layers';
import { pickMarks } from './draw/pick';
import { fitXAxis } from './draw/frame';
import { drawStatic, hitRadius, planAggregation, plotFrame, type Static } from './draw/staticLayer';
import type { AggregateSpec } from './draw/density';
import { canvasAvailable, SVG_MARK_LIMIT } from './env';
import { Legend, type LegendItem } from './Legend';
import { METRICS, PALETTE } from './palette';
import { Tooltip, type TipState } from './Tooltip';
import type { PacketRef, PanelProps, PlotOptions } from './types';
import { useSize } from './useSize';
import { PERF_PLOT, perfMark } from '../perf/marks';

export interface TimePlotSpec extends AxisSpec {
  yDomain: [number, number];
  /** y range fitted to a time range (zoom); default the fixed yDomain. */
  yDomainFor?: (x: [number, number]) => [number, number];
  /** The marks; `aggregate` says how to draw them when they are too dense to tell apart. */
  layer: MarkLayer & { aggregate?: AggregateSpec };
  lines: LineSpec[];
  bands: BandSpec[];
  legend: LegendItem[];
  title?: string;
  ariaLabel: string;
  /** Tooltip entries for marks under the pointer. */
  describe: (marks: number[]) => TooltipEntry[];
  /** Tooltip when no mark is near (e.g. cwnd values at time t). */
  describeTime?: (t: number) => TooltipEntry | null;
  /** Event index a click on the background at time t seeks to. */
  seekTime: (t: number) => number;
  /** Packet lit up when hovering mark i (default its flow and packet). */
  hoverRef?: (i: number) => PacketRef | null;
}

type CursorProps = Pick<
  PanelProps,
  'cursor' | 'cursorTime' | 'highlight' | 'onHover' | 'onSeek' | 'onXDomain' | 'theme'
>;

export interface TimePlotProps extends CursorProps, PlotOptions {
  spec: TimePlotSpec;
  xDomain: [number, number];
  /** Extra data attribute naming the panel (for tests / export). */
  panel: string;
  /** Lay the plot out but draw it later (a long run draws one plot per task). */
  deferDraw?: boolean;
}

const MIN_BOX_PX = 20;

export function TimePlot(props: TimePlotProps) {
  const { spec, theme, cursor, cursorTime, highlight, onHover, onSeek, onXDomain, xDomain } = props;
  const panelName = props.panel;
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const areaRef = useRef<HTMLDivElement>(null);
  const axesRef = useRef<SVGGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const linesRef = useRef<SVGGElement>(null);
  const marksRef = useRef<SVGGElement>(null);
  const dynRef = useRef<SVGGElement>(null);
  const boxRef = useRef<SVGRectElement>(null);
  const staticRef = useRef<Static | null>(null);
  const [staticVersion, setStaticVersion] = useState(0);
  const [tip, setTip] = useState<TipState | null>(null);
  const hoverKey = useRef<string>('');
  const drag = useRef<{ x0: number; moved: boolean } | null>(null);

  const { w, h, sync } = useSize(areaRef, props.width, props.height);
  const marks = spec.layer.marks;
  const complexity = useMemo(() => plotComplexity(spec.layer, spec.lines, spec.bands), [spec]);
  const useCanvas =
    (props.renderer === 'canvas' || (props.renderer !== 'svg' && complexity > SVG_MARK_LIMIT)) &&
    canvasAvailable();
  // Marks a pixel cannot separate are aggregated (a long run seen whole).
  const plotWidth = w - METRICS[theme].margin.left - METRICS[theme].margin.right;
  const agg = useMemo(() => planAggregation(spec, xDomain, plotWidth), [spec, xDomain, plotWidth]);
  const frame = useMemo(() => {
    const mode = props.xAxis ?? 'full';
    return plotFrame(
      spec,
      agg,
      w,
      h,
      theme,
      xDomain,
      props.fitXAxis ? fitXAxis(mode, h, theme) : mode,
    );
  }, [spec, agg, w, h, theme, xDomain, props.xAxis, props.fitXAxis]);
  const futureAlpha = props.future === 'hidden' ? 0 : METRICS[theme].futureOpacity;
  const ids = { clip: `ackp-clip-${uid}`, maskL: `ackp-ml-${uid}`, maskM: `ackp-mm-${uid}` };

  // ---------------------------------------------------------------- static layer
  const deferDraw = props.deferDraw ?? false;
  useLayoutEffect(() => {
    if (w === 0 || h === 0 || !axesRef.current || !linesRef.current || !marksRef.current) return;
    if (deferDraw) return;
    // Not at a size the layout has left: the re-render at the new size draws.
    if (!sync()) return;
    staticRef.current = drawStatic(
      spec,
      agg,
      frame,
      {
        axes: axesRef.current,
        lines: linesRef.current,
        marks: marksRef.current,
        canvas: useCanvas ? canvasRef.current : null,
        prev: staticRef.current?.canvas ?? null,
      },
      { w, h },
    );
    perfMark(PERF_PLOT, panelName);
    setStaticVersion((v) => v + 1);
  }, [frame, spec, agg, useCanvas, w, h, panelName, deferDraw, sync]);

  // ---------------------------------------------------------------- cursor layer
  useLayoutEffect(() => {
    const st = staticRef.current;
    if (!st || st.frame !== frame || !dynRef.current) return;
    drawCursor(
      st,
      { cursor, cursorTime, highlight, theme, futureAlpha },
      {
        dyn: dynRef.current,
        canvas: canvasRef.current,
        maskLines: ids.maskL,
        maskMarks: ids.maskM,
      },
    );
  }, [
    frame,
    cursor,
    cursorTime,
    highlight,
    theme,
    futureAlpha,
    staticVersion,
    ids.maskL,
    ids.maskM,
  ]);

  // ---------------------------------------------------------------- interaction
  const localXY = (e: { clientX: number; clientY: number }) => {
    const r = areaRef.current!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };

  const inPlot = (x: number, y: number) => {
    const p = frame.plot;
    return (
      x >= p.left - 4 && x <= p.left + p.width + 4 && y >= p.top - 4 && y <= p.top + p.height + 4
    );
  };

  /** The mark under the pointer first, then the others under it (pick.ts's rule). */
  const pick = useCallback(
    (x: number, y: number): number[] => {
      const st = staticRef.current;
      return st ? pickMarks(st.pick, x, y, hitRadius(theme)) : [];
    },
    [theme],
  );

  const refOf = useCallback(
    (i: number): PacketRef | null =>
      spec.hoverRef ? spec.hoverRef(i) : { flow: marks.flow[i]!, packet: marks.packet[i]! },
    [spec, marks],
  );

  const onPointerMove = (e: React.PointerEvent) => {
    const [x, y] = localXY(e);
    if (drag.current) {
      const dx = x - drag.current.x0;
      if (Math.abs(dx) > 3) drag.current.moved = true;
      const box = boxRef.current;
      if (box && drag.current.moved && onXDomain) {
        const p = frame.plot;
        const xa = Math.max(p.left, Math.min(drag.current.x0, x));
        const xb = Math.min(p.left + p.width, Math.max(drag.current.x0, x));
        box.setAttribute('x', String(xa));
        box.setAttribute('width', String(Math.max(0, xb - xa)));
        box.setAttribute('y', String(p.top));
        box.setAttribute('height', String(p.height));
        box.style.display = '';
        box.dataset.small = xb - xa < MIN_BOX_PX ? '1' : '0';
      }
      return;
    }
    if (!inPlot(x, y)) {
      leave();
      return;
    }
    const hits = pick(x, y);
    if (hits.length) {
      const key = `m${hits.join(',')}`;
      if (key !== hoverKey.current) {
        hoverKey.current = key;
        const ref = refOf(hits[0]!);
        onHover(ref);
        setTip({
          x: frame.x(marks.t[hits[0]!]!),
          y: staticRef.current!.py[hits[0]!]!,
          entries: spec.describe(hits.slice(0, 4)),
        });
      }
      return;
    }
    if (hoverKey.current.startsWith('m')) onHover(null);
    const t = frame.x.invert(x);
    const rate = staticRef.current?.agg?.rate;
    const entry =
      spec.describeTime?.(t) ??
      (rate && staticRef.current ? describeRateBin(rate, staticRef.current.agg!.spec, t) : null);
    hoverKey.current = `t${Math.round(x)}`;
    setTip(entry ? { x, y, entries: [entry] } : null);
  };

  const leave = () => {
    if (hoverKey.current.startsWith('m')) onHover(null);
    hoverKey.current = '';
    setTip(null);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0) return;
    const [x, y] = localXY(e);
    if (!inPlot(x, y)) return;
    drag.current = { x0: x, moved: false };
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
  };

  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (boxRef.current) boxRef.current.style.display = 'none';
    if (!d) return;
    const [x, y] = localXY(e);
    if (d.moved && onXDomain) {
      if (Math.abs(x - d.x0) >= MIN_BOX_PX) {
        const p = frame.plot;
        const a = frame.x.invert(Math.max(p.left, Math.min(d.x0, x)));
        const b = frame.x.invert(Math.min(p.left + p.width, Math.max(d.x0, x)));
        if (b > a) onXDomain([a, b]);
      }
      return;
    }
    const hits = pick(x, y);
    const ev = hits.length ? marks.event[hits[0]!]! : spec.seekTime(frame.x.invert(x));
    if (ev >= 0) onSeek(ev);
  };

  // Ctrl/⌘ + wheel zooms x around the pointer (plain wheel keeps scrolling the page).
  useEffect(() => {
    const el = areaRef.current;
    if (!el || !onXDomain) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const t = frame.x.invert(e.clientX - r.left);
      const [a, b] = frame.x.domain() as [number, number];
      const k = Math.exp(Math.max(-0.5, Math.min(0.5, e.deltaY * 0.002)));
      onXDomain([t - (t - a) * k, t + (b - t) * k]);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [frame, onXDomain]);

  const c = PALETTE[theme];
  const { plot } = frame;
  const showLegend = props.legend !== false;
  return (
    <div className={`ackp-timeplot ${props.className ?? ''}`} data-panel={props.panel}>
      {showLegend && (
        <Legend
          items={agg?.spec.legend?.(theme) ?? spec.legend}
          theme={theme}
          title={agg?.spec.note && spec.title ? `${spec.title} · ${agg.spec.note}` : spec.title}
        />
      )}
      <div
        ref={areaRef}
        className="ackp-area"
        role="img"
        aria-label={spec.ariaLabel}
        style={{ width: props.width, height: props.height }}
        data-renderer={useCanvas ? 'canvas' : 'svg'}
        data-aggregate={agg ? agg.spec.mode : undefined}
      >
        {w > 0 && h > 0 && (
          <>
            <svg className="ackp-layer ackp-axes" width={w} height={h} aria-hidden="true">
              <rect x={0} y={0} width={w} height={h} fill={c.bg} />
              <g ref={axesRef} />
            </svg>
            {useCanvas && (
              <canvas
                ref={canvasRef}
                className="ackp-layer"
                style={{ width: w, height: h }}
                aria-hidden="true"
              />
            )}
            <svg
              className="ackp-layer ackp-main"
              width={w}
              height={h}
              aria-hidden="true"
              onPointerMove={onPointerMove}
              onPointerLeave={leave}
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
            >
              <defs>
                <clipPath id={ids.clip}>
                  <rect
                    x={plot.left - 1}
                    y={plot.top - 1}
                    width={plot.width + 2}
                    height={plot.height + 2}
                  />
                </clipPath>
                {[ids.maskL, ids.maskM].map((id) => (
                  <mask
                    key={id}
                    id={id}
                    maskUnits="userSpaceOnUse"
                    x={0}
                    y={0}
                    width={w}
                    height={h}
                  >
                    <rect className="ackp-past" x={0} y={0} width={0} height={h} fill="#fff" />
                    <rect
                      className="ackp-future"
                      x={0}
                      y={0}
                      width={w}
                      height={h}
                      fill="#fff"
                      fillOpacity={futureAlpha}
                    />
                  </mask>
                ))}
              </defs>
              <g clipPath={`url(#${ids.clip})`}>
                <g
                  ref={linesRef}
                  className="ackp-lines"
                  mask={useCanvas ? undefined : `url(#${ids.maskL})`}
                />
                <g
                  ref={marksRef}
                  className="ackp-marks"
                  mask={useCanvas ? undefined : `url(#${ids.maskM})`}
                />
                <g ref={dynRef} className="ackp-dynamic" />
              </g>
              <rect
                ref={boxRef}
                className="ackp-zoombox"
                style={{ display: 'none' }}
                fill={c.highlight}
                fillOpacity={0.18}
                stroke={c.highlight}
                strokeWidth={1.5}
              />
            </svg>
            <Tooltip tip={tip} theme={theme} />
          </>
        )}
      </div>
    </div>
  );
}
