/**
 * A chainable test driver for ONE TCP sender: the real shell and the real variant, a real
 * Scheduler (so the retransmission timer fires), and instead of links a fake network the test
 * controls. Everything the sender sends is captured and held "in flight" in send order; the test
 * loses packets, delivers them to a real receiver (whose cumulative ACK + SACK blocks go straight
 * back to the sender), or injects ACKs by hand, and reads the sender's state with standard names
 * and 1-based packet numbers:
 *
 *   tcp('reno', { icwnd: 1, window: 20 })
 *     .start().expectSent([1])                 // t = 0: the initial window
 *     .deliver(1).expectSent([2, 3])           // slow start: cwnd 2
 *     .deliver(2, 3).expectSent([4, 5, 6, 7])  // cwnd 4
 *     .lose(4).dupacks(3)                      // 5, 6, 7 arrive: three duplicate ACKs of 3
 *     .expectSent([4, 8])                      // fast retransmit; cwnd 2 + 3 lets 8 out
 *     .expect({ cwnd: 2, ssthresh: 2, dupacks: 3, recover: 7, phase: 'fast-recovery' })
 *     .advance(1.5);                           // run the scheduler 1.5 s (an RTO may fire)
 *
 * Two ways to make ACKs — pick one per test, the receiver model is not told about hand ACKs:
 * - network level: `deliver(...)`, `deliverNext(n)`, `deliverAll()`, `dupacks(n)` hand packets
 *   in flight to the real receiver (receiver.ts: ns-2's TCPSink / Sack1 sink, one ACK per
 *   packet, SACK blocks most recent first); `lose(k)` takes packet k out of the flight (or drops
 *   its next transmission) so later deliveries produce duplicate ACKs.
 * - ACK level: `ack(cum, blocks?)` / `acks([...])` inject exactly that ACK.
 *
 * All coupling to the sender's internals (constructor, fields, how decisions reach the sink)
 * lives in the ADAPTER section below; the driver and the tests see only `SenderState`.
 */
import { expect } from 'vitest';
import type { FlowConfig, TcpRules } from '../../../src/engine/config';
import { Scheduler } from '../../../src/engine/core/scheduler';
import type { Network } from '../../../src/engine/net/network';
import { PacketPool } from '../../../src/engine/net/packet-pool';
import type { Block, Packet } from '../../../src/engine/net/packet';
import { TcpReceiver } from '../../../src/engine/tcp/receiver';
import { FackScoreboard } from '../../../src/engine/tcp/scoreboard-fack';
import { SackScoreboard } from '../../../src/engine/tcp/scoreboard-rq';
import { TcpSender } from '../../../src/engine/tcp/sender';
import { TCP_VARIANTS, type TcpSenderId } from '../../../src/engine/tcp/variants';
import type { TraceSink } from '../../../src/engine/trace/sink';
import { PacketType, type Phase } from '../../../src/engine/trace/types';
import { NV, V } from '../../../src/engine/trace/vars';

// =====================================================================================
// Public types
// =====================================================================================

/** The sender's state as the trace names it: packets, 1-based packet numbers, seconds. */
export interface SenderState {
  cwnd: number;
  ssthresh: number;
  dupacks: number;
  /** Recovery point as a packet number (0 = none / ns-2's initial recover_ 0). */
  recover: number;
  /** SACK pipe / FACK awnd; -1 when not in SACK or FACK recovery. */
  pipe: number;
  /** Packets sent and not cumulatively acknowledged (highest sent − highest ACKed). */
  flightsize: number;
  /** Highest cumulatively acknowledged packet (0 = none). */
  highestAck: number;
  /** Next new packet to send. */
  nextSeq: number;
  phase: Phase;
  /** Current RTO (backoff applied), seconds. */
  rto: number;
  /** Reno-family window inflation (dupwnd). */
  inflation: number;
  /** FACK: the forward-most SACKed packet; NaN for the other variants. */
  fack: number;
  /** Counters since start. */
  timeouts: number;
  fastRetransmits: number;
  retransmissions: number;
  packetsSent: number;
}

