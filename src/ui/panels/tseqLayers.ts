/**
 * The parts of a time–sequence plot (tcptrace conventions) shared by the simulator's panel
 * (TimeSeqPlot.tsx) and an imported capture's (capture/specs.ts): the marks layer, which a long
 * run seen whole aggregates per pixel bin into one bar with retransmissions still one by one,
 * and the receive-window and cumulative-ACK lines.
 */
import { MarkKind, SERIES_STYLES } from './palette';
import type { TimePlotSpec } from './TimePlot';
import { seriesLength, type LinePoints } from './series';

/** The marks layer: segments and ACK ticks as ranges per bin, retransmissions distinct. */
export function tseqLayer(marks: TimePlotSpec['layer']['marks']): TimePlotSpec['layer'] {
  return {
    marks,
    aggregate: {
      mode: 'range',
      distinct: (i) => marks.kind[i] === MarkKind.segmentRetx,
      note: 'zoom in for single segments',
    },
  };
}

/**
 * The receive-window line (when there is one) and the cumulative-ACK staircase, drawn to
 * `endT` (seconds: the run's stop, or the capture's last packet).
 */
export function tseqLines(
  windowLine: LinePoints,
  ackLine: LinePoints,
  endT: number,
): TimePlotSpec['lines'] {
  const style = SERIES_STYLES.window;
  return [
    ...(seriesLength(windowLine)
      ? [
          {
            key: 'window',
            points: windowLine,
            color: style.color,
            dash: style.dash,
            widthScale: style.widthScale,
            endT,
          },
        ]
      : []),
    { key: 'ackLine', points: ackLine, color: 'ack', dash: '', widthScale: 1, endT },
  ];
}
