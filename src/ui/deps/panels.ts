// The one import of the plot panels in src/ui.
export {
  RouterPlot,
  CwndPlot,
  TimeSeqPlot,
  QueueView,
  PALETTE,
  MARK_STYLES,
  MarkKind,
  exportSvg,
  routerMarks,
  panelPrepSteps,
} from '../panels';
export type { PanelProps, PlotOptions, RouterPlotProps, Theme } from '../panels';
