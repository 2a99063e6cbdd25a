/**
 * Where the engine reports what happens. The network calls `packetEvent` for every packet
 * event; senders (through DecisionLog) call `decision` and `sample`. Two sinks exist:
 * - Recorder (`record: 'full'`): the whole trace in typed columns (recorder.ts, decision-table.ts);
 * - MetricsRecorder (`record: 'metrics'`): counters and the accumulators of the metrics module
 *   only, no columns (metrics-recorder.ts) — for sweeps of long runs.
 * A sink only writes down; nothing in the engine reads a sink to decide anything.
 */
import type { Packet } from '../net/packet';
import type { DeliveryRow } from './deliveries';
import type { PathEventRow } from './path-events';
import type { RateRow } from './rates';
import type { PrrRow } from './prr-rows';
import type { DropCause, PacketEventKind, TriggerKind } from './types';

export interface TraceSink {
  /** True when decisions are kept: senders then snapshot their variables around each one. */
  readonly recordsDecisions: boolean;
  /** A packet event at `time` (seconds); returns its 0-based index in the event sequence. */
  packetEvent(
    time: number,
    kind: PacketEventKind,
    node: number,
    link: number,
    p: Packet,
    qlen: number,
    cause?: DropCause,
  ): number;
  /**
   * A sender decision; returns its row. `before`/`after` are NV-number variable vectors
   * (vars.ts), `packets[0 … nPackets)` the 1-based packets it sent; all are copied.
   */
  decision(
    time: number,
    flow: number,
    code: string,
    trigger: TriggerKind,
    cumAck: number,
    dupacks: number,
    event: number,
    packets: Int32Array,
    nPackets: number,
    before: Float64Array,
    after: Float64Array,
  ): number;
  /**
   * A note on decision `decision` (a row returned by `decision`): what another rule set would
   * have done here, e.g. `rfc.exit-cwnd` with the cwnd RFC 6582 would leave (reason catalog).
   * At most one per decision; only called when decisions are kept.
   */
  note(decision: number, code: string, value: number): void;
  /**
   * cwnd or ssthresh changed at the end of decision `decision` (-1 when decisions are not
   * kept). `cwndPkts` in packets (SCTP: MTUs), bytes for the others; phase per vars.ts PHASES.
   */
  sample(
    time: number,
    flow: number,
    decision: number,
    phase: number,
    cwndPkts: number,
    cwndBytes: number,
    ssthreshBytes: number,
  ): void;
  /**
   * An SCTP path event or change (multi-homing, RFC 4960 §6.4, §8; trace/path-events.ts). Kept
   * in both record modes (few rows; `--out paths`).
   */
  pathEvent(row: PathEventRow): void;
  /**
   * Data handed to the receiving application (trace/deliveries.ts); receivers call it only for
   * flows with FlowConfig.recordDeliveries. Kept in both record modes.
   */
  delivery(row: DeliveryRow): void;
  /**
   * The path (FlowInfo.paths index) of transmission `uid` of a multi-homed association
   * (trace/packet-paths.ts); only flows with more than one path call it. Full trace only.
   */
  packetPath(uid: number, path: number): void;
  /**
   * A TCP sender's rate row after an ACK (trace/rates.ts: pacing rate, delivery rate, BBR's
   * model). Full trace only; senders call it only when `recordsDecisions`. The row is reused.
   */
  rate(row: RateRow): void;
  /** PRR's variables behind a decision of a flow in PRR recovery (trace/prr-rows.ts). Full trace only. */
  prr(row: PrrRow): void;
  /**
   * A queue discipline's state on directed link `link` at `time` (seconds): `a`, `b` as the
   * discipline documents them (trace/aqm-samples.ts). Only links whose discipline is not
   * drop-tail call it. Full trace only.
   */
  aqmState(time: number, link: number, a: number, b: number): void;
}
