import { memo } from 'react';
import { PALETTE, pathStyle } from '../deps/panels';
import { pathRowLegend, type PathLogRow } from '../model/pathLogRows';
import { EventRowItem, type EventRowItemProps } from './EventRowItem';

export type PathRowItemProps = EventRowItemProps<PathLogRow>;

/**
 * One path event of a multi-homed SCTP association in the explanation log (EventRowItem): its
 * tag is the path's name with its glyph and colour (as its lines and packets are drawn), and
 * under ns-2's rules what RFC 4960 would do instead (the engine's note) follows, as on a
 * decision row.
 */
export const PathRowItem = memo(function PathRowItem(props: PathRowItemProps) {
  const { row: r, theme } = props;
  const ps = pathStyle(r.path);
  const color = PALETTE[theme][ps.color];
  const look = {
    kindClass: 'log-path-row',
    data: { 'path-event': r.name, path: r.path },
    legend: pathRowLegend(r, theme),
    tag: (
      <span className="log-tag log-path-tag" style={{ borderColor: color }}>
        <span aria-hidden="true" style={{ color }}>
          {ps.symbols[0]}
        </span>{' '}
        {r.pathName}
      </span>
    ),
    extra: r.note && (
      <p className="log-note" title={`RFC text: ${r.note.sentence} (${r.note.source})`}>
        <span className="log-note-tag">RFC text</span> {r.note.sentence}{' '}
        <cite className="log-note-source">{r.note.source}</cite>
      </p>
    ),
  };
  return <EventRowItem {...props} look={look} />;
});
