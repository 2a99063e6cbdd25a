/**
 * What the metrics panel shows: the metrics module's numbers for the whole run, or the same
 * figures up to the cursor (throughput, share, Jain's index, link utilisation and the increase
 * of SCTP over TCP, from the throughput bins up to the cursor's bin with the module's own
 * formulas). Fast-retransmit episodes, timeouts and mean cwnd are whole-run counts (the module
 * defines them over the run). Pure: only sums and the metrics module's formulas.
 */
import {
  jainFairness,
  linkUtilization,
  percentThroughput,
  sctpOverTcpIncrease,
  type FlowMetrics,
  type RunMetrics,
} from '../deps/metrics';

export type MetricsSpan = 'run' | 'cursor';

export interface FlowRow {
  /** 0-based flow id. */
  flow: number;
  sender: string;
  protocol: FlowMetrics['protocol'];
  /** Payload bytes first sent in the span (λ). */
  bytes: number;
  /** bits/s over the span. */
  tputBps: number;
  /** % of all flows' bytes in the span; null when nothing was sent. */
  pct: number | null;
  /** Whole run. */
  frEpisodes: number;
  timeouts: number;
  meanCwndPkts: number | null;
}

export interface ProtocolRow {
  protocol: 'tcp' | 'sctp' | 'udp';
  flows: number;
  /** % of all bytes the flows of this protocol sent together. */
  pct: number | null;
  /** Mean throughput of one flow of this protocol, bits/s. */
  meanTputBps: number;
}

export interface MetricsView {
  span: MetricsSpan;
  /** End of the span, s (the run's end, or the end of the cursor's bin). */
  endS: number;
  flows: FlowRow[];
  /** Present when the run has flows of two or more protocols (TCP, SCTP, UDP), in that order. */
  protocols: ProtocolRow[] | null;
  linkUtilPct: number;
  /** Jain's index of the TCP and SCTP flows (src/metrics jainFairness); null without them. */
  jain: number | null;
  pctIncrease: number | null;
  /** Whole run: fraction of data packets lost at the bottleneck, and mean queueing delay, s. */
  lossRate: number | null;
  meanQueueDelayS: number | null;
}

/** Bytes each flow first sent in bins [0, k), and the time k · binS (or the run's end). */
function bytesUpTo(m: RunMetrics, t: number): { bytes: number[]; endS: number } {
  const b = m.throughput;
  const n = b.total.length;
  const k = Math.min(n, Math.max(1, Math.floor(t / b.binS) + 1));
  const bytes = b.flows.map((f) => {
    let s = 0;
    for (let i = 0; i < k; i++) s += f[i]!;
    return s;
  });
  const endS = k >= n ? m.durationS : k * b.binS;
  return { bytes, endS };
}

export function metricsView(m: RunMetrics, span: MetricsSpan, cursorTime: number): MetricsView {
  const whole = span === 'run';
  const { bytes, endS } = whole
    ? { bytes: m.flows.map((f) => f.uniqueBytes), endS: m.durationS }
    : bytesUpTo(m, cursorTime);
  let total = 0;
  for (const x of bytes) total += x;
  const flows: FlowRow[] = m.flows.map((f, i) => ({
    flow: f.flow - 1,
    sender: f.sender,
    protocol: f.protocol,
    bytes: bytes[i]!,
    tputBps: whole ? f.tputBps : (bytes[i]! * 8) / endS,
    pct: whole ? f.pctTput : percentThroughput(bytes[i]!, total),
    frEpisodes: f.frEpisodes,
    timeouts: f.timeouts,
    meanCwndPkts: f.meanCwndPkts,
  }));
  const kinds = new Set(flows.map((f) => f.protocol));
  const protocols =
    kinds.size >= 2
      ? (['tcp', 'sctp', 'udp'] as const)
          .filter((p) => kinds.has(p))
          .map((p) => {
            const of = flows.filter((f) => f.protocol === p);
            let sum = 0;
            for (const f of of) sum += f.bytes;
            return {
              protocol: p,
              flows: of.length,
              pct: percentThroughput(sum, total),
              meanTputBps: (sum * 8) / endS / of.length,
            };
          })
      : null;
  const shares = flows.map((f) => ({ protocol: f.protocol, uniqueBytes: f.bytes }));
  return {
    span,
    endS,
    flows,
    protocols,
    linkUtilPct: whole ? m.linkUtilPct : linkUtilization(total, m.bottleneck.capacityBps, endS),
    jain: whole ? m.jain : jainFairness(shares),
    pctIncrease: whole ? m.pctIncrease : sctpOverTcpIncrease(shares),
    lossRate: m.bottleneck.lossRate,
    meanQueueDelayS: m.bottleneck.meanQueueDelayS,
  };
}
