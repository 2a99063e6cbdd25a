import { memo } from 'react';
import { flowStyle, PALETTE } from '../deps/panels';
import { macRowLegend, type MacLogRow } from '../model/macLogRows';
import type { ThemeName } from '../store/types';

export interface MacRowItemProps {
  row: MacLogRow;
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
  onSeek: (row: MacLogRow) => void;
}

/**
 * One MAC retry or retry-limit drop of a radio cell in the explanation log, drawn like a path
 * row (PathRowItem): time, the flow, the row's glyph (⊗ a drop, as its mark; ↻ a retry), the
 * cell member whose frame it is, the trigger in bold and the sentence, then the IEEE 802.11
 * section.
 */
export const MacRowItem = memo(function MacRowItem(props: MacRowItemProps) {
  const { row: r, theme } = props;
  const virtual = props.top !== undefined;
  const lg = macRowLegend(r, theme);
  const cls = [
    'log-row',
    'log-path-row',
    'log-mac-row',
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
      data-mac-event={r.name}
      data-node={r.node}
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
        <span className="log-tag log-path-tag" style={{ borderColor: lg.color }}>
          {r.node}
        </span>
        <span className="log-text">
          <strong className="log-head">{r.head}</strong>
          {r.body}
        </span>
      </div>
      <cite className="log-source">{r.source}</cite>
    </li>
  );
});
