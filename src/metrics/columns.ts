/**
 * The metric column registry: one entry per column of a run's per-flow rows (the CLI's
 * `--out metrics`, the sweep's CSV), with its unit, its definition and where it comes from, and
 * how it is read from computeMetrics' result. The row order, the rows themselves (rows.ts), the
 * CLI help (help.ts) and the README's column table (docs.ts) all derive from this list; a new
 * column is one entry here (plus a FlowMetrics / RunMetrics field when the number is new).
 *
 * Texts are plain prose with `code` spans for other columns; the README renders them as they
 * are, the CLI help drops the backticks.
 */
import type { FlowMetrics, RunMetrics } from './types';

/**
 * Whose number a column is: `flow` — the flow's own; `run` — one number for the whole run (the
 * flows together, or the bottleneck link), repeated on every flow's row.
 */
export type ColumnScope = 'flow' | 'run';

export interface MetricColumnDef {
  /** Column name in CSV headers and JSON keys: snake_case, the unit as a suffix where it has one. */
  id: string;
  /** bytes, bits/s, %, count, packets, fraction, seconds, or the value's range. */
  unit: string;
  scope: ColumnScope;
  /** What the number is and its source (paper equation or RFC section), then when it is empty. */
  doc: string;
  /** The column's value for flow `f` of run `m`; null = not defined (an empty CSV cell). */
  value(f: FlowMetrics, m: RunMetrics): number | null;
}

