// The one import of the metrics module (src/metrics) in src/ui: the papers' throughput, fairness
// and utilisation figures of a run, computed in the engine worker.
export {
  classMetrics,
  flowClassOf,
  computeMetrics,
  jainFairness,
  linkUtilization,
  METRIC_COLUMNS,
  metricsRows,
  percentThroughput,
  RUN_COLUMN_DEFS,
  sctpOverTcpIncrease,
  type ClassMetrics,
  type FlowMetrics,
  type MetricColumn,
  type MetricsRow,
  type RunMetrics,
  type ThroughputBins,
} from '../../metrics';