/** One decision of the sender: its reason code and the packets it sent. */
export interface DriverDecision {
  time: number;
  code: string;
  packets: number[];
  /** What another rule set would have done here (the sink's note), if the sender said. */
  note?: { code: string; value: number };
}

export interface DriverOptions {
  /** Initial window, packets (initialCwndPkts). Default 1. */
  icwnd?: number;
  /** Receiver window = maximum window = initial ssthresh, packets. Default 20. */
  window?: number;
  /** Packets per ACK at most, 0 = unlimited. Default 0. */
  maxburst?: number;
  /** RFC 3042 limited transmit (ns-2 singledup_). Default false. */
  limitedTransmit?: boolean;
  /** ns-2 bugFix_. Default true. */
  bugfix?: boolean;
  /** Duplicate ACK threshold. Default 3. */
  dupackThreshold?: number;
  /** Minimum RTO / initial RTO / clock tick, seconds. Defaults 1 / 3 / 0.01 (Fall & Floyd). */
  minRto?: number;
  initialRto?: number;
  tick?: number;
  /** Delayed ACKs at the receiver. Default false. */
  delayedAck?: boolean;
  precisionReduce?: boolean;
  newrenoPartialWindowDeflation?: boolean;
  newrenoImpatient?: boolean;
  rules?: TcpRules;
  /** Anything else of the flow. */
  flow?: Partial<FlowConfig>;
}

// =====================================================================================
// ADAPTER — the only place that knows the sender's constructor, fields and sink protocol.
// =====================================================================================

/** The Fall & Floyd settings (REFERENCE.md) with the driver's options on top; starts at t = 0. */
function flowConfig(variant: TcpSenderId, o: DriverOptions): FlowConfig {
  return {
    id: 0,
    sender: variant,
    src: 'S',
    dst: 'K',
    startS: 0,
    mssBytes: 1000,
    headerBytes: 40,
    windowPkts: o.window ?? 20,
    initialCwndPkts: o.icwnd ?? 1,
    maxburst: o.maxburst ?? 0,
    bugfix: o.bugfix ?? true,
    dupackThreshold: o.dupackThreshold ?? 3,
    delayedAck: o.delayedAck ?? false,
    handshake: false,
    firstPacketWithoutHeader: true,
    minRtoS: o.minRto ?? 1,
    tickS: o.tick ?? 0.01,
    initialRtoS: o.initialRto ?? 3,
    tickPhaseS: 0,
    limitedTransmit: o.limitedTransmit ?? false,
    precisionReduce: o.precisionReduce ?? false,
    newrenoPartialWindowDeflation: o.newrenoPartialWindowDeflation ?? false,
    newrenoImpatient: o.newrenoImpatient ?? false,
    rules: o.rules ?? 'ns2',
    ...o.flow,
  };
}

/** What the driver needs of a sender. */
interface SenderHandle {
  start(): void;
  /** Hand an ACK packet to the sender. */
  receive(ack: Packet): void;
  state(): SenderState;
}

/** What the driver needs of a receiver. */
interface ReceiverHandle {
  /** Hand a data packet to the receiver (its ACK goes out through its network). */
  receive(data: Packet): void;
}

/** A network with no links: node 0 = sender, node 1 = receiver; `send` goes to `onSend`. */
function fakeNetwork(onSend: (p: Packet) => void): Network {
  let uid = 0;
  const net = {
    nodeIndex: (name: string) => (name === 'S' ? 0 : 1),
    newUid: () => uid++,
    send: onSend,
    // never given packets back: the driver's packets stay as the tests saw them
    pool: new PacketPool(),
  };
  return net as unknown as Network;
}

/**
 * A sink that keeps each decision's reason code, its packets and any note on it (the sender's
 * only report). Sink methods this file does not know yet are no-ops (the interface grows).
 */
