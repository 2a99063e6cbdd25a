// The one import of the plot panels in src/ui (switch to '../panels' when they land).
export { RouterPlot, CwndPlot, TimeSeqPlot, QueueView, PALETTE, exportSvg } from '../stubs/panels';
export type { PanelProps, RouterPlotProps, Theme } from '../stubs/panels';
