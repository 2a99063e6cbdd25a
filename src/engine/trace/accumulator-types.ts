/**
 * The shapes of what a metrics-only run accumulates (Trace.accumulators): plain interfaces,
 * kept apart from the tallies that fill them (packet-tally.ts, delay-tally.ts,
 * accumulators.ts) so trace/types.ts can name them without importing the tallies.
 */

/** First transmissions of one flow's payload. */
export interface FlowTally {
  /**
   * Data packets sent for the first time that carry payload, packets: retransmissions and
   * ns-2's SYN segment (FlowConfig.synSegment, packet 1 of a TCP flow) excluded; SCTP: distinct
   * TSNs.
   */
  uniquePackets: number;
  /**
   * Their payload (headers excluded), bytes: mssBytes each, except an SCTP file's shorter last
   * chunk (app/payload.ts; TCP and UDP send a file's last packet whole).
   */
  uniqueBytes: number;
  /**
   * Those bytes by the time they were first sent: entry k holds the packets sent at a time t
   * with ⌊t / binS⌋ = k (double precision), the last entry also those up to stopS; length
   * binCount(stopS, binS). Bytes per bin (× 8 / binS for bits/s).
   */
  binBytes: Float64Array;
}

/**
 * Data packets at the bottleneck link (Trace.bottleneck) over the whole run. A data packet
 * reaches the link's head at its arrive (or send) event at the link's node; there it is dropped
 * (queue overflow, or a loss point in front of the queue) or queued; a queued packet departs
 * (starts transmission), and a loss point after the wire may still drop it on arrival.
 */
export interface BottleneckAccumulators {
  /** Data packets that started transmission on the link. */
  dataDepartures: number;
  /** Data packets dropped at the link, by cause (in front of the queue or after the wire;
   * linkDown: while the link was down, SimConfig.linkEvents; macRetry: a shared medium's port
   * whose MAC gave up at its retry limit, DropCause.macRetry). */
  dataDrops: {
    scripted: number;
    overflow: number;
    random: number;
    linkDown: number;
    macRetry: number;
  };
  /** Of dataDrops, those dropped at the link's head (overflow or a loss point in front of the
   * queue): they never entered the queue. */
  dataDropsAtHead: number;
  /** Σ over departed data packets of (departure − arrival at the link's head), seconds. */
  queueDelaySumS: number;
  /** Departed data packets whose arrival was seen (= dataDepartures in every engine run). */
  queueDelayCount: number;
}

/** One flow's per-packet accumulators (seconds; counts of data transmissions with payload). */
export interface FlowDelay {
  /** Data transmissions sent, retransmissions included. */
  dataSent: number;
  /** Of those, dropped anywhere on the path (queue overflow, loss points). */
  dataDropped: number;
  /** Data transmissions that reached the receiver. */
  arrivals: number;
  /** Σ one-way delay (arrival − send) over the arrivals, seconds. */
  delaySumS: number;
  /** Largest one-way delay, seconds; 0 without arrivals. */
  delayMaxS: number;
  /** RFC 3550 §6.4.1 interarrival jitter J after the last arrival, seconds; 0 below 2 arrivals. */
  jitterRfcS: number;
  /** Σ |D| over consecutive arrivals (arrivals − 1 terms), seconds. */
  ipdvSumS: number;
  /** Largest |D|, seconds; 0 below 2 arrivals. */
  ipdvMaxS: number;
}

export interface FlowAccumulators extends FlowTally, FlowDelay {
  /** Seconds; NaN when the flow sent no data. */
  firstDataS: number;
  /** Packet·seconds (SCTP: MTU·seconds). */
  cwndPktSeconds: number;
}

/** Everything a run accumulates besides the counters of flowStats / linkStats. */
export interface RunAccumulators {
  /** Width of the throughput bins (FlowAccumulators.binBytes), seconds. */
  binS: number;
  /** One per flow, in flow order. */
  flows: FlowAccumulators[];
  bottleneck: BottleneckAccumulators;
}