function decisionSink(sched: Scheduler, out: DriverDecision[]): TraceSink {
  const known = {
    recordsDecisions: true,
    packetEvent: () => -1,
    decision(
      _time: number,
      _flow: number,
      code: string,
      _trigger: number,
      _cumAck: number,
      _dupacks: number,
      _event: number,
      packets: Int32Array,
      nPackets: number,
    ): number {
      out.push({ time: sched.now, code, packets: Array.from(packets.subarray(0, nPackets)) });
      return out.length - 1;
    },
    note(row: number, code: string, value: number): void {
      const d = out[row];
      if (d) d.note = { code, value };
    },
    sample: () => undefined,
  };
  const noop = () => -1;
  return new Proxy(known, {
    get: (target, key) => (key in target ? target[key as keyof typeof known] : noop),
  }) as unknown as TraceSink;
}

function buildSender(
  variant: TcpSenderId,
  cfg: FlowConfig,
  sched: Scheduler,
  net: Network,
  sink: TraceSink,
): SenderHandle {
  const s = new TcpSender(cfg, TCP_VARIANTS[variant], sched, net, sink);
  const vars = new Float64Array(NV);
  return {
    start: () => s.start(),
    receive: (ack) => s.receive(ack, -1),
    state(): SenderState {
      // writeVars is the sender's own 1-based export (what decisions record).
      s.writeVars(vars);
      return {
        cwnd: vars[V.cwnd]!,
        ssthresh: vars[V.ssthresh]!,
        dupacks: vars[V.dupacks]!,
        recover: vars[V.recover]!,
        pipe: vars[V.pipe]!,
        flightsize: vars[V.flightsize]!,
        highestAck: vars[V.highestAck]!,
        nextSeq: vars[V.nextSeq]!,
        phase: s.phase,
        rto: vars[V.rto]!,
        inflation: vars[V.inflation]!,
        fack: vars[V.fack]!,
        timeouts: s.timeouts,
        fastRetransmits: s.fastRetransmits,
        retransmissions: s.retransmissions,
        packetsSent: s.packetsSent,
      };
    },
  };
}

function buildReceiver(
  variant: TcpSenderId,
  cfg: FlowConfig,
  sched: Scheduler,
  net: Network,
): ReceiverHandle {
  const r = new TcpReceiver(cfg, TCP_VARIANTS[variant].sack, sched, net);
  return { receive: (p) => r.receive(p) };
}

/** An ACK as the receiver would send it: cumulative ACK and SACK blocks, 1-based inclusive. */
function ackPacket(cum: number, blocks: readonly Block[], tsEcho: number, now: number): Packet {
  return {
    uid: -1,
    flow: 0,
    type: PacketType.ack,
    src: 1,
    dst: 0,
    size: 40 + 8 * blocks.length,
    seq: 0,
    retx: false,
    sentAt: now,
    cumAck: cum,
    blocks,
    forSeq: 0,
    tsEcho,
    ecn: 0,
    ecnFlags: 0,
  };
}

/** Scoreboards in 1-based packet numbers: `update(cumAck, blocks)`, 0 = "none". */
export interface Scoreboard {
  /** Apply an ACK: cumulative ACK `cum` and SACK blocks [first, last] (packets, inclusive). */
  update(cum: number, blocks: readonly Block[]): void;
  /** The next packet to retransmit, or 0 for none. */
  nextRetran(): number;
  /** `packet` was retransmitted (FACK: while `nextSeq` was the next new packet). */
  markRetran(packet: number, nextSeq?: number): void;
}

export interface SackBoard extends Scoreboard {
  /** Whether the last update added SACK information or moved the cumulative ACK. */
  readonly changed: boolean;
  /** ns-2 GetNextUnacked: the first packet ≥ `packet` not SACKed (0 = none). */
  nextUnacked(packet: number): number;
  clear(): void;
}

export interface FackBoard extends Scoreboard {
  /** Retransmitted packets that the last update found acknowledged or SACKed. */
  readonly retransmissionsLeft: number;
  /** ns-2 CheckSndNxt: a retransmission sent before a now-SACKed packet was lost again. */
  lostRetransmission(blocks: readonly Block[]): boolean;
  clear(): void;
}

const toSeqnos = (blocks: readonly Block[]): Array<[number, number]> =>
  blocks.map(([first, last]) => [first - 1, last]);

