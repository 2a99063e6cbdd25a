import type { ReactNode } from 'react';
import { flowStyle, PALETTE } from '../deps/panels';
import type { ThemeName } from '../store/types';

/** What a log row that is not a sender's decision carries (a path event, a MAC retry). */
export interface EventLogRow {
  /** The flow it belongs to (0-based). */
  flow: number;
  time: number;
  /** Packet event the row belongs to (where a click seeks). */
  event: number;
  /** The trigger, in bold. */
  head: string;
  /** The rest of the sentence. */
  body: string;
  /** The standard's section, shown in the quieter line. */
  source: string;
  /** Where "next" stops. */
  significant: boolean;
}

/** The props every event row's item takes from the log (ExplanationLog). */
export interface EventRowItemProps<R extends EventLogRow> {
  row: R;
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
  onSeek: (row: R) => void;
}

/** What a kind of event row adds to the shared layout. */
export interface EventRowLook {
  /** Its class beside `log-row` (e.g. `log-path-row`). */
  kindClass: string;
  /** Its `data-*` attributes (names without the prefix). */
  data: Record<string, string | number>;
  /** The row's glyph and its colour (as its mark is drawn). */
  legend: { glyph: string; color: string };
  /** The tag after the glyph (the path, the cell member). */
  tag: ReactNode;
  /** Under the source line (a path event's RFC note). */
  extra?: ReactNode;
}

/**
 * One event row of the explanation log, read like a decision row: time, the flow (when there are
 * several), the row's glyph in its mark's colour, its tag, the trigger in bold and the sentence,
 * then the source. PathRowItem and MacRowItem give it their look.
 */
export function EventRowItem<R extends EventLogRow>(
  props: EventRowItemProps<R> & { look: EventRowLook },
) {
  const { row: r, theme, look } = props;
  const virtual = props.top !== undefined;
  const cls = [
    'log-row',
    look.kindClass,
    virtual ? 'virtual' : '',
    props.isCurrent ? 'current' : '',
    props.isFuture ? 'future' : '',
    r.significant ? 'significant' : '',
    props.isActive ? 'active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(look.data)) data[`data-${k}`] = v;
  return (
    <li
      id={`log-row-${props.logIndex}-${props.entry}`}
      role="option"
      aria-selected={props.isCurrent}
      className={cls}
      {...data}
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
        <span className="glyph" aria-hidden="true" style={{ color: look.legend.color }}>
          {look.legend.glyph}
        </span>
        {look.tag}
        <span className="log-text">
          <strong className="log-head">{r.head}</strong>
          {r.body}
        </span>
      </div>
      <cite className="log-source">{r.source}</cite>
      {look.extra}
    </li>
  );
}
