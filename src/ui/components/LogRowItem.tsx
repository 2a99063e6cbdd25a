import { memo } from 'react';
import { PacketEventKind, PacketType, reason, type Trace } from '../../engine';
import { flowStyle, PALETTE } from '../deps/panels';
import { legendFor } from '../model/legend';
import type { LogPart } from '../model/logRow';
import type { LogRow } from '../model/logRows';
import { useApp } from '../store';
import type { ThemeName } from '../store/types';

/** The first send of `packet` by `flow` at or after event `from` (trace lookup, no logic). */
function sendEventOf(trace: Trace, from: number, flow: number, packet: number): number | null {
  const P = trace.packets;
  const X = trace.transmissions;
  for (let i = Math.max(0, from); i < P.length; i++) {
    if (P.kind[i] !== PacketEventKind.send) continue;
    const u = P.uid[i]!;
    if (X.flow[u] === flow && X.packet[u] === packet && X.type[u] === PacketType.data) return i;
  }
  return null;
}

export interface LogRowItemProps {
  trace: Trace;
  row: LogRow;
  /** The row's entry in the log (model/logEntries.ts; default its decision id): its element id. */
  entry?: number;
  /** Which run's log this is (compare mode): ids stay unique across logs. */
  logIndex: number;
  /** Top in pixels when the list is virtualised (fixed row height), else undefined. */
  top?: number;
  height?: number;
  isCurrent: boolean;
  isFuture: boolean;
  isActive: boolean;
  lit: boolean;
  multiFlow: boolean;
  theme: ThemeName;
  onSeek: (row: LogRow) => void;
}

/**
 * One decision: time, the rule's glyph, the engine's sentence read once — its trigger in bold,
 * the rule's name in the mark's colour (or as a tag before the sentence when the sentence does
 * not say it), the packets it sent as links — then its source in a quieter style.
 */
export const LogRowItem = memo(function LogRowItem(props: LogRowItemProps) {
  const { trace, row: r, logIndex, theme } = props;
  const virtual = props.top !== undefined;
  const lg = legendFor(r.d.code, theme);
  const renderPart = (part: LogPart, key: number) => {
    if (part.kind === 'text') return <span key={key}>{part.text}</span>;
    if (part.kind === 'rule')
      return (
        <span key={key} className="log-rule" style={{ textDecorationColor: lg.color }}>
          {part.text}
        </span>
      );
    const p = part.packet;
    return (
      <button
        key={key}
        type="button"
        tabIndex={-1}
        className="packet-link"
        title={`Show packet ${p} in every panel; click to go to where it is sent`}
        onMouseEnter={() => useApp.getState().setHovered({ flow: r.d.flow, packet: p })}
        onMouseLeave={() => useApp.getState().setHovered(null)}
        onClick={(e) => {
          e.stopPropagation();
          const ev = sendEventOf(trace, r.event, r.d.flow, p);
          if (ev !== null && logIndex === 0) useApp.getState().seek(ev);
          else props.onSeek(r);
        }}
      >
        {part.text}
      </button>
    );
  };
  const cls = [
    'log-row',
    virtual ? 'virtual' : '',
    props.isCurrent ? 'current' : '',
    props.isFuture ? 'future' : '',
    reason(r.d.code).significant ? 'significant' : '',
    props.isActive ? 'active' : '',
    props.lit ? 'lit' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      id={`log-row-${logIndex}-${props.entry ?? r.id}`}
      role="option"
      aria-selected={props.isCurrent}
      className={cls}
      data-decision={r.id}
      data-event={r.event}
      style={virtual ? { top: props.top, height: props.height } : undefined}
      onClick={() => props.onSeek(r)}
      onMouseEnter={() => {
        const p = r.d.packets[0] ?? (r.d.trigger.kind === 'ack' ? r.d.trigger.cumAck + 1 : null);
        useApp.getState().setHovered(p === null ? null : { flow: r.d.flow, packet: p });
      }}
      onMouseLeave={() => useApp.getState().setHovered(null)}
    >
      <div className="log-main">
        <span className="log-time">{r.d.time.toFixed(4)}</span>
        {props.multiFlow && (
          <span className="log-flow">
            <span
              className="log-flow-glyph"
              aria-hidden="true"
              style={{ color: PALETTE[theme][flowStyle(r.d.flow).color] }}
            >
              {flowStyle(r.d.flow).symbol}
            </span>{' '}
            flow {r.d.flow + 1}{' '}
          </span>
        )}
        <span className="glyph" aria-hidden="true" style={{ color: lg.color }}>
          {lg.glyph}
        </span>
        {r.parts.tag && (
          <span className="log-tag" style={{ borderColor: lg.color }}>
            {r.parts.tag}
          </span>
        )}
        <span className="log-text">
          {r.parts.head.length > 0 && (
            <strong className="log-head">{r.parts.head.map(renderPart)}</strong>
          )}
          {r.parts.body.map(renderPart)}
        </span>
        {r.parts.extraPackets.length > 0 && (
          <span className="log-packets">
            {' · sends '}
            {r.parts.extraPackets
              .slice(0, 8)
              .map((p) => renderPart({ kind: 'packet', text: String(p), packet: p }, p))}
            {r.parts.extraPackets.length > 8 ? '…' : ''}
          </span>
        )}
      </div>
      {r.parts.source && <cite className="log-source">{r.parts.source}</cite>}
      {r.note && (
        <p className="log-note" title={`RFC text: ${r.note.sentence} (${r.note.source})`}>
          <span className="log-note-tag">RFC text</span> {r.note.sentence}{' '}
          <cite className="log-note-source">{r.note.source}</cite>
        </p>
      )}
    </li>
  );
});
