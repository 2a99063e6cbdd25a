/**
 * The run column registry: the papers' per-run table figures, one number per run, computed from
 * the run's per-flow rows — shares and ratios of the run, then per-protocol means. The sweep
 * table (src/ui/sweep/columns.ts) shows them; the ns-2 table statistics (table-stats.ts, `npm run
 * tables`, tests/experiments) compare the `table` ones with ns-2.35's. Ids are the names the
 * presets' published tables and the ns-2 fixtures use. Pure.
 *
 * Each figure is computed from the flows' λ (unique_bytes) and counters, not read from the rows'
 * run values, so that ns-2's fixture runs (per-flow unique_bytes, mean_cwnd_pkts, fr_episodes,
 * timeouts; link_util per run) and ours go through the same code.
 */
import type { Protocol } from '../engine';
import { percentThroughput } from './formulas';
import { jainFairness, protocolOfSender, sctpOverTcpIncrease } from './protocols';
import type { MetricsRow } from './rows';

/** A flow as the run figures read it: a metrics row, or a flow of an ns-2 fixture run. */
export type TableFlow = { sender: string } & Pick<
  MetricsRow,
  'unique_bytes' | 'mean_cwnd_pkts' | 'fr_episodes' | 'timeouts'
> & { link_util?: number | null };

/**
 * One run: its flows in flow order, and its link utilisation (%) — given on the run (ns-2's
 * fixtures) or on the flows' rows (metricsRows repeats it on every row).
 */
export interface TableRun {
  link_util?: number | null;
  flows: readonly TableFlow[];
}

export interface RunColumnDef {
  id: string;
  /** Short header (the sweep table). */
  label: string;
  /** %, packets, MTUs, count, or '' for a pure number. */
  unit: string;
  /** Decimals shown. */
  digits: number;
  /** `run`: of all the flows; `tcp` / `sctp`: of that protocol's flows (null without them). */
  scope: 'run' | Exclude<Protocol, 'udp'>;
  /** Compared with ns-2.35's tables (table-stats.ts TABLE_METRICS). */
  table: boolean;
  /** What the number is and its source (the sweep header's tooltip). */
  doc: string;
  value(run: TableRun): number | null;
}

const kind = (f: TableFlow) => protocolOfSender(f.sender);

/** Sum of the flows' λ, bytes. */
function bytesOf(flows: readonly TableFlow[], p?: Protocol): number {
  let sum = 0;
  for (const f of flows) if (p === undefined || kind(f) === p) sum += f.unique_bytes ?? 0;
  return sum;
}

/** Share of all flows' λ that protocol p's flows sent, %; null without such flows or bytes. */
function shareOf(p: Protocol) {
  return (run: TableRun) =>
    run.flows.some((f) => kind(f) === p)
      ? percentThroughput(bytesOf(run.flows, p), bytesOf(run.flows))
      : null;
}

/** Mean over protocol p's flows of a per-flow count (nulls skipped); null without any. */
function meanOf(p: Protocol, key: 'mean_cwnd_pkts' | 'fr_episodes' | 'timeouts') {
  return (run: TableRun) => {
    const xs = run.flows
      .filter((f) => kind(f) === p)
      .map((f) => f[key])
      .filter((v): v is number => v !== null);
    return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
  };
}

const shares = (run: TableRun) =>
  run.flows.map((f) => ({ protocol: kind(f), uniqueBytes: f.unique_bytes ?? 0 }));

