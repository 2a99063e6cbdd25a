/**
 * What src/metrics computes from one run. Units are in the names or the docstrings: bytes,
 * bits/s, seconds, packets, % (0–100); flows are numbered from 1. `null` = not defined for this
 * run (the docstring says when).
 */
import type { AppKind, BottleneckAccumulators, Protocol, SenderId } from '../engine';

export interface FlowMetrics {
  /** Flow number, 1-based (flow index + 1). */
  flow: number;
  sender: SenderId;
  protocol: Protocol;
  /**
   * λ_i: payload bytes of the distinct data packets the sender sent (000_… eq. 1–3: "bytes sent
   * … excluding retransmitted packets"): first transmissions × mssBytes; ns-2's SYN segment
   * (no payload) is not counted; SCTP: distinct TSNs × mssBytes, a file's shorter last chunk
   * with its own payload.
   */
  uniqueBytes: number;
  /** The distinct data packets counted in uniqueBytes, packets. */
  uniquePackets: number;
  /** uniqueBytes · 8 / durationS, bits/s. */
  tputBps: number;
  /** Γ_i = λ_i / Σ λ · 100 (000_… eq. 1), %; null when no flow sent anything. */
  pctTput: number | null;
  /**
   * Fast-retransmit episodes: fast retransmits that start a loss recovery — duplicate ACKs (TCP)
   * or missing reports (SCTP) make the sender set ssthresh from its window — once per recovery
   * however many packets it resends, whatever cwnd does (SCTP's 4-MTU floor can raise it);
   * timeouts are not episodes. Same meaning for TCP and SCTP (FlowStats.fastRetransmits;
   * tests/fixtures/ns2-tables/README.md, "Two setups of Table 2").
   */
  frEpisodes: number;
  /** Retransmission-timer (RTO / T3-rtx) expiries. */
  timeouts: number;
  /**
   * Time-averaged cwnd from the flow's first packet carrying payload (after ns-2's SYN segment) to stopS, packets (SCTP: MTUs of the
   * path, as SCTP senders report cwnd); null when the flow sent no data before stopS, and for
   * UDP (no congestion window).
   */
  meanCwndPkts: number | null;
  /** Payload bytes delivered in order to the receiving application · 8 / durationS, bits/s. */
  goodputBps: number;
  /** The application feeding the flow (FlowConfig.app; bulk when unset). */
  app: AppKind;
  /** The flow's class: application kind and protocol, e.g. 'voip/udp', 'ftp-clients/tcp'. */
  flowClass: string;
  /**
   * The flow's active time: from its start (FlowConfig.startS) to the end of the run, seconds;
   * the denominator of requestedBps and deliveredBps.
   */
  activeS: number;
  /**
   * Bytes the application offered to the transport (payload, whole packets; FlowStats.offeredBytes);
   * null for a bulk source (no finite offer) or a flow that does not report it.
   */
  offeredBytes: number | null;
  /** Requested rate: offeredBytes · 8 / activeS, bits/s (002_…'s "requested throughput"); null
   * with offeredBytes, or when activeS ≤ 0. */
  requestedBps: number | null;
  /** Payload bytes delivered to the receiving application, each packet once (in order for TCP and
   * SCTP; every datagram received for UDP): FlowStats.deliveredBytes. */
  deliveredBytes: number;
  /** Delivered rate: deliveredBytes · 8 / activeS, bits/s; null when activeS ≤ 0. */
  deliveredBps: number | null;
  /** Data transmissions carrying payload that the sender sent, retransmissions included. */
  dataSent: number;
  /** Of those, dropped anywhere on the path (queue overflow, random or scripted loss). */
  dataDropped: number;
  /** Of those, arrived at the receiver (each transmission counts). */
  arrivals: number;
  /** The flow's loss rate: dataDropped / dataSent (in flight at the end: neither); null when it
   * sent none. */
  lossRate: number | null;
  /** Mean one-way delay of the arrivals (arrival − that transmission's send time), seconds;
   * null without arrivals. */
  delayMeanS: number | null;
  /** Largest one-way delay, seconds; null without arrivals. */
  delayMaxS: number | null;
  /**
   * RFC 3550 §6.4.1 interarrival jitter after the last arrival, seconds: J ← J + (|D| − J)/16
   * over consecutive arrivals in arrival order, D = (R_i − R_{i−1}) − (S_i − S_{i−1}) with send
   * times S as the RTP timestamps, J starting at 0; null below 2 arrivals.
   */
  jitterS: number | null;
  /**
   * Mean jitter in the sense of Dainotti et al. (002_…), who report the mean, maximum, standard
   * deviation and median of per-packet jitter measured with D-ITG but give no formula in the text
   * we have: our reading takes each sample as |D| of consecutive arrivals (the instantaneous
   * delay variation, RFC 3393 IPDV with consecutive selection) — the mean of |D|, seconds; null
   * below 2 arrivals.
   */
  jitterMeanS: number | null;
  /** Largest |D| over consecutive arrivals (002_…'s maximum jitter), seconds; null below 2 arrivals. */
  jitterMaxS: number | null;
}

