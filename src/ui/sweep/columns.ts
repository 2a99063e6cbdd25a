/**
 * The columns of the sweep table: the papers' figures of one run, computed from the metrics
 * module's per-flow rows (metricsRows) — the run-level ones as they are, the per-protocol ones
 * over that protocol's flows. Column ids are the metric ids the presets' published tables use
 * (pct_tput_tcp, pct_tput_sctp, pct_increase, link_util, jain). Pure.
 */
import type { MetricsRow } from '../deps/metrics';
import { findVariant } from '../deps/scenarios';

/** One flow's metrics as a sweep run returns them (src/metrics metricsRows). */
export type SweepFlowRow = { flow: number; sender: string } & MetricsRow;

export interface SweepColumn {
  id: string;
  /** Short header. */
  label: string;
  unit: string;
  /** Decimals shown. */
  digits: number;
  /** What the number is (the header's tooltip). */
  help: string;
  /** The column's value for one run; null when it has none (e.g. no SCTP flow). */
  value(rows: readonly SweepFlowRow[]): number | null;
}

const protocolOf = (sender: string) => findVariant(sender)?.protocol ?? 'tcp';

function ofProtocol(rows: readonly SweepFlowRow[], p: 'tcp' | 'sctp') {
  return rows.filter((r) => protocolOf(r.sender) === p);
}

/** Sum of a column over the flows of a protocol; null without such flows or values. */
function sumOf(rows: readonly SweepFlowRow[], p: 'tcp' | 'sctp', key: keyof MetricsRow) {
  const of = ofProtocol(rows, p);
  const vals = of.map((r) => r[key]).filter((v): v is number => v !== null);
  return vals.length === 0 ? null : vals.reduce((a, b) => a + b, 0);
}

/** Mean of a column over the flows of a protocol (one number per flow); null without any. */
function meanOf(rows: readonly SweepFlowRow[], p: 'tcp' | 'sctp', key: keyof MetricsRow) {
  const of = ofProtocol(rows, p);
  const vals = of.map((r) => r[key]).filter((v): v is number => v !== null);
  return vals.length === 0 ? null : vals.reduce((a, b) => a + b, 0) / vals.length;
}

const run = (key: keyof MetricsRow) => (rows: readonly SweepFlowRow[]) => rows[0]?.[key] ?? null;

export const SWEEP_COLUMNS: readonly SweepColumn[] = [
  {
    id: 'pct_tput_tcp',
    label: 'TCP share',
    unit: '%',
    digits: 1,
    help: 'Share of the payload bytes first sent that the TCP flows sent together (Alamgir et al. eq. 1)',
    value: (rows) => sumOf(rows, 'tcp', 'pct_tput'),
  },
  {
    id: 'pct_tput_sctp',
    label: 'SCTP share',
    unit: '%',
    digits: 1,
    help: 'Share of the payload bytes first sent that the SCTP flows sent together (Alamgir et al. eq. 1)',
    value: (rows) => sumOf(rows, 'sctp', 'pct_tput'),
  },
  {
    id: 'pct_increase',
    label: 'SCTP over TCP',
    unit: '%',
    digits: 1,
    help: 'Increase of the mean SCTP flow’s throughput over the mean TCP flow’s (Alamgir et al. eq. 2)',
    value: run('pct_increase'),
  },
  {
    id: 'link_util',
    label: 'link util.',
    unit: '%',
    digits: 1,
    help: 'Payload first sent by all flows over the bottleneck’s capacity (Alamgir et al. eq. 3)',
    value: run('link_util'),
  },
  {
    id: 'jain',
    label: 'Jain',
    unit: '',
    digits: 3,
    help: 'Jain’s fairness index of the flows’ payload bytes (GEO fairness paper eq. 1)',
    value: run('jain'),
  },
  {
    id: 'mean_cwnd_tcp',
    label: 'cwnd TCP',
    unit: 'pkts',
    digits: 1,
    help: 'Time-averaged cwnd of a TCP flow, packets (mean over the TCP flows)',
    value: (rows) => meanOf(rows, 'tcp', 'mean_cwnd_pkts'),
  },
  {
    id: 'mean_cwnd_sctp',
    label: 'cwnd SCTP',
    unit: 'MTUs',
    digits: 1,
    help: 'Time-averaged cwnd of an SCTP flow, MTUs (mean over the SCTP flows)',
    value: (rows) => meanOf(rows, 'sctp', 'mean_cwnd_pkts'),
  },
  {
    id: 'fr_tcp',
    label: 'FR TCP',
    unit: '',
    digits: 1,
    help: 'Fast-retransmit episodes of a TCP flow (mean over the TCP flows)',
    value: (rows) => meanOf(rows, 'tcp', 'fr_episodes'),
  },
  {
    id: 'fr_sctp',
    label: 'FR SCTP',
    unit: '',
    digits: 1,
    help: 'Fast-retransmit episodes of an SCTP flow (mean over the SCTP flows)',
    value: (rows) => meanOf(rows, 'sctp', 'fr_episodes'),
  },
  {
    id: 'timeouts_tcp',
    label: 'RTO TCP',
    unit: '',
    digits: 1,
    help: 'Retransmission timeouts of a TCP flow (mean over the TCP flows)',
    value: (rows) => meanOf(rows, 'tcp', 'timeouts'),
  },
  {
    id: 'timeouts_sctp',
    label: 'RTO SCTP',
    unit: '',
    digits: 1,
    help: 'T3-rtx timeouts of an SCTP flow (mean over the SCTP flows)',
    value: (rows) => meanOf(rows, 'sctp', 'timeouts'),
  },
];

const BY_ID = new Map(SWEEP_COLUMNS.map((c) => [c.id, c]));

export function sweepColumn(id: string): SweepColumn | undefined {
  return BY_ID.get(id);
}

/**
 * The columns a table shows: the published ones first (in the paper's order), then the rest
 * that have a value in some run (e.g. no SCTP columns when every flow is TCP).
 */
export function tableColumns(
  published: readonly string[],
  runs: readonly (readonly SweepFlowRow[])[],
): SweepColumn[] {
  const first = published.flatMap((id) => (BY_ID.has(id) ? [BY_ID.get(id)!] : []));
  const rest = SWEEP_COLUMNS.filter(
    (c) =>
      !published.includes(c.id) && (runs.length === 0 || runs.some((r) => c.value(r) !== null)),
  );
  return [...first, ...rest];
}