/** ns-2 Sack1's scoreboard (scoreboard-rq.ts). */
export function sackBoard(): SackBoard {
  const sb = new SackScoreboard();
  return {
    update: (cum, blocks) => sb.update(cum - 1, toSeqnos(blocks)),
    get changed() {
      return sb.changed;
    },
    nextRetran: () => sb.nextRetran() + 1,
    nextUnacked: (packet) => sb.nextUnacked(packet - 1) + 1,
    markRetran: (packet) => sb.markRetran(packet - 1),
    clear: () => sb.clear(),
  };
}

/** ns-2 FACK's scoreboard (scoreboard-fack.ts). */
export function fackBoard(): FackBoard {
  const sb = new FackScoreboard();
  let left = 0;
  return {
    update: (cum, blocks) => {
      left = sb.update(cum - 1, toSeqnos(blocks));
    },
    get retransmissionsLeft() {
      return left;
    },
    lostRetransmission: (blocks) => sb.checkSndNxt(toSeqnos(blocks)),
    nextRetran: () => sb.nextRetran() + 1,
    markRetran: (packet, nextSeq = 0) => sb.markRetran(packet - 1, nextSeq - 1),
    clear: () => sb.clear(),
  };
}

// =====================================================================================
// The driver
// =====================================================================================

export class TcpDriver {
  readonly sched = new Scheduler();
  /** Every decision so far. */
  readonly decisions: DriverDecision[] = [];
  /** Data packets sent but not yet delivered or lost, in send order. */
  private flight: Packet[] = [];
  /** Packet numbers whose next transmission is lost. */
  private doomed = new Set<number>();
  private sentLog: number[] = [];
  private sentMark = 0;
  private reasonMark = 0;
  private readonly sender: SenderHandle;
  private readonly receiver: ReceiverHandle;
  /** Cumulative ACK of the last ACK the sender got (1-based, 0 = none). */
  private lastCum = 0;
  /** Each ACK the sender got: cumulative ACK and SACK blocks. */
  readonly acksIn: Array<{ cum: number; blocks: readonly Block[] }> = [];

  constructor(
    readonly variant: TcpSenderId,
    opts: DriverOptions = {},
  ) {
    const cfg = flowConfig(variant, opts);
    const toSender = (ack: Packet) => this.feed(ack);
    const fromSender = (p: Packet) => {
      if (p.type !== PacketType.data) return;
      this.sentLog.push(p.seq);
      if (this.doomed.delete(p.seq)) return;
      this.flight.push(p);
    };
    this.sender = buildSender(
      variant,
      cfg,
      this.sched,
      fakeNetwork(fromSender),
      decisionSink(this.sched, this.decisions),
    );
    this.receiver = buildReceiver(variant, cfg, this.sched, fakeNetwork(toSender));
  }

  private feed(ack: Packet): void {
    this.lastCum = ack.cumAck;
    this.acksIn.push({ cum: ack.cumAck, blocks: ack.blocks });
    this.sender.receive(ack);
  }

  /** Start the bulk transfer (t = 0) and run what happens at once. */
  start(): this {
    this.sender.start();
    this.sched.runUntil(this.sched.now);
    return this;
  }

  // ---------------------------------------------------------------- time
  /** Run the scheduler for `dt` seconds (timers fire). */
  advance(dt: number): this {
    this.sched.runUntil(this.sched.now + dt);
    return this;
  }

  /** Run the scheduler up to absolute time `t`, seconds. */
  advanceTo(t: number): this {
    this.sched.runUntil(t);
    return this;
  }

  get now(): number {
    return this.sched.now;
  }

  // ---------------------------------------------------------------- network level
  /** Lose packet k: its copy in flight (the oldest), or else its next transmission. */
  lose(...packets: number[]): this {
    for (const k of packets) {
      const i = this.flight.findIndex((p) => p.seq === k);
      if (i >= 0) this.flight.splice(i, 1);
      else this.doomed.add(k);
    }
    return this;
  }

  /** Deliver these packets (their oldest copies in flight) to the receiver, in this order. */
  deliver(...packets: number[]): this {
    for (const k of packets) {
      const i = this.flight.findIndex((p) => p.seq === k);
      if (i < 0)
        throw new Error(
          `deliver(${k}): packet ${k} is not in flight (in flight: ${this.inFlight().join(' ')})`,
        );
      const [p] = this.flight.splice(i, 1);
      this.receiver.receive(p!);
    }
    return this;
  }

