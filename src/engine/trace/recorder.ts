import type { Packet } from '../net/packet';
import { DecisionTable } from './decision-table';
import { DeliveryTable, type DeliveryRow } from './deliveries';
import { PrrTable, type PrrRow } from './prr-rows';
import { AqmSampleTable } from './aqm-samples';
import { EcnTable } from './ecn-rows';
import { PathEventTable, type PathEventRow } from './path-events';
import { RateTable, type RateRow } from './rates';
import { PacketPathTable } from './packet-paths';
import { TransmissionTable } from './transmissions';
import { grown, nextCapacity, trimmed } from './growable';
import type { TraceSink } from './sink';
import {
  DropCause,
  PacketEventKind,
  PacketType,
  type AckBlockColumns,
  type ControlColumns,
  type DecisionColumns,
  type PacketEventColumns,
  type SampleColumns,
  type TransmissionColumns,
  type TriggerKind,
} from './types';

/** The error of a run that passed RunOptions.maxPacketEvents. */
export function tooManyPacketEvents(max: number): Error {
  return new Error(`run exceeded ${max} packet events`);
}

/**
 * The full-trace sink (`record: 'full'`): packet events into growable typed-array columns
 * (20 bytes per event; what a transmission carries once per uid in a TransmissionTable,
 * ≈ 3 bytes per event), decisions and samples into a DecisionTable, control packets' names into
 * a sparse table. It never decides anything.
 */
export class Recorder implements TraceSink {
  readonly recordsDecisions = true;
  private cap: number;
  private n = 0;
  private time: Float64Array;
  private kind: Uint8Array;
  private node: Uint16Array;
  private link: Int16Array;
  private uid: Int32Array;
  private qlen: Uint16Array;
  private cause: Uint8Array;

  /** What each transmission carries, row = uid. */
  private readonly tx: TransmissionTable;

  private blockUid: number[] = [];
  private blockFirst: number[] = [];
  private blockLast: number[] = [];

  private controlUid: number[] = [];
  private controlLabel: number[] = [];
  private readonly controlNames: string[] = [];
  private readonly controlCode = new Map<string, number>();

  private readonly table = new DecisionTable();
  /** SCTP path events and application deliveries (sparse; trace/path-events.ts, deliveries.ts). */
  readonly pathEvents = new PathEventTable();
  readonly deliveries = new DeliveryTable();

  pathEvent(row: PathEventRow): void {
    this.pathEvents.add(row);
  }

  delivery(row: DeliveryRow): void {
    this.deliveries.add(row);
  }

  /** The path of each transmission of multi-homed associations (packet-paths.ts). */
  readonly packetPaths = new PacketPathTable();
  /** TCP senders' rate rows, one per ACK (rates.ts). */
  readonly rates = new RateTable();

  rate(row: RateRow): void {
    this.rates.add(row);
  }

  packetPath(uid: number, path: number): void {
    this.packetPaths.add(uid, path);
  }

  /** PRR's variables per decision in PRR recovery (prr-rows.ts). */
  readonly prrRows = new PrrTable();

  prr(row: PrrRow): void {
    this.prrRows.add(row);
  }

  /** ECN bits of the transmissions that carry any (ecn-rows.ts). */
  readonly ecnRows = new EcnTable();

  /** Queue disciplines' state samples (aqm-samples.ts). */
  readonly aqmSamples = new AqmSampleTable();

  aqmState(time: number, link: number, a: number, b: number): void {
    this.aqmSamples.add(time, link, this.n, a, b);
  }

  /**
   * @param expectedEvents capacity to start with (an estimate; the columns grow past it).
   * @param maxEvents packet events the run may record: one more throws (tooManyPacketEvents).
   */
  constructor(
    expectedEvents = 1024,
    private readonly maxEvents = Infinity,
  ) {
    const c = Math.min(Math.max(16, Math.ceil(expectedEvents)), Math.max(16, maxEvents));
    this.cap = c;
    // About 5 packet events per transmission (send, then depart + arrive per hop; ≈ 5.0 measured).
    this.tx = new TransmissionTable(c / 5);
    this.time = new Float64Array(c);
    this.kind = new Uint8Array(c);
    this.node = new Uint16Array(c);
    this.link = new Int16Array(c);
    this.uid = new Int32Array(c);
    this.qlen = new Uint16Array(c);
    this.cause = new Uint8Array(c);
  }

  /** Index the next packet event will get. */
  get nextIndex(): number {
    return this.n;
  }

