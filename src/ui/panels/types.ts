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

/** The colours of a theme (palette.ts PALETTE; panels.css mirrors them as CSS variables). */
export interface ThemeColors {
  bg: string;
  /** Main text and axes. */
  fg: string;
  /** Secondary text (tick labels). ≥ 4.5:1 on bg. */
  muted: string;
  grid: string;
  /** Data segments (Okabe–Ito blue). */
  data: string;
  /** ACKs (bluish green). */
  ack: string;
  /** Windows: receive window / amber series. */
  window: string;
  /** SACK / Gap Ack blocks (reddish purple). */
  sack: string;
  /** Text on a data-coloured fill (≥ 4.5:1). */
  onData: string;
  /** Retransmissions and scripted drops (vermillion). */
  retx: string;
  /** Text drawn in the retransmission colour (≥ 4.5:1 on bg). */
  retxText: string;
  /** Queue-overflow drops. */
  overflow: string;
  /** Random-loss drops. */
  random: string;
  /** The cursor (playhead). */
  cursor: string;
  /** Halo around highlighted marks. */
  highlight: string;
  /**
   * One colour per flow (flow 1 … 8; flow 9 takes flow 1's again, with another glyph and dash):
   * the Okabe–Ito hues, ordered so neighbouring flows differ most (flow 1 blue and flow 2 orange
   * as before); on white the orange, sky blue, yellow and purple are darkened to ≥ 3:1.
   */
  flow1: string;
  flow2: string;
  flow3: string;
  flow4: string;
  flow5: string;
  flow6: string;
  flow7: string;
  flow8: string;
  /** Phase shading of the cwnd plot (translucent). */
  phaseSlowStart: string;
  phaseAvoidance: string;
  phaseFastRecovery: string;
  phaseRto: string;
}

/** A colour of the theme a mark or line names (the phase fills are the bands'). */
export type ColorKey = Exclude<keyof ThemeColors, `phase${string}`>;
