// Statistics of the table comparison (scripts/compare-tables.mjs, tests/experiments/): per-run
// metrics of a paper's table from per-flow rows, mean and sample s.d. over runs, Welch's t.
import { mean, deviation } from 'd3-array';

/** The compared metrics, per run: shares and ratios of the run, then means per protocol. */
export const METRICS = [
  'pct_tput_sctp',
  'pct_increase',
  'link_util',
  'jain',
  'mean_cwnd_pkts_tcp',
  'mean_cwnd_pkts_sctp',
  'fr_episodes_tcp',
  'fr_episodes_sctp',
  'timeouts_tcp',
  'timeouts_sctp',
];

/** The protocol of a sender id ('sack', 'sctp-4960', …): SCTP ids start with 'sctp'. */
export const protocolOf = (sender) => (sender.startsWith('sctp') ? 'sctp' : 'tcp');

const avg = (xs) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * One run's table metrics from its flows ({sender, unique_bytes, mean_cwnd_pkts, fr_episodes,
 * timeouts}, link_util and jain on every flow row or on the run): SCTP's share of the unique
 * bytes (%), % increase of the mean SCTP flow over the mean TCP flow (000_… eq. 2), link
 * utilisation (%), Jain's index, and the per-protocol means of cwnd, FR episodes and timeouts.
 */
export function runMetrics(run) {
  const flows = run.flows;
  const of = (p) => flows.filter((f) => protocolOf(f.sender) === p);
  const total = flows.reduce((a, f) => a + f.unique_bytes, 0);
  const sctpBytes = of('sctp').reduce((a, f) => a + f.unique_bytes, 0);
  const tcpMean = avg(of('tcp').map((f) => f.unique_bytes));
  const sctpMean = avg(of('sctp').map((f) => f.unique_bytes));
  const lambda = flows.map((f) => f.unique_bytes);
  const sumSq = lambda.reduce((a, x) => a + x * x, 0);
  return {
    pct_tput_sctp: total > 0 ? (sctpBytes / total) * 100 : null,
    pct_increase: tcpMean ? ((sctpMean - tcpMean) / tcpMean) * 100 : null,
    link_util: run.link_util ?? flows[0].link_util,
    jain: sumSq > 0 ? (total * total) / (flows.length * sumSq) : 1,
    mean_cwnd_pkts_tcp: avg(of('tcp').map((f) => f.mean_cwnd_pkts)),
    mean_cwnd_pkts_sctp: avg(of('sctp').map((f) => f.mean_cwnd_pkts)),
    fr_episodes_tcp: avg(of('tcp').map((f) => f.fr_episodes)),
    fr_episodes_sctp: avg(of('sctp').map((f) => f.fr_episodes)),
    timeouts_tcp: avg(of('tcp').map((f) => f.timeouts)),
    timeouts_sctp: avg(of('sctp').map((f) => f.timeouts)),
  };
}

/** Mean, sample s.d. and count of each metric over runs. */
export function summarise(runs) {
  const per = runs.map(runMetrics);
  const out = {};
  for (const m of METRICS) {
    const xs = per.map((r) => r[m]).filter((x) => x !== null && Number.isFinite(x));
    out[m] =
      xs.length === 0
        ? null
        : { mean: mean(xs), sd: xs.length > 1 ? deviation(xs) : 0, n: xs.length };
  }
  return out;
}

/**
 * Welch's t of two samples given as {mean, sd, n}: (m1 − m2) / √(s1²/n1 + s2²/n2); null when
 * either is missing; 0 when both are constant and equal, ±Infinity when constant and different.
 */
export function welch(a, b) {
  if (!a || !b) return null;
  const se = Math.sqrt((a.sd * a.sd) / a.n + (b.sd * b.sd) / b.n);
  if (se === 0) return a.mean === b.mean ? 0 : Math.sign(a.mean - b.mean) * Infinity;
  return (a.mean - b.mean) / se;
}

/** Every metric both summaries have, with our and ns-2's {mean, sd, n} and Welch's t. */
export function compareSummaries(ours, ns2) {
  return METRICS.filter((m) => ours[m] && ns2[m]).map((m) => ({
    metric: m,
    ours: ours[m],
    ns2: ns2[m],
    t: welch(ours[m], ns2[m]),
  }));
}
