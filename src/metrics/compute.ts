/**
 * A run's metrics from its Trace and SimConfig, whichever record mode it ran in: a 'metrics'
 * trace carries the engine's accumulators, a 'full' trace yields the same from its columns
 * (runAccumulators), so both give identical numbers (tests/metrics/record-modes.test.ts).
 */
import {
  lastBinWidth,
  runAccumulators,
  type AppKind,
  type FlowAccumulators,
  type FlowStats,
  type Protocol,
  type RunAccumulators,
  type SimConfig,
  type Trace,
} from '../engine';
import { bitsPerSecond, cellUtilization, linkUtilization, percentThroughput } from './formulas';
import { flowClassOf } from './classes';
import { jainFairness, sctpOverTcpIncrease } from './protocols';
import type { BottleneckMetrics, FlowMetrics, RunMetrics, ThroughputBins } from './types';

export interface MetricsOptions {
  /** Throughput bin width, seconds (default: the trace's, or 0.1 for a full trace). A
   * metrics-only trace was binned when it ran (RunOptions.binS) and accepts only that width. */
  binS?: number;
}

/**
 * The metrics of one run. `config` is the SimConfig the trace was run from.
 * @throws Error when the config's flows do not match the trace's; RangeError for a bad binS
 *   (see runAccumulators) or a run of zero length.
 */
export function computeMetrics(
  trace: Trace,
  config: SimConfig,
  options: MetricsOptions = {},
): RunMetrics {
  if (config.flows.length !== trace.flows.length || config.stopS !== trace.stopS) {
    throw new Error('computeMetrics: the config is not the one this trace was run from');
  }
  const acc = runAccumulators(trace, config, options.binS ?? trace.accumulators?.binS);
  const durationS = trace.stopS;
  const capacityBps = trace.links[trace.bottleneck]!.bandwidthBps;
  // A bottleneck that is a port of a shared medium: the cell's own busy time and deliveries.
  const mediumIx = trace.links[trace.bottleneck]!.medium;
  const cell = mediumIx !== undefined ? trace.media?.[mediumIx] : undefined;

  let totalUniqueBytes = 0;
  for (const a of acc.flows) totalUniqueBytes += a.uniqueBytes;
  const flows: FlowMetrics[] = trace.flows.map((f, i) => {
    const a = acc.flows[i]!;
    const stats = trace.flowStats[i]!;
    const cwndSpan = durationS - a.firstDataS; // NaN when the flow sent no data
    return {
      flow: i + 1,
      sender: config.flows[i]!.sender,
      protocol: f.protocol,
      uniqueBytes: a.uniqueBytes,
      uniquePackets: a.uniquePackets,
      tputBps: bitsPerSecond(a.uniqueBytes, durationS),
      pctTput: percentThroughput(a.uniqueBytes, totalUniqueBytes),
      frEpisodes: stats.fastRetransmits,
      timeouts: stats.timeouts,
      meanCwndPkts: cwndSpan > 0 && f.protocol !== 'udp' ? a.cwndPktSeconds / cwndSpan : null,
      goodputBps: bitsPerSecond(stats.deliveredBytes, durationS),
      ...perPacket(f.app, f.protocol, durationS - config.flows[i]!.startS, stats, a),
    };
  });

  return {
    durationS,
    flows,
    totalUniqueBytes,
    linkUtilPct: cell
      ? cellUtilization(cell.busyS, durationS)
      : linkUtilization(totalUniqueBytes, capacityBps, durationS),
    cellTputBps: cell ? bitsPerSecond(cell.deliveredBytes, durationS) : null,
    jain: jainFairness(flows),
    pctIncrease: sctpOverTcpIncrease(flows),
    bottleneck: bottleneckMetrics(acc, capacityBps),
    throughput: throughputBins(acc, durationS),
  };
}

/** A flow's per-packet metrics and rates (FlowMetrics, from `app` on). */
function perPacket(
  app: AppKind,
  protocol: Protocol,
  activeS: number,
  stats: FlowStats,
  a: FlowAccumulators,
): Pick<
  FlowMetrics,
  | 'app'
  | 'flowClass'
  | 'activeS'
  | 'offeredBytes'
  | 'requestedBps'
  | 'deliveredBytes'
  | 'deliveredBps'
  | 'dataSent'
  | 'dataDropped'
  | 'arrivals'
  | 'lossRate'
  | 'delayMeanS'
  | 'delayMaxS'
  | 'jitterS'
  | 'jitterMeanS'
  | 'jitterMaxS'
> {
  const offered = stats.offeredBytes;
  const offeredBytes = offered !== undefined && Number.isFinite(offered) ? offered : null;
  const n = a.arrivals;
  return {
    app,
    flowClass: flowClassOf(app, protocol),
    activeS,
    offeredBytes,
    requestedBps:
      offeredBytes !== null && activeS > 0 ? bitsPerSecond(offeredBytes, activeS) : null,
    deliveredBytes: stats.deliveredBytes,
    deliveredBps: activeS > 0 ? bitsPerSecond(stats.deliveredBytes, activeS) : null,
    dataSent: a.dataSent,
    dataDropped: a.dataDropped,
    arrivals: n,
    lossRate: a.dataSent > 0 ? a.dataDropped / a.dataSent : null,
    delayMeanS: n > 0 ? a.delaySumS / n : null,
    delayMaxS: n > 0 ? a.delayMaxS : null,
    jitterS: n > 1 ? a.jitterRfcS : null,
    jitterMeanS: n > 1 ? a.ipdvSumS / (n - 1) : null,
    jitterMaxS: n > 1 ? a.ipdvMaxS : null,
  };
}

function bottleneckMetrics(acc: RunAccumulators, capacityBps: number): BottleneckMetrics {
  const b = acc.bottleneck;
  const d = b.dataDrops;
  const total = d.scripted + d.overflow + d.random + d.linkDown + d.macRetry;
  const dataArrivals = b.dataDepartures + b.dataDropsAtHead;
  return {
    capacityBps,
    dataArrivals,
    dataDrops: { ...d, total },
    lossRate: dataArrivals > 0 ? total / dataArrivals : null,
    meanQueueDelayS: b.queueDelayCount > 0 ? b.queueDelaySumS / b.queueDelayCount : null,
  };
}

/** The accumulators' per-flow bins and their sum (copies: the trace's arrays stay untouched). */
function throughputBins(acc: RunAccumulators, durationS: number): ThroughputBins {
  const flows = acc.flows.map((a) => a.binBytes.slice());
  const n = flows[0]?.length ?? 0;
  const total = new Float64Array(n);
  for (const b of flows) for (let k = 0; k < n; k++) total[k] = total[k]! + b[k]!;
  return { binS: acc.binS, lastBinS: lastBinWidth(durationS, acc.binS), flows, total };
}
