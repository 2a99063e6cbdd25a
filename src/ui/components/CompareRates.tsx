/**
 * Compare mode's rate, RTT or sojourn mini of one run (in place of its cwnd mini when the lower
 * slot shows the rate, the RTT or the queue-over-time panel): the panel's plot of that run, on the x range, cursor and y
 * scale every compared run shares. The y top is the largest value of any compared run.
 */
import type { Trace } from '../../engine';
import {
  QueueSojournMini,
  rateFlows,
  rateModel,
  RatePlot,
  rttModel,
  RttPlot,
  sharedSojournTop,
  type PacketRef,
  type Theme,
} from '../deps/panels';

export type RateMini = 'rate' | 'rtt' | 'qlen';

/** The y scale's top over every compared run, bit/s (rate) or s (RTT, sojourn). */
export function sharedRateTop(traces: readonly Trace[], mini: RateMini): number {
  if (mini === 'qlen') return sharedSojournTop(traces);
  let top = 0;
  for (const t of traces)
    for (const f of rateFlows(t, '*')) {
      const m = mini === 'rate' ? rateModel(t, f).max : rttModel(t, f).max;
      if (m > top) top = m;
    }
  return top;
}

export function CompareRates(props: {
  mini: RateMini;
  trace: Trace;
  sender: string;
  cursor: number;
  cursorTime: number;
  highlight: PacketRef | null;
  onHover: (h: PacketRef | null) => void;
  onSeek: (event: number) => void;
  x: [number, number];
  onXDomain: (d: [number, number] | null) => void;
  theme: Theme;
  flows: number[] | undefined;
  yTop: number;
  bottom: boolean;
}) {
  const Plot = props.mini === 'rate' ? RatePlot : props.mini === 'rtt' ? RttPlot : QueueSojournMini;
  return (
    <div className="panel-body compare-rates" data-slot={`${props.mini}-${props.sender}`}>
      <Plot
        trace={props.trace}
        cursor={props.cursor}
        cursorTime={props.cursorTime}
        highlight={props.highlight}
        onHover={props.onHover}
        onSeek={props.onSeek}
        xDomain={props.x}
        onXDomain={props.onXDomain}
        theme={props.theme}
        flows={props.flows}
        legend={false}
        xAxis={props.bottom ? 'ticks' : 'none'}
        yTop={props.yTop}
      />
    </div>
  );
}
