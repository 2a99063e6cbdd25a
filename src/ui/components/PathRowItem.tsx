import { memo } from 'react';
import { flowStyle, PALETTE, pathStyle } from '../deps/panels';
import { pathRowLegend, type PathLogRow } from '../model/pathLogRows';
import type { ThemeName } from '../store/types';

export interface PathRowItemProps {
  row: PathLogRow;
  /** The entry's position in the log (its element id). */
  entry: number;
  logIndex: number;
  top?: number;
  height?: number;
  isCurrent: boolean;
  isFuture: boolean;
  isActive: boolean;
  multiFlow: boolean;
  theme: ThemeName;
  onSeek: (row: PathLogRow) => void;
}

/**
 * One path event of a multi-homed SCTP association in the explanation log, read like a decision
 * row: time, the event's glyph in its mark's colour, the trigger in bold, the path's name with
 * its glyph and colour (as its lines and packets are drawn), then the RFC section, and under
 * ns-2's rules what RFC 4960 would do instead (the engine's note), as on a decision row.
 */
export const PathRowItem = memo(function PathRowItem(props: PathRowItemProps) {
  const { row: r, theme } = props;
  const virtual = props.top !== undefined;
  const lg = pathRowLegend(r, theme);
  const ps = pathStyle(r.path);
  const cls = [
    'log-row',
    'log-path-row',
    virtual ? 'virtual' : '',
    props.isCurrent ? 'current' : '',
    props.isFuture ? 'future' : '',
    r.significant ? 'significant' : '',
    props.isActive ? 'active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      id={`log-row-${props.logIndex}-${props.entry}`}
      role="option"
      aria-selected={props.isCurrent}
      className={cls}
      data-path-event={r.name}
      data-path={r.path}
      data-event={r.event}
      style={virtual ? { top: props.top, height: props.height } : undefined}
      onClick={() => props.onSeek(r)}
    >
      <div className="log-main">
        <span className="log-time">{r.time.toFixed(4)}</span>
        {props.multiFlow && (
          <span className="log-flow">
            <span
              className="log-flow-glyph"
              aria-hidden="true"
              style={{ color: PALETTE[theme][flowStyle(r.flow).color] }}
            >
              {flowStyle(r.flow).symbol}
            </span>{' '}
            flow {r.flow + 1}{' '}
          </span>
        )}
        <span className="glyph" aria-hidden="true" style={{ color: lg.color }}>
          {lg.glyph}
        </span>
        <span className="log-tag log-path-tag" style={{ borderColor: PALETTE[theme][ps.color] }}>
          <span aria-hidden="true" style={{ color: PALETTE[theme][ps.color] }}>
            {ps.symbols[0]}
          </span>{' '}
          {r.pathName}
        </span>
        <span className="log-text">
          <strong className="log-head">{r.head}</strong>
          {r.body}
        </span>
      </div>
      <cite className="log-source">{r.source}</cite>
      {r.note && (
        <p className="log-note" title={`RFC text: ${r.note.sentence} (${r.note.source})`}>
          <span className="log-note-tag">RFC text</span> {r.note.sentence}{' '}
          <cite className="log-note-source">{r.note.source}</cite>
        </p>
      )}
    </li>
  );
});
