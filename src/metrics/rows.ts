/**
 * A run's metrics as flat rows, one per flow, for CSV/JSON export (the CLI's `--out metrics`):
 * per-flow columns first, then the run-level values repeated on every flow's row. Numbers are
 * exact (the CLI prints them in shortest round-trip form); null = not defined (empty CSV cell).
 */
import type { RunMetrics } from './types';

/** The metric columns of a row, in order (after the caller's identity columns). */
export const METRIC_COLUMNS = [
  'unique_bytes',
  'tput_bps',
  'pct_tput',
  'fr_episodes',
  'timeouts',
  'mean_cwnd_pkts',
  'link_util',
  'jain',
  'goodput_bps',
  'pct_increase',
  'link_loss_rate',
  'mean_queue_delay_s',
  'offered_bytes',
  'requested_bps',
  'delivered_bytes',
  'delivered_bps',
  'loss_rate',
  'delay_mean_s',
  'delay_max_s',
  'jitter_s',
  'jitter_mean_s',
  'jitter_max_s',
] as const;

export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/**
 * One flow's metrics. Per flow: unique_bytes (bytes), tput_bps (bits/s), pct_tput (%),
 * fr_episodes, timeouts (counts), mean_cwnd_pkts (packets; SCTP MTUs), goodput_bps (bits/s).
 * Per run (same on every row): link_util (%), jain (1/n … 1), pct_increase (%), link_loss_rate
 * (fraction 0–1, the bottleneck's), mean_queue_delay_s (seconds). Per flow again (per-packet metrics, issue 12):
 * offered_bytes, delivered_bytes (bytes), requested_bps, delivered_bps (bits/s over the flow's
 * active time), loss_rate (the flow's, fraction), delay_mean_s, delay_max_s (one-way delay), jitter_s
 * (RFC 3550 §6.4.1), jitter_mean_s, jitter_max_s (002_…'s mean and maximum |D|), seconds.
 * Meanings: types.ts (FlowMetrics, RunMetrics).
 */
export type MetricsRow = Record<MetricColumn, number | null>;

/** The rows of a run, one per flow in flow order, with the flow number (1-based) and sender. */
export function metricsRows(m: RunMetrics): ({ flow: number; sender: string } & MetricsRow)[] {
  return m.flows.map((f) => ({
    flow: f.flow,
    sender: f.sender,
    unique_bytes: f.uniqueBytes,
    tput_bps: f.tputBps,
    pct_tput: f.pctTput,
    fr_episodes: f.frEpisodes,
    timeouts: f.timeouts,
    mean_cwnd_pkts: f.meanCwndPkts,
    link_util: m.linkUtilPct,
    jain: m.jain,
    goodput_bps: f.goodputBps,
    pct_increase: m.pctIncrease,
    link_loss_rate: m.bottleneck.lossRate,
    mean_queue_delay_s: m.bottleneck.meanQueueDelayS,
    offered_bytes: f.offeredBytes,
    requested_bps: f.requestedBps,
    delivered_bytes: f.deliveredBytes,
    delivered_bps: f.deliveredBps,
    loss_rate: f.lossRate,
    delay_mean_s: f.delayMeanS,
    delay_max_s: f.delayMaxS,
    jitter_s: f.jitterS,
    jitter_mean_s: f.jitterMeanS,
    jitter_max_s: f.jitterMaxS,
  }));
}
