/**
 * The metrics-only sink (`record: 'metrics'`): counts packet events and decisions and keeps the
 * run's accumulators (accumulators.ts, packet-tally.ts); records no columns, decisions or
 * samples. Link and flow counters live in the links and senders, as in a full run.
 */
import type { SimConfig } from '../config';
import type { Packet } from '../net/packet';
import {
  CwndIntegral,
  firstPayloadPackets,
  joinAccumulators,
  type RunAccumulators,
} from './accumulators';
import { DelayTally } from './delay-tally';
import { DeliveryTable, type DeliveryRow } from './deliveries';
import { PathEventTable, type PathEventRow } from './path-events';
import { DEFAULT_BIN_S, PacketTally } from './packet-tally';
import { tooManyPacketEvents } from './recorder';
import type { TraceSink } from './sink';
import { DropCause, PacketEventKind, PacketType } from './types';

export class MetricsRecorder implements TraceSink {
  readonly recordsDecisions = false;
  /** Packet events so far. */
  events = 0;
  /** Decisions so far. */
  decisionCount = 0;
  private readonly cwnd: CwndIntegral[];
  private readonly tally: PacketTally;
  private readonly delay: DelayTally;
  /** Per flow, the first packet number carrying payload (accumulators.ts). */
  private readonly firstPayload: Int32Array;
  /** Per flow, 1 once its first data packet with payload was sent (CwndIntegral.firstData,
   * which ignores later calls, is then not called again). */
  private readonly started: Uint8Array;

  /**
   * @param binS throughput bin width, seconds
   * @throws RangeError for a bad binS (packet-tally.ts binCount)
   */
  /** @param maxEvents packet events the run may make: one more throws (tooManyPacketEvents). */
  constructor(
    cfg: SimConfig,
    binS: number = DEFAULT_BIN_S,
    private readonly maxEvents = Infinity,
  ) {
    this.cwnd = cfg.flows.map(() => new CwndIntegral());
    this.firstPayload = firstPayloadPackets(cfg);
    this.started = new Uint8Array(cfg.flows.length);
    this.tally = new PacketTally(cfg, binS);
    this.delay = new DelayTally(cfg);
  }

  /** The bottleneck: its link index and the index of the node it leaves. */
  watch(link: number, node: number): void {
    this.tally.watch(link, node);
  }

  packetEvent(
    time: number,
    kind: PacketEventKind,
    node: number,
    link: number,
    p: Packet,
    _qlen: number,
    cause: DropCause = DropCause.none,
  ): number {
    if (this.events >= this.maxEvents) throw tooManyPacketEvents(this.maxEvents);
    if (p.type === PacketType.data) this.dataEvent(time, kind, node, link, p, cause);
    return this.events++;
  }

  /**
   * A data packet's event feeds the accumulators: one dispatch on the event kind, then the
   * tallies' per-kind parts (the same arithmetic as their `packet`, which a full trace's
   * columns go through). Kept out of `packetEvent` so that stays small enough to inline.
   */
  private dataEvent(
    time: number,
    kind: PacketEventKind,
    node: number,
    link: number,
    p: Packet,
    cause: DropCause,
  ): void {
    const flow = p.flow;
    switch (kind) {
      case PacketEventKind.send:
        if (this.started[flow] === 0 && p.seq >= this.firstPayload[flow]!) {
          this.started[flow] = 1;
          this.cwnd[flow]!.firstData(time);
        }
        this.tally.dataSent(time, node, flow, p.seq, p.retx, p.uid);
        this.delay.dataSent(flow, p.seq);
        break;
      case PacketEventKind.arrive:
        this.tally.dataArrived(time, node, p.uid);
        break;
      case PacketEventKind.depart:
        this.tally.dataDeparted(time, link, p.uid);
        break;
      case PacketEventKind.drop:
        this.tally.dataDropped(link, p.uid, cause);
        this.delay.dataDropped(flow, p.seq);
        break;
      case PacketEventKind.mark:
        break; // a CE mark: the packet goes on
      default:
        this.delay.dataDelivered(time, flow, p.seq, p.sentAt);
    }
  }

  decision(): number {
    return this.decisionCount++;
  }

  note(): void {}

  /** SCTP path events and deliveries are kept as in a full run (sparse). */
  readonly pathEvents = new PathEventTable();
  readonly deliveries = new DeliveryTable();

  pathEvent(row: PathEventRow): void {
    this.pathEvents.add(row);
  }

  delivery(row: DeliveryRow): void {
    this.deliveries.add(row);
  }

  /** Packet paths and PRR's rows are part of the full trace only. */
  packetPath(): void {}

  /** Rate rows are part of the full trace only. */
  rate(): void {}
  prr(): void {}
  /** Queue disciplines' state samples are part of the full trace only. */
  aqmState(): void {}

  sample(time: number, flow: number, _decision: number, _phase: number, cwndPkts: number): void {
    this.cwnd[flow]!.change(time, cwndPkts);
  }

  accumulators(stopS: number): RunAccumulators {
    return joinAccumulators(this.cwnd, this.tally, this.delay, stopS);
  }
}
