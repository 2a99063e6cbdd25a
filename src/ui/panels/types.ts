/**
 * Props every plot panel takes (the contract with the app shell). Panels only read the Trace;
 * they never recompute protocol state.
 */
import type { Trace } from '../../engine';

export type Theme = 'light' | 'dark' | 'projector';

/**
 * What the time axis shows under the plot: tick labels and the axis title (`full`), the tick
 * labels only (`ticks`), or only the axis line (`none`: small multiples sharing the x axis of
 * the one below them). The plot takes the room the axis does not (draw/frame.ts).
 */
export type XAxisMode = 'full' | 'ticks' | 'none';

/** A point of a step-after series: the value v holds from time t (s) to the next point. */
export interface SeriesPoint {
  t: number;
  v: number;
}

/** A packet identity: data packet number, or for ACKs the cumulative ACK they carry. */
export interface PacketRef {
  flow: number;
  packet: number;
}

export interface PanelProps {
  trace: Trace;
  /** Index into trace.packets of the current event; events after it are the future. */
  cursor: number;
  /** trace.packets.time[cursor], seconds. */
  cursorTime: number;
  /** Hovered/selected packet, lit up in every panel. */
  highlight: PacketRef | null;
  onHover: (h: PacketRef | null) => void;
  /** Click on a mark: move the cursor to that event. */
  onSeek: (eventIndex: number) => void;
  /** Shared time zoom; null = the full run. */
  xDomain: [number, number] | null;
  /** Box zoom (drag ≥ 20 px) and ctrl/⌘ + wheel report a new x domain here. */
  onXDomain?: (d: [number, number] | null) => void;
  theme: Theme;
  /** Flows to show (default: all). */
  flows?: number[];
}

/** Extra, optional knobs shared by the time plots. */
export interface PlotOptions {
  /** Fixed size in CSS pixels; by default the panel fills its container. */
  width?: number;
  height?: number;
  /** 'auto' draws small traces as SVG and large ones on canvas. */
  renderer?: 'auto' | 'svg' | 'canvas';
  /** How the future looks: faint (default) or hidden. */
  future?: 'faded' | 'hidden';
  /** Hide the legend row (e.g. in compare mode small multiples). */
  legend?: boolean;
  /**
   * The time axis under the plot (draw/frame.ts XAxisMode): `full` (default), `ticks` without
   * its title, or `none` (small multiples stacked over one that shows it).
   */
  xAxis?: XAxisMode;
  /**
   * Whether a `full` time axis drops its title when the plot is too short for it (fitXAxis):
   * the router plot does, so that it keeps its height on a projector at 720p; plots stacked
   * under it keep "time (s)" (default false).
   */
  fitXAxis?: boolean;
  className?: string;
}