/** Data packets at the bottleneck link over the run (engine accumulators, packet-tally.ts). */
export interface BottleneckMetrics {
  /** Link capacity, bits/s. */
  capacityBps: number;
  /**
   * Data packets that arrived at the link: those that started transmission plus those dropped
   * at its head (queue overflow, or a loss point in front of the queue). Packets still waiting
   * in its queue at stopS are not counted.
   */
  dataArrivals: number;
  /** Data packets dropped at the link by cause (random + scripted + overflow + linkDown +
   * macRetry = total), wherever its loss point sits (in front of the queue or after the wire);
   * linkDown: dropped while the link was down (SimConfig.linkEvents); macRetry: a shared
   * medium's MAC gave up at its retry limit (its own cause, not random loss). */
  dataDrops: BottleneckAccumulators['dataDrops'] & { total: number };
  /** dataDrops.total / dataArrivals; null when no data packet arrived. */
  lossRate: number | null;
  /**
   * Mean queueing delay of the data packets that started transmission on the link: start of
   * transmission − arrival at the link's head (the packet's arrive event at the link's node),
   * seconds; 0 for a packet that finds the link idle. Dropped packets and those still queued
   * at stopS are not counted. Null when no data packet departed.
   */
  meanQueueDelayS: number | null;
}

/**
 * Throughput against time (000_… Fig. 4: λ "measured every 0.1 sec"): payload bytes first sent
 * (retransmissions excluded) per bin. Bin k covers [k · binS, (k + 1) · binS) (index ⌊t / binS⌋
 * in double precision); the last bin also takes sends up to stopS and is lastBinS wide.
 * Bits/s of bin k: bytes · 8 / width.
 */
export interface ThroughputBins {
  /** Bin width, seconds. */
  binS: number;
  /** Width of the last bin (stopS − (n − 1) · binS, or binS), seconds. */
  lastBinS: number;
  /** Per flow (flow index order), bytes per bin; each of length n. */
  flows: Float64Array[];
  /** Sum over the flows, bytes per bin. */
  total: Float64Array;
}

export interface RunMetrics {
  /** The run's length (SimConfig.stopS): every rate divides by it, from t = 0 (flows that
   * start later, or stop sending, are still measured over the whole run), seconds. */
  durationS: number;
  flows: FlowMetrics[];
  /** Σ λ_i, bytes. */
  totalUniqueBytes: number;
  /** ψ = Σ λ_i · 8 / (capacity · durationS) · 100 (000_… eq. 3), % of the bottleneck. */
  linkUtilPct: number;
  /** When the bottleneck is a shared medium's port (an 802.11 or 802.16 cell): the bits of
   * every packet the medium delivered (IP packets, headers included, all its stations) per
   * second of the run; null otherwise. */
  cellTputBps: number | null;
  /** Jain's fairness index of the TCP and SCTP flows' λ_i (004_… eq. 1; protocols.ts
   * jainFairness: UDP flows do not count); 1 for one such flow, and when all are 0; null
   * without TCP or SCTP flows. */
  jain: number | null;
  /** Percentage increase of the mean λ of the SCTP flows over that of the TCP flows (000_… eq. 2),
   * %; null without both kinds or when the TCP flows sent nothing. */
  pctIncrease: number | null;
  bottleneck: BottleneckMetrics;
  throughput: ThroughputBins;
}
