/**
 * Legend entries naming the paths of the shown multi-homed SCTP associations: each path's glyphs
 * (router plot: arrival, departure, ACK; time–sequence: the segment) with its name, "S0→K0
 * (primary)". Empty when no shown flow has more than one path, so single-homed legends are
 * unchanged.
 */
import type { Trace } from '../../engine';
import type { LegendItem } from './Legend';
import { Glyph, type ColorKey } from './palette';
import { flowPaths, pathLabel } from './paths';
import { pathStyle } from './pathStyle';
import { flowLabel } from './traceCache';

export type PathLegendPlot = 'router' | 'timeseq' | 'queue';

/** One entry per path of each shown multi-homed flow. */
export function pathLegend(
  trace: Trace,
  flows: readonly number[],
  plot: PathLegendPlot,
  /** The colour the glyph is drawn in (default: the path's own for the time–sequence plot). */
  color?: ColorKey,
): LegendItem[] {
  const multi = flows.filter((f) => flowPaths(trace, f).length > 1);
  const named = multi.length > 1 || trace.flows.length > 1;
  const items: LegendItem[] = [];
  for (const f of multi) {
    flowPaths(trace, f).forEach((_, p) => {
      const ps = pathStyle(p);
      const [a, d, k] = ps.symbols;
      const what =
        plot === 'router'
          ? `${a} arrival ${d} departure ${k} ACK`
          : plot === 'timeseq'
            ? p === 0
              ? 'data sent (bar)'
              : 'data sent (bar with a dot)'
            : `${ps.box}`;
      items.push({
        key: `path${f}-${p}`,
        label: `${named ? `${flowLabel(trace, f)} ` : ''}path ${pathLabel(trace, f, p)}: ${what}`,
        swatch: {
          type: 'glyph',
          glyph:
            plot === 'timeseq'
              ? ps.segment
              : plot === 'queue'
                ? p === 0
                  ? Glyph.squareFilled
                  : Glyph.circleFilled
                : ps.arrival,
          color: color ?? (plot === 'timeseq' && p === 0 ? 'data' : ps.color),
          scale: 1.3,
        },
      });
    });
  }
  return items;
}
