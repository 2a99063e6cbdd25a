/**
 * Public API of the metrics module: the papers' throughput, fairness and utilization figures of
 * one run, from its Trace (either record mode) and SimConfig. Pure TypeScript, no DOM: the CLI
 * and the UI's worker both use it. See README.md.
 */
export { classMetrics, flowClassOf, type ClassMetrics } from './classes';
export { computeMetrics, type MetricsOptions } from './compute';
export {
  bitsPerSecond,
  jainIndex,
  linkUtilization,
  percentIncrease,
  percentThroughput,
} from './formulas';
export { meanByProtocol, sctpOverTcpIncrease, type ProtocolShare } from './protocols';
export { METRIC_COLUMNS, metricsRows, type MetricColumn, type MetricsRow } from './rows';
export type { BottleneckMetrics, FlowMetrics, RunMetrics, ThroughputBins } from './types';