/** The columns in row order (after the caller's identity columns). */
export const METRIC_COLUMN_DEFS = [
  {
    id: 'unique_bytes',
    unit: 'bytes',
    scope: 'flow',
    doc: "λ_i: payload of the distinct data packets the sender sent — first transmissions × MSS; retransmissions and ns-2's SYN segment (no payload) excluded; SCTP: distinct TSNs × chunk payload (Alamgir eq. 1–3)",
    value: (f) => f.uniqueBytes,
  },
  {
    id: 'tput_bps',
    unit: 'bits/s',
    scope: 'flow',
    doc: "`unique_bytes` · 8 / duration (the run's stop time)",
    value: (f) => f.tputBps,
  },
  {
    id: 'pct_tput',
    unit: '%',
    scope: 'flow',
    doc: 'Γ_i = λ_i / Σλ · 100 (Alamgir eq. 1); empty when no flow sent anything',
    value: (f) => f.pctTput,
  },
  {
    id: 'fr_episodes',
    unit: 'count',
    scope: 'flow',
    doc: "fast-retransmit episodes: fast retransmits that start a recovery (ssthresh set from the window on duplicate ACKs / missing reports), once per recovery however many packets it resends, whatever cwnd does (SCTP's 4-MTU floor can raise it); not timeouts (TCP and SCTP alike)",
    value: (f) => f.frEpisodes,
  },
  {
    id: 'timeouts',
    unit: 'count',
    scope: 'flow',
    doc: 'retransmission-timer (RTO / T3-rtx) expiries',
    value: (f) => f.timeouts,
  },
  {
    id: 'mean_cwnd_pkts',
    unit: 'packets',
    scope: 'flow',
    doc: "cwnd averaged over time from the flow's first packet carrying payload (not ns-2's SYN segment) to the stop time (SCTP: MTUs, as SCTP senders report cwnd); empty if the flow sent nothing, and for UDP (no cwnd)",
    value: (f) => f.meanCwndPkts,
  },
  {
    id: 'link_util',
    unit: '%',
    scope: 'run',
    doc: 'ψ = Σλ · 8 / (bottleneck bandwidth · duration) · 100 (Alamgir eq. 3); when the bottleneck is a port of a shared medium (an 802.11 or 802.16 cell, whose PHY rate no single port owns): the cell’s airtime utilisation, the time the medium was busy / duration · 100 — 802.11: each exchange from its first frame to its ACK (a collision to its longest frame’s end; DIFS, backoff and timeouts idle), 802.16: the bursts’ symbols',
    value: (_f, m) => m.linkUtilPct,
  },
  {
    id: 'jain',
    unit: '1/n … 1',
    scope: 'run',
    doc: "Jain's fairness index (Σλ)² / (n · Σλ²) over the n TCP and SCTP flows (GEO eq. 1, whose n sources are all TCP or SCTP; UDP flows do not count); 1 for one such flow, and when every λ is 0; empty without TCP or SCTP flows",
    value: (_f, m) => m.jain,
  },
  {
    id: 'goodput_bps',
    unit: 'bits/s',
    scope: 'flow',
    doc: 'payload bytes delivered in order to the receiving application · 8 / duration',
    value: (f) => f.goodputBps,
  },
  {
    id: 'pct_increase',
    unit: '%',
    scope: 'run',
    doc: 'mean λ of the SCTP flows over mean λ of the TCP flows, (a − b) / b · 100 (Alamgir eq. 2); empty without both kinds or when the TCP flows sent nothing',
    value: (_f, m) => m.pctIncrease,
  },
  {
    id: 'link_loss_rate',
    unit: 'fraction',
    scope: 'run',
    doc: 'data packets dropped at the bottleneck link (random + scripted + overflow, before the queue or after the wire) / data packets that arrived there (departed or dropped at its head; those still queued at the stop time are not counted); empty if none arrived',
    value: (_f, m) => m.bottleneck.lossRate,
  },
  {
    id: 'mean_queue_delay_s',
    unit: 'seconds',
    scope: 'run',
    doc: 'mean wait of the data packets that started transmission on the bottleneck link: start of transmission − arrival at the link (0 for a packet finding the link idle); empty if none departed',
    value: (_f, m) => m.bottleneck.meanQueueDelayS,
  },
  {
    id: 'offered_bytes',
    unit: 'bytes',
    scope: 'flow',
    doc: "payload bytes the flow's application offered to the transport (whole packets × MSS); empty for a bulk source",
    value: (f) => f.offeredBytes,
  },
  {
    id: 'requested_bps',
    unit: 'bits/s',
    scope: 'flow',
    doc: "`offered_bytes` · 8 / the flow's active time (its start to the stop time): the requested rate (Dainotti et al.'s requested throughput); empty with `offered_bytes`",
    value: (f) => f.requestedBps,
  },
  {
    id: 'delivered_bytes',
    unit: 'bytes',
    scope: 'flow',
    doc: 'payload bytes delivered to the receiving application, each packet once (TCP/SCTP in order; UDP every datagram received)',
    value: (f) => f.deliveredBytes,
  },
  {
    id: 'delivered_bps',
    unit: 'bits/s',
    scope: 'flow',
    doc: "`delivered_bytes` · 8 / the flow's active time: the delivered rate, to compare with `requested_bps`",
    value: (f) => f.deliveredBps,
  },
  {
    id: 'loss_rate',
    unit: 'fraction',
    scope: 'flow',
    doc: "the flow's data transmissions (retransmissions included) dropped anywhere on the path / those it sent; empty if it sent none",
    value: (f) => f.lossRate,
  },
  {
    id: 'delay_mean_s',
    unit: 'seconds',
    scope: 'flow',
    doc: "mean one-way delay of the flow's data packets that reached the receiver: arrival − that transmission's send time; empty if none arrived",
    value: (f) => f.delayMeanS,
  },
  {
    id: 'delay_max_s',
    unit: 'seconds',
    scope: 'flow',
    doc: 'largest one-way delay; empty if none arrived',
    value: (f) => f.delayMaxS,
  },
  {
    id: 'jitter_s',
    unit: 'seconds',
    scope: 'flow',
    doc: 'RFC 3550 §6.4.1 interarrival jitter after the last arrival: J ← J + (|D| − J)/16 in arrival order, D = (R_i − R_{i−1}) − (S_i − S_{i−1}) with send times as timestamps; empty below 2 arrivals',
    value: (f) => f.jitterS,
  },
  {
    id: 'jitter_mean_s',
    unit: 'seconds',
    scope: 'flow',
    doc: "mean |D| over consecutive arrivals (RFC 3393 IPDV of consecutive packets) — our reading of Dainotti et al.'s mean jitter, which their text reports without a formula; empty below 2 arrivals",
    value: (f) => f.jitterMeanS,
  },
  {
    id: 'jitter_max_s',
    unit: 'seconds',
    scope: 'flow',
    doc: "largest |D| over consecutive arrivals (Dainotti et al.'s maximum jitter); empty below 2 arrivals",
    value: (f) => f.jitterMaxS,
  },
  {
    id: 'retx_ratio',
    unit: 'fraction',
    scope: 'flow',
    doc: "the flow's data packets that were retransmissions / all the data packets it sent (ns-2's SYN segment not counted): 1 − RFC 6349 §3.3.2's TCP Efficiency / 100, counted in packets; 0 for UDP; empty if it sent none",
    value: (f) => (f.dataSent > 0 ? (f.dataSent - f.uniquePackets) / f.dataSent : null),
  },
  {
    id: 'cell_tput_bps',
    unit: 'bits/s',
    scope: 'run',
    doc: 'when the bottleneck is a port of a shared medium (an 802.11 or 802.16 cell): the bytes of every packet the medium delivered (IP packets with their headers, every station’s) · 8 / duration; empty otherwise',
    value: (_f, m) => m.cellTputBps,
  },
] as const satisfies readonly MetricColumnDef[];

/** A column's id. */
export type MetricColumn = (typeof METRIC_COLUMN_DEFS)[number]['id'];

/** The column ids in row order. */
export const METRIC_COLUMNS: readonly MetricColumn[] = METRIC_COLUMN_DEFS.map((c) => c.id);
