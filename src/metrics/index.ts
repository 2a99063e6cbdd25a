/**
 * Public API of the metrics module: the papers' throughput, fairness and utilization figures of
 * one run, from its Trace (either record mode) and SimConfig, and the column registries that
 * name them. Pure TypeScript, no DOM: the CLI and the UI's worker both use it. See README.md.
 * The ns-2 table statistics (table-stats.ts) are imported from their file: they need jstat, a
 * development dependency the app does not ship.
 */
export { classMetrics, flowClassOf, type ClassMetrics } from './classes';
export {
  METRIC_COLUMN_DEFS,
  METRIC_COLUMNS,
  type ColumnScope,
  type MetricColumn,
  type MetricColumnDef,
} from './columns';
export { computeMetrics, type MetricsOptions } from './compute';
export { bitsPerSecond, linkUtilization, percentIncrease, percentThroughput } from './formulas';
export { metricsHelpText, metricsMarkdownTable, README_MARKERS, withMetricsTable } from './help';
export {
  jainFairness,
  meanByProtocol,
  protocolOfSender,
  sctpOverTcpIncrease,
  type ProtocolShare,
} from './protocols';
export { metricsRows, type MetricsRow } from './rows';
export {
  RUN_COLUMN_DEFS,
  runColumn,
  runFigures,
  type RunColumn,
  type RunColumnDef,
  type TableFlow,
  type TableRun,
} from './run-columns';
export type { BottleneckMetrics, FlowMetrics, RunMetrics, ThroughputBins } from './types';
