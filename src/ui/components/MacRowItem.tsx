import { memo } from 'react';
import { macRowLegend, type MacLogRow } from '../model/macLogRows';
import { EventRowItem, type EventRowItemProps } from './EventRowItem';

export type MacRowItemProps = EventRowItemProps<MacLogRow>;

/**
 * One MAC retry or retry-limit drop of a radio cell in the explanation log (EventRowItem, as a
 * path row): the row's glyph (⊗ a drop, as its mark; ↻ a retry), the cell member whose frame
 * it is as its tag, then the IEEE 802.11 section.
 */
export const MacRowItem = memo(function MacRowItem(props: MacRowItemProps) {
  const { row: r, theme } = props;
  const legend = macRowLegend(r, theme);
  const look = {
    kindClass: 'log-path-row log-mac-row',
    data: { 'mac-event': r.name, node: r.node },
    legend,
    tag: (
      <span className="log-tag log-path-tag" style={{ borderColor: legend.color }}>
        {r.node}
      </span>
    ),
  };
  return <EventRowItem {...props} look={look} />;
});