  /**
   * A fraction `done` (0..1] of the simulated time has run: make room at once for what the
   * whole run will record at the same rate (+5 %), instead of growing step by step.
   */
  project(done: number): void {
    if (!(done > 0 && done < 1)) return;
    const need = Math.ceil((this.n / done) * 1.05);
    if (need > this.cap * 1.25) this.growColumns(need, true);
    this.tx.project(done);
    this.table.project(done);
  }

  /** `exact`: a projection's capacity as asked (no 1.5× step past it: no slack to keep). */
  private growColumns(atLeast = this.n + 1, exact = false): void {
    // The columns never hold more than maxEvents: the event past it stops the run here.
    if (this.n >= this.maxEvents) throw tooManyPacketEvents(this.maxEvents);
    const c = Math.min(
      exact ? atLeast : nextCapacity(this.cap, atLeast),
      Math.max(this.maxEvents, this.n + 1),
    );
    if (c <= this.cap) return;
    this.time = grown(this.time, c);
    this.kind = grown(this.kind, c);
    this.node = grown(this.node, c);
    this.link = grown(this.link, c);
    this.uid = grown(this.uid, c);
    this.qlen = grown(this.qlen, c);
    this.cause = grown(this.cause, c);
    this.cap = c;
  }

  packetEvent(
    time: number,
    kind: PacketEventKind,
    node: number,
    link: number,
    p: Packet,
    qlen: number,
    cause: DropCause = DropCause.none,
  ): number {
    if (this.n >= this.cap) this.growColumns();
    const i = this.n++;
    const nb = p.blocks.length;
    this.time[i] = time;
    this.kind[i] = kind;
    this.node[i] = node;
    this.link[i] = link;
    this.uid[i] = p.uid;
    this.tx.record(p);
    // Fresh rows are zero: only non-zero values are written.
    if (qlen !== 0) this.qlen[i] = qlen;
    if (cause !== DropCause.none) this.cause[i] = cause;
    if (kind === PacketEventKind.send && p.type === PacketType.control) this.control(p);
    if (kind === PacketEventKind.send && (p.ecn | p.ecnFlags) !== 0)
      this.ecnRows.add(p.uid, p.ecn, p.ecnFlags);
    if (kind === PacketEventKind.send && nb > 0) {
      for (const [first, last] of p.blocks) {
        this.blockUid.push(p.uid);
        this.blockFirst.push(first);
        this.blockLast.push(last);
      }
    }
    return i;
  }

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
  ): number {
    return this.table.add(
      time,
      flow,
      code,
      trigger,
      cumAck,
      dupacks,
      event,
      packets,
      nPackets,
      before,
      after,
    );
  }

  note(decision: number, code: string, value: number): void {
    this.table.addNote(decision, code, value);
  }

  sample(
    _time: number,
    _flow: number,
    decision: number,
    phase: number,
    _cwndPkts: number,
    cwndBytes: number,
    ssthreshBytes: number,
  ): void {
    this.table.addSample(decision, phase, cwndBytes, ssthreshBytes);
  }

  /** Name a control packet's transmission (its label; '?' if it has none). */
  private control(p: Packet): void {
    const name = p.label ?? '?';
    let code = this.controlCode.get(name);
    if (code === undefined) {
      code = this.controlNames.length;
      this.controlCode.set(name, code);
      this.controlNames.push(name);
    }
    this.controlUid.push(p.uid);
    this.controlLabel.push(code);
  }

  /** The names of the control packets sent, keyed by uid. */
  controls(): ControlColumns {
    return {
      length: this.controlUid.length,
      uid: Int32Array.from(this.controlUid),
      label: Uint8Array.from(this.controlLabel),
      names: [...this.controlNames],
    };
  }

  /** The SACK / Gap Ack blocks of every ACK sent, keyed by uid. */
  ackBlocks(): AckBlockColumns {
    return {
      length: this.blockUid.length,
      uid: Int32Array.from(this.blockUid),
      first: Int32Array.from(this.blockFirst),
      last: Int32Array.from(this.blockLast),
    };
  }

  decisions(): DecisionColumns {
    return this.table.decisions();
  }

  samples(): SampleColumns {
    return this.table.samples();
  }

  /** What each transmission carries, row = uid (views, not copies). */
  transmissions(): TransmissionColumns {
    return this.tx.columns();
  }

  /** The columns, trimmed to the events recorded (views, not copies). */
  columns(): PacketEventColumns {
    const n = this.n;
    return {
      length: n,
      time: trimmed(this.time, n),
      kind: trimmed(this.kind, n),
      node: trimmed(this.node, n),
      link: trimmed(this.link, n),
      uid: trimmed(this.uid, n),
      qlen: trimmed(this.qlen, n),
      cause: trimmed(this.cause, n),
    };
  }
}

export { PacketEventKind, DropCause };
