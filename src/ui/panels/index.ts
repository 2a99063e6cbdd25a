/**
 * Plot panels: thin React components over pure D3 drawing and pure trace readers.
 * See README.md in this folder.
 */
export type { PanelProps, PlotOptions, Theme, PacketRef } from './types';
export { CwndPlot, cwndSummary, type CwndPlotProps } from './CwndPlot';
export { TimeSeqPlot, timeSeqSummary, type TimeSeqPlotProps } from './TimeSeqPlot';
export {
  cwndModel,
  cwndTicks,
  phaseSpans,
  seriesOf,
  type CwndModel,
  type CwndUnits,
  type OptionalSeries,
} from './cwnd';
export { timeSeqModel, type TimeSeqModel } from './timeseq';
export { RouterPlot, routerSummary, type RouterPlotProps } from './RouterPlot';
export { routerMarks, type RouterMarks } from './router';
export { FONT_FAMILY } from './draw/axes';
export {
  PALETTE,
  METRICS,
  MARK_STYLES,
  FLOW_COLORS,
  FLOW_GLYPHS,
  FLOW_DASHES,
  flowStyle,
  MarkKind,
  Glyph,
  GLYPH_LEGEND,
  PHASES,
  SERIES_STYLES,
  FUTURE_OPACITY,
} from './palette';
export type {
  ThemeColors,
  ThemeMetrics,
  MarkStyle,
  ColorKey,
  SeriesKey,
  FlowStyle,
} from './palette';
export type { PointMarks } from './marks';
export { marksOfPacket } from './marks';
export {
  queueOccupancyAt,
  queueContentsAt,
  queueCapacity,
  packetsInFlightAt,
  recentDropsAt,
  dropCountsAt,
  linkTimelines,
  type InFlight,
  type LinkTimeline,
} from './queue';
export {
  fullTimeDomain,
  senderStateAt,
  eventAtOrBefore,
  eventAtOrAfter,
  isTimeoutCode,
} from './traceCache';
export { describeEvent, describeMark, type TooltipEntry } from './describe';
export { QueueView, type QueueViewProps } from './QueueView';
export {
  queueViewState,
  queueSummary,
  topologyLayout,
  type QueueViewState,
} from './draw/queueState';
export { exportSvg } from './exportSvg';
export { xAxisPx, type XAxisMode } from './draw/frame';
export { TputPlot, tputSummary, type TputPlotProps } from './TputPlot';
export { MetricsPanel, metricsSummary, type MetricsPanelProps } from './MetricsPanel';
export { metricsView, type MetricsView, type MetricsSpan, type FlowRow } from './metricsView';
export { tputModel, mergeBins, autoBinS, fmtRate, type TputModel } from './tput';
export { flowMarkers } from './flowMarkers';
export { lowerBound, upperBound, lastAtOrBelow, stepValueAt } from './bisect';
export {
  PANELS,
  PANEL_IDS,
  PANEL_TITLES,
  PLOT_PANELS,
  LOWER_PANELS,
  EXPORT_PANELS,
  DEFAULT_PANELS,
  panelOf,
  isPanelId,
  type PanelId,
  type PlotId,
} from './registry';
export {
  PER_FLOW_PLOTS,
  type PanelDescriptor,
  type PanelSlot,
  type PanelSlotProps,
  type PanelView,
  type PrepOptions,
  type PrepStep,
} from './descriptor';
export { routerCounts, routerSummaryText, type RouterCounts } from './routerCounts';
export { delayHeadline, classText } from './delayHeadline';
export { DelayPlot, delaySummary, type DelayPlotProps } from './DelayPlot';
export {
  packetDelays,
  delayModel,
  binSegments,
  fmtDelay,
  lossPct,
  type FlowDelays,
  type PacketDelays,
  type DelayModel,
} from './delay';
export {
  flowClasses,
  classOfFlow,
  classKeyOf,
  classLabel,
  classStyle,
  shownClasses,
  flowGroups,
  hasCongestionControl,
  classesByDefault,
  CLASS_COLOURS_ABOVE,
  type FlowClass,
  type FlowGroup,
} from './flowClasses';
export {
  flowPaths,
  isMultiHomed,
  multiHomedFlows,
  pathEventName,
  pathLabel,
  pathModel,
  pathRowsAt,
  eventPaths,
  pathOfEvent,
  routerChoices,
  routerChoiceIndex,
  routerChoiceName,
  shownRouter,
  type PathModel,
  type RouterChoice,
} from './paths';
export { pathStyle, type PathStyle } from './pathStyle';
export {
  DeliveryPlot,
  deliverySummary,
  noDeliveriesText,
  type DeliveryPlotProps,
} from './DeliveryPlot';
export { deliveryModel, hasDeliveries, type DeliveryModel, type Lane } from './deliveries';
export { RatePlot, rateSummary, RATE_DASH, type RatePlotProps } from './RatePlot';
export { QueueTimePlot, QueueSojournMini, sharedSojournTop } from './QueueTimePlot';
export { RttPlot, rttSummary, minRttLabel, RTT_DASH, type RttPlotProps } from './RttPlot';
export {
  hasRates,
  rateModel,
  rateFlows,
  rateRowAt,
  rateRowEvent,
  bottleneckBps,
  noRatesText,
  type RateModel,
} from './rates';
export { rttModel, baseRtt, routeLinks, fmtMs, type RttModel } from './rtt';
export { bbrBands, bandKeyOf, bandText, BBR_BAND_STYLES, type BbrBand } from './bbrBands';
