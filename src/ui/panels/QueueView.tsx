/**
 * Topology and queue view (nam-like): nodes and links left → right, the packets on each wire
 * at the cursor, and the router's bottleneck queue as a stack of boxes up to its limit, with
 * drops flashing beside it. This is where a class sees the queue fill and overflow. On a link
 * that runs an AQM, two lines at the top read the queue (packets, bytes, the head's wait) and the
 * discipline's state at the cursor (aqmReadout.ts). A run with a shared medium (a Wi-Fi or WiMAX
 * cell) gets a line per cell under it (MediumStrip): who is on the air, who counts down a
 * backoff, collisions and retries.
 */
import { select } from 'd3';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { aqmReadout } from './aqmReadout';
import { describeEvent } from './describe';
import { drawQueueView } from './draw/queue';
import { queueSummary, queueViewState } from './draw/queueState';
import type { LegendItem } from './Legend';
import { Legend } from './Legend';
import { flowStyle, Glyph, MARK_STYLES, MarkKind } from './palette';
import { linkLabel } from './traceCache';
import { prepareLinkTimelines } from './queue';
import type { PanelDescriptor } from './descriptor';
import { pathLegend } from './pathLegend';
import { RouterChoiceButtons, useRouterChoice, type RouterChoiceProps } from './RouterChoices';
import { Tooltip, type TipState } from './Tooltip';
import type { PanelProps, PlotOptions } from './types';
import { useSize } from './useSize';
import { MediumStrip } from './MediumStrip';
import { PanelRoot } from './PanelRoot';
import './panels.css';

export type QueueViewProps = PanelProps & PlotOptions & RouterChoiceProps;

