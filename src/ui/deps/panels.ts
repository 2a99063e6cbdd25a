// The one import of the plot panels in src/ui.
export {
  RouterPlot,
  CwndPlot,
  TimeSeqPlot,
  QueueView,
  TputPlot,
  MetricsPanel,
  PALETTE,
  METRICS,
  flowStyle,
  MARK_STYLES,
  MarkKind,
  exportSvg,
  routerMarks,
  panelPrepSteps,
} from '../panels';
export type { FlowStyle, PanelProps, PlotOptions, RouterPlotProps, Theme } from '../panels';
