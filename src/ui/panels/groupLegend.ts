/**
 * Legend entries of a per-flow or per-class plot: one line swatch (colour, dash, glyph) per group,
 * at most `max` of them; the rest summed up in one last entry ("… and 88 more flows: choose
 * flows in the flow list") so a 100-flow legend stays one or two lines. Pure.
 */
import type { FlowGroup } from './flowClasses';
import type { LegendItem } from './Legend';
import { flowStyle } from './palette';

/** Legend entries shown before the rest are summed up. */
export const LEGEND_GROUPS = 12;

export function groupLegend(groups: readonly FlowGroup[], max = LEGEND_GROUPS): LegendItem[] {
  const out: LegendItem[] = groups.slice(0, max).map((g) => {
    const st = flowStyle(g.style);
    return {
      key: g.key,
      label: g.label,
      swatch: { type: 'line', color: st.color, dash: st.dash, glyph: st.glyph },
    };
  });
  const rest = groups.length - max;
  if (rest > 0) {
    const what = groups[0]!.key.startsWith('class') ? 'classes' : 'flows';
    out.push({
      key: 'more',
      label: `… and ${rest} more ${what} (hide some in the flow list to name them)`,
      swatch: { type: 'line', color: 'muted', dash: '2 3', widthScale: 0.6 },
    });
  }
  return out;
}