export function QueueView(props: QueueViewProps) {
  const { cursor, cursorTime, theme, highlight, onHover, onSeek } = props;
  // Multi-homed paths through different first routers: the queue of the router chosen here (the
  // view reads the trace with that router and its link as the bottleneck).
  const choice = useRouterChoice(props.trace, props);
  const { at } = choice;
  const trace = useMemo(
    () =>
      at.router === props.trace.router && at.bottleneck === props.trace.bottleneck
        ? props.trace
        : { ...props.trace, router: at.router, bottleneck: at.bottleneck },
    [props.trace, at],
  );
  const areaRef = useRef<HTMLDivElement>(null);
  const gRef = useRef<SVGGElement>(null);
  const [tip, setTip] = useState<TipState | null>(null);
  const hoverKey = useRef('');
  const { w, h } = useSize(areaRef, props.width, props.height);
  const state = useMemo(
    () => queueViewState(trace, cursor, cursorTime),
    [trace, cursor, cursorTime],
  );

  useLayoutEffect(() => {
    if (!gRef.current || w === 0 || h === 0) return;
    drawQueueView(select(gRef.current), { trace, state, width: w, height: h, theme, highlight });
  }, [trace, state, w, h, theme, highlight]);

  const legend = useMemo<LegendItem[]>(() => {
    // Several flows: packets take their flow's colour, and their number follows its glyph.
    const multi = trace.flows.length > 1;
    const items: LegendItem[] = [
      {
        key: 'data',
        label: multi
          ? `data packet, in its flow’s colour (${flowStyle(0).symbol}15: flow 1’s packet 15)`
          : 'data packet',
        swatch: {
          type: 'glyph',
          glyph: Glyph.squareFilled,
          color: multi ? 'fg' : 'data',
          scale: 1.8,
        },
      },
      {
        key: 'retx',
        label: 'retransmission',
        swatch: { type: 'glyph', glyph: Glyph.squareOpen, color: 'retx', scale: 1.8 },
      },
      {
        key: 'ack',
        label: multi ? 'ACK, in its flow’s colour' : 'ACK',
        swatch: {
          type: 'glyph',
          glyph: Glyph.circleFilled,
          color: multi ? 'fg' : 'ack',
          scale: 1.5,
        },
      },
    ];
    // Multi-homed SCTP: each path's packet shape.
    for (const it of pathLegend(
      trace,
      trace.flows.map((f) => f.id),
      'queue',
      multi ? 'fg' : 'data',
    ))
      items.push(it);
    const ls = trace.linkStats[trace.bottleneck]?.drops;
    for (const [k, n] of [
      [MarkKind.dropScripted, ls?.scripted ?? 0],
      [MarkKind.dropOverflow, ls?.overflow ?? 0],
      [MarkKind.dropAqm, ls?.aqm ?? 0],
      [MarkKind.ceMark, trace.linkStats[trace.bottleneck]?.marks ?? 0],
      [MarkKind.dropRandom, ls?.random ?? 0],
      [MarkKind.dropLinkDown, ls?.linkDown ?? 0],
      [MarkKind.dropMacRetry, ls?.macRetry ?? 0],
    ] as const) {
      if (n === 0) continue;
      const st = MARK_STYLES[k];
      items.push({
        key: `k${k}`,
        label: st.label,
        swatch: { type: 'glyph', glyph: st.glyph, color: st.color, scale: 1.6 },
      });
    }
    return items;
  }, [trace]);

  const readout = useMemo(() => aqmReadout(trace, state), [trace, state]);

  const target = (e: React.PointerEvent) =>
    (e.target as Element).closest?.('[data-packet]') as SVGGElement | null;

  const onPointerMove = (e: React.PointerEvent) => {
    const el = target(e);
    if (!el) {
      if (hoverKey.current) onHover(null);
      hoverKey.current = '';
      setTip(null);
      return;
    }
    const ev = Number(el.dataset.event);
    const key = `${ev}`;
    if (key === hoverKey.current) return;
    hoverKey.current = key;
    onHover({ flow: Number(el.dataset.flow), packet: Number(el.dataset.packet) });
    const r = areaRef.current!.getBoundingClientRect();
    const entry = describeEvent(trace, ev);
    const slot = state.slots.findIndex((q) => q.join === ev);
    if (slot >= 0)
      entry.lines.unshift(
        `waiting in the queue of ${linkLabel(trace, trace.bottleneck)}, position ${slot + 1}`,
      );
    setTip({ x: e.clientX - r.left, y: e.clientY - r.top, entries: [entry] });
  };

  const onLeave = () => {
    if (hoverKey.current) onHover(null);
    hoverKey.current = '';
    setTip(null);
  };

  const onClick = (e: React.MouseEvent) => {
    const el = (e.target as Element).closest?.('[data-packet]') as SVGGElement | null;
    if (!el) return;
    const seek = Number(el.dataset.seek);
    onSeek(seek >= 0 ? seek : Number(el.dataset.event));
  };

  const title = `Topology and queue · ${linkLabel(trace, trace.bottleneck)}`;
  return (
    <PanelRoot theme={theme} className={`ackp-queue ${props.className ?? ''}`}>
      <RouterChoiceButtons
        state={choice}
        label="Queue shown"
        testId="queue-choice"
        titleOf={(c) => `Show the queue of ${linkLabel(props.trace, c.bottleneck)}`}
      />
      <div className="ackp-timeplot" data-panel="queue">
        {props.legend !== false && <Legend items={legend} theme={theme} title={title} />}
        {readout && (
          // Two lines of fixed height, each cut with an ellipsis when the panel is narrow (the
          // whole text is the tooltip): the topology below keeps its size as the cursor moves.
          <div
            className="ackp-aqm-readout"
            data-testid="aqm-readout"
            title={`${readout.queue}\n${readout.state}`}
          >
            <p>{readout.queue}</p>
            <p>{readout.state}</p>
          </div>
        )}
        <div
          ref={areaRef}
          className="ackp-area"
          role="img"
          aria-label={queueSummary(trace, state)}
          style={{ width: props.width, height: props.height }}
        >
          {w > 0 && h > 0 && (
            <svg
              className="ackp-layer ackp-main"
              width={w}
              height={h}
              aria-hidden="true"
              onPointerMove={onPointerMove}
              onPointerLeave={onLeave}
              onClick={onClick}
            >
              <rect x={0} y={0} width={w} height={h} fill="transparent" />
              <g ref={gRef} />
            </svg>
          )}
          <Tooltip tip={tip} theme={theme} />
        </div>
        <MediumStrip trace={trace} cursorTime={cursorTime} />
      </div>
    </PanelRoot>
  );
}

/** The queue view in the app: a lower tab; its router the `router` key's, as the router plot's. */
export const queuePanel = {
  id: 'queue',
  title: 'Queue',
  slot: 'lower',
  exportable: true,
  figure: true,
  showsRouter: true,
  prepare: (trace) => [(ms) => prepareLinkTimelines(trace, ms)],
  Component: ({ view, ...p }) => (
    <QueueView {...p} router={view.routerNode} onRouterChange={view.onRouterChange} />
  ),
} as const satisfies PanelDescriptor<'queue'>;