/** The run columns, in the sweep table's order. */
export const RUN_COLUMN_DEFS = [
  {
    id: 'pct_tput_tcp',
    label: 'TCP share',
    unit: '%',
    digits: 1,
    scope: 'tcp',
    table: false, // 100 − pct_tput_sctp in the tables' runs
    doc: 'Share of the payload bytes first sent that the TCP flows sent together (Alamgir et al. eq. 1)',
    value: shareOf('tcp'),
  },
  {
    id: 'pct_tput_sctp',
    label: 'SCTP share',
    unit: '%',
    digits: 1,
    scope: 'sctp',
    table: true,
    doc: 'Share of the payload bytes first sent that the SCTP flows sent together (Alamgir et al. eq. 1)',
    value: shareOf('sctp'),
  },
  {
    id: 'pct_increase',
    label: 'SCTP over TCP',
    unit: '%',
    digits: 1,
    scope: 'run',
    table: true,
    doc: 'Increase of the mean SCTP flow’s throughput over the mean TCP flow’s (Alamgir et al. eq. 2)',
    value: (run) => sctpOverTcpIncrease(shares(run)),
  },
  {
    id: 'link_util',
    label: 'link util.',
    unit: '%',
    digits: 1,
    scope: 'run',
    table: true,
    doc: 'Payload first sent by all flows over the bottleneck’s capacity (Alamgir et al. eq. 3); behind a Wi-Fi or WiMAX cell, the time the cell was busy over the run',
    value: (run) => run.link_util ?? run.flows[0]?.link_util ?? null,
  },
  {
    id: 'jain',
    label: 'Jain',
    unit: '',
    digits: 3,
    scope: 'run',
    table: true,
    doc: 'Jain’s fairness index of the TCP and SCTP flows’ payload bytes (GEO fairness paper eq. 1; UDP flows do not count)',
    value: (run) => jainFairness(shares(run)),
  },
  {
    id: 'mean_cwnd_pkts_tcp',
    label: 'cwnd TCP',
    unit: 'pkts',
    digits: 1,
    scope: 'tcp',
    table: true,
    doc: 'Time-averaged cwnd of a TCP flow, packets (mean over the TCP flows)',
    value: meanOf('tcp', 'mean_cwnd_pkts'),
  },
  {
    id: 'mean_cwnd_pkts_sctp',
    label: 'cwnd SCTP',
    unit: 'MTUs',
    digits: 1,
    scope: 'sctp',
    table: true,
    doc: 'Time-averaged cwnd of an SCTP flow, MTUs (mean over the SCTP flows)',
    value: meanOf('sctp', 'mean_cwnd_pkts'),
  },
  {
    id: 'fr_episodes_tcp',
    label: 'FR TCP',
    unit: '',
    digits: 1,
    scope: 'tcp',
    table: true,
    doc: 'Fast-retransmit episodes of a TCP flow (mean over the TCP flows)',
    value: meanOf('tcp', 'fr_episodes'),
  },
  {
    id: 'fr_episodes_sctp',
    label: 'FR SCTP',
    unit: '',
    digits: 1,
    scope: 'sctp',
    table: true,
    doc: 'Fast-retransmit episodes of an SCTP flow (mean over the SCTP flows)',
    value: meanOf('sctp', 'fr_episodes'),
  },
  {
    id: 'timeouts_tcp',
    label: 'RTO TCP',
    unit: '',
    digits: 1,
    scope: 'tcp',
    table: true,
    doc: 'Retransmission timeouts of a TCP flow (mean over the TCP flows)',
    value: meanOf('tcp', 'timeouts'),
  },
  {
    id: 'timeouts_sctp',
    label: 'RTO SCTP',
    unit: '',
    digits: 1,
    scope: 'sctp',
    table: true,
    doc: 'T3-rtx timeouts of an SCTP flow (mean over the SCTP flows)',
    value: meanOf('sctp', 'timeouts'),
  },
] as const satisfies readonly RunColumnDef[];

/** A run column's id. */
export type RunColumn = (typeof RUN_COLUMN_DEFS)[number]['id'];

const BY_ID = new Map<string, RunColumnDef>(RUN_COLUMN_DEFS.map((c) => [c.id, c]));

/** The run column of an id, or undefined (ids from outside: a preset's published columns). */
export function runColumn(id: string): RunColumnDef | undefined {
  return BY_ID.get(id);
}

/** Every run column's value for one run, keyed by id. */
export function runFigures(run: TableRun): Record<RunColumn, number | null> {
  const out = {} as Record<RunColumn, number | null>;
  for (const c of RUN_COLUMN_DEFS) out[c.id] = c.value(run);
  return out;
}
