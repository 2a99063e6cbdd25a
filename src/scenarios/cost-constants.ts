/**
 * The run-cost estimate's per-unit costs (cost.ts): bytes of a trace per event, decision and
 * table row, CPU seconds per packet event, and how memory relates to the trace, measured on
 * the engine.
 */
/**
 * Per-unit constants measured on the engine.
 *
 * How: a throwaway script built each scenario's SimConfig with its topology, ran it once with
 * `run(cfg)` in a fresh process (`npx tsx --expose-gc script.ts '<query>'`, Node 20, 2 cores,
 * cold JIT), and read `process.cpuUsage()`, `trace.eventCount`, `trace.decisionCount`, the
 * byteLength of every trace column, and heapUsed + arrayBuffers sampled at the run's progress
 * points (garbage included). Full traces, before the compact layout (packet events 35 B each,
 * decisions' variables stored whole):
 *
 *   query (preset=fall-floyd unless named)                  events     CPU s  ev/CPU s  B/event  B/decision  peak B/event
 *   sender=sack&bw=8e6&stop=2000&window=200&queue=100       19.1 M     11.9   1.61 M    53.0     180         106
 *   sender=sctp-2960&bw=8e6&stop=2000&window=200&queue=100  19.1 M     11.4   1.68 M    50.1     151         107
 *   sender=fack&bw=8e6&stop=2000&window=2000&queue=2000&loss=0.001
 *                                                            4.2 M      1.19  3.52 M    53.8     188         115
 *   sender=sack&bw=8e6&stop=2000&window=5000&queue=5000&loss=0.0003
 *                                                            7.9 M      1.95  4.04 M    53.0     180          86
 *   sender=reno&sender2=sctp-newreno&bw=8e6&stop=2000&window=200&queue=100&loss=0.001
 *                                                            8.2 M      2.83  2.91 M    52.9     179          86
 *   preset=alamgir-fig8&stop=2000&bw=1e7&window=300&queue=100&sender2=sctp-4960&loss=0.001
 *                                                            4.6 M      1.57  2.95 M    47.8     179          82
 *   preset=geo-segment-8&stop=2000&bw=1e7&window=1000&queue=300&loss=0.002
 *                                                            2.2 M      0.98  2.29 M    52.9     179          69
 *
 * With the compact layout (20 B per packet event + 15 B per transmission, sparse after-vectors;
 * runs within MAX_RUN_EVENTS' estimate):
 *
 *   query (preset=fall-floyd unless named)                  events     CPU s  ev/CPU s  B/event  B/decision  peak B/event
 *   sender=sack&bw=8e6&stop=300&window=200&queue=100        2.7 M      0.56   4.88 M    35.0     120          57
 *   sender=sctp-2960&bw=8e6&stop=300&window=200&queue=100   2.8 M      0.70   3.98 M    31.6      86          51
 *   sender=fack&bw=8e6&stop=550&window=2000&queue=2000&loss=0.001
 *                                                            1.1 M      0.33   3.46 M    36.7     136         111
 *   sender=sack&bw=8e6&stop=540&window=5000&queue=5000&loss=0.0003
 *                                                            2.1 M      0.48   4.44 M    35.0     120          73
 *   sender=reno&sender2=sctp-newreno&bw=8e6&stop=410&window=200&queue=100&loss=0.001
 *                                                            1.6 M      0.49   3.37 M    35.0     119          83
 *   preset=alamgir-fig8&stop=330&bw=1e7&window=300&queue=100&sender2=sctp-4960&loss=0.001
 *                                                            0.8 M      0.40   2.04 M    30.7     119          74
 *   preset=geo-segment-8&stop=470&bw=1e7&window=1000&queue=300&loss=0.002
 *                                                            0.6 M      0.33   1.67 M    35.0     119          91
 *
 * Metrics-only runs of the same kind did 2.5–12 M events per CPU second. Packet events per
 * data packet: 9.9–10.0 on Fall & Floyd and the GEO network (2 links), 13.9 on the satellite
 * dumbbell (3 links); decisions per data packet 0.95–1.0. The engine's own scheduler events
 * (what run()'s maxEvents counts) were 0.47–0.59 per packet event.
 */
export const COST_CONSTANTS = {
  /** Bytes of the packet-event columns per event (recorder.ts: time 8, uid 4, node, link,
   * qlen 2 each, kind, cause 1 each). */
  bytesPerEvent: 20,
  /** Bytes per transmission (transmissions.ts: flow 2, type 1, packet 4, retx 1, cumAck 4,
   * sackBlocks 1, size 2). */
  bytesPerTransmission: 15,
  /** Bytes per decision, its state sample and packet list included (measured 86–136 with the
   * sparse after-vectors; a decision that changes every variable stores 96 more). */
  bytesPerDecision: 160,
  /** Bytes per SACK / Gap Ack block (uid, first, last). */
  bytesPerAckBlock: 12,
  /**
   * Issue 13's sparse tables, bytes per row from their column types: a delivery (deliveries.ts:
   * time 8, flow 2, stream 2, ssn 4, packet 4, unordered 1), a path event (path-events.ts: time,
   * cwnd, ssthresh, rto 8 each, flow 2, path, event, state 1 each, error count 2), a packet's
   * path (packet-paths.ts: uid 4, path 1).
   */
  bytesPerDelivery: 21,
  bytesPerPathEvent: 39,
  bytesPerPacketPath: 5,
  /** A MAC row of a shared medium (mac-rows.ts: time, airtime 8 each, uid 4, node, cw, slots 2
   * each, medium, event, attempt, rts 1 each). */
  bytesPerMacRow: 30,
  /** SACK / Gap Ack blocks per ACK, averaged over a run (measured ≤ 0.13 with 1 % loss). */
  ackBlocksPerAck: 1,
  /** The page keeps the trace plus the UI's indexes: about this many times the trace bytes. */
  pageFactor: 2,
  /** Peak heap growth of a full run in Node, relative to the finished trace's bytes (measured
   * 1.3–2.1, garbage included). */
  runPeakFactor: 2.2,
  /**
   * Packet events per CPU second of a full run, conservative: below the slowest large run
   * measured in a fresh process (1.6 M, cold JIT), for slower machines.
   */
  eventsPerCpuSecond: 1_000_000,
  /** Packet events per CPU second of a metrics-only run (sweeps), conservative (measured ≥ 2.5 M). */
  metricsEventsPerCpuSecond: 2_000_000,
} as const;