  /** Deliver the n oldest packets in flight. */
  deliverNext(n = 1): this {
    for (let i = 0; i < n; i++) {
      const p = this.flight.shift();
      if (!p) throw new Error(`deliverNext(${n}): only ${i} packets were in flight`);
      this.receiver.receive(p);
    }
    return this;
  }

  /** Deliver everything in flight now (not what the sender sends meanwhile). */
  deliverAll(): this {
    return this.deliverNext(this.flight.length);
  }

  /** Deliver the next n packets in flight, checking each produced a duplicate ACK. */
  dupacks(n: number): this {
    for (let i = 0; i < n; i++) {
      const before = this.acksIn.length;
      const cum = this.lastCum;
      this.deliverNext(1);
      const a = this.acksIn[before];
      if (!a || a.cum !== cum || this.acksIn.length !== before + 1) {
        throw new Error(
          `dupacks(${n}): delivery ${i + 1} did not produce a duplicate ACK of ${cum}`,
        );
      }
    }
    return this;
  }

  /** Packet numbers in flight, oldest first. */
  inFlight(): number[] {
    return this.flight.map((p) => p.seq);
  }

  // ---------------------------------------------------------------- ACK level
  /** One ACK: cumulative ACK `cum` (highest in-order packet) and SACK blocks [first, last]. */
  ack(cum: number, blocks: readonly Block[] = [], tsEcho = 0): this {
    this.feed(ackPacket(cum, blocks, tsEcho, this.sched.now));
    return this;
  }

  /** One ACK per entry, in order. */
  acks(cums: readonly number[]): this {
    for (const c of cums) this.ack(c);
    return this;
  }

  // ---------------------------------------------------------------- reading
  state(): SenderState {
    return this.sender.state();
  }

  /** Data packets sent since the last `takeSent`/`expectSent` (retransmissions included). */
  takeSent(): number[] {
    const out = this.sentLog.slice(this.sentMark);
    this.sentMark = this.sentLog.length;
    return out;
  }

  /** Every data packet sent, in order. */
  get allSent(): readonly number[] {
    return this.sentLog;
  }

  /** Reason codes of the decisions since the last `takeReasons`/`expectReasons`. */
  takeReasons(): string[] {
    const out = this.decisions.slice(this.reasonMark).map((d) => d.code);
    this.reasonMark = this.decisions.length;
    return out;
  }

  // ---------------------------------------------------------------- assertions
  expectSent(packets: readonly number[], msg?: string): this {
    expect(this.takeSent(), msg ?? `packets sent by t=${this.now}`).toEqual(packets);
    return this;
  }

  expectReasons(codes: readonly string[], msg?: string): this {
    expect(this.takeReasons(), msg ?? `decisions by t=${this.now}`).toEqual(codes);
    return this;
  }

  /** The named state variables equal these values (exactly). */
  expect(want: Partial<SenderState>, msg?: string): this {
    const s = this.state();
    const got: Partial<Record<keyof SenderState, unknown>> = {};
    for (const k of Object.keys(want) as Array<keyof SenderState>) got[k] = s[k];
    expect(got, msg ?? `sender state at t=${this.now}`).toEqual(want);
    return this;
  }

  expectInFlight(packets: readonly number[], msg?: string): this {
    expect(this.inFlight(), msg ?? `packets in flight at t=${this.now}`).toEqual(packets);
    return this;
  }

  /** The last ACK the sender got: cumulative ACK and SACK blocks. */
  expectLastAck(cum: number, blocks: readonly Block[] = [], msg?: string): this {
    expect(this.acksIn.at(-1), msg ?? 'last ACK').toEqual({ cum, blocks });
    return this;
  }

  /** Run `fn` on the driver (for loops inside a chain). */
  do(fn: (d: this) => void): this {
    fn(this);
    return this;
  }
}

/** A driver for `variant` with the Fall & Floyd settings and these options. */
export function tcp(variant: TcpSenderId, opts: DriverOptions = {}): TcpDriver {
  return new TcpDriver(variant, opts);
}
