// Statistics of the table comparison (scripts/compare-tables.mjs, tests/experiments/): per-run
// metrics of a paper's table from per-flow rows, mean and sample s.d. over runs, Welch's t and
// its degrees of freedom, and the bound |t| must stay under for a whole table to agree.
import { mean, deviation } from 'd3-array';
import jstat from 'jstat';

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

/**
 * Welch–Satterthwaite degrees of freedom of two samples {mean, sd, n}:
 * (a + b)² / (a² / (n1 − 1) + b² / (n2 − 1)) with a = s1²/n1, b = s2²/n2; null when either is
 * missing, Infinity when both are constant (t is then 0 or ±Infinity, no distribution needed).
 */
export function welchDf(a, b) {
  if (!a || !b) return null;
  const va = (a.sd * a.sd) / a.n;
  const vb = (b.sd * b.sd) / b.n;
  if (va + vb === 0) return Infinity;
  return (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
}

/**
 * The chance, for a whole table, that an engine which behaves exactly as ns-2 still fails the
 * comparison somewhere: 1 %. Each table compares `cells` = rows × METRICS means; with every cell
 * held to |t| < bound(cells, df) (Bonferroni), the chance that any cell of the table exceeds its
 * bound by sampling alone is at most 1 % (less, as the metrics of a row are correlated).
 */
export const TABLE_FALSE_ALARM = 0.01;

/**
 * The bound on |t| for one cell of a table of `cells` cells: the two-sided Student-t quantile
 * at 1 − TABLE_FALSE_ALARM / (2 · cells) with the cell's Welch degrees of freedom (the normal
 * quantile when df is infinite). A geo table has 40 cells: 4.01 at df 41 (our 30 runs against
 * ns-2's 150), 3.90 at df 58 (against 60); alamgir-table2 has 70: 4.07 at df 58. Held to |t| < 3
 * instead, a cell fails by sampling alone 0.39 % of the time (df 60) and a table of 40 to 70
 * cells 10–24 % of the time (tests/fixtures/ns2-tables/README.md, "Agreement").
 */
export function agreementBound(cells, df, falseAlarm = TABLE_FALSE_ALARM) {
  const p = 1 - falseAlarm / (2 * cells);
  return Number.isFinite(df) ? jstat.studentt.inv(p, df) : jstat.normal.inv(p, 0, 1);
}

/**
 * Every metric both summaries have, with our and ns-2's {mean, sd, n}, Welch's t and its degrees
 * of freedom, and — given the table's number of cells — the cell's bound (agreementBound).
 */
export function compareSummaries(ours, ns2, cells = null) {
  return METRICS.filter((m) => ours[m] && ns2[m]).map((m) => {
    const df = welchDf(ours[m], ns2[m]);
    return {
      metric: m,
      ours: ours[m],
      ns2: ns2[m],
      t: welch(ours[m], ns2[m]),
      df,
      bound: cells === null ? null : agreementBound(cells, df),
    };
  });
}
