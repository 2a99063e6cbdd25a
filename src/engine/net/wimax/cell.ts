/**
 * One 802.16-like cell: a base station (BS) and its subscriber stations (SS), sharing one
 * time-division-duplex channel in fixed frames (params.ts), the BS scheduling every burst
 * (scheduler.ts). Each link BS–SS of the cell is two ports (LinkPort): BS → SS, a downlink
 * queue at the BS; SS → BS, an uplink queue at the station.
 *
 * What happens:
 * - a packet reaching a port passes its loss point (LossConfig at 'queue'), then joins the
 *   port's FIFO, or is dropped when `queueLimit` packets already wait (the partly sent head
 *   included): overflow;
 * - at each frame's start (t = k · frameS, k = 0, 1, …; the cell ticks only while something
 *   waits) the BS plans the downlink by round robin over the backlogged stations (scheduler.ts)
 *   from the backlogs at that instant — a packet reaching the BS during a frame waits for the
 *   next one, as the DL-MAP is sent at the frame's start;
 * - the uplink is polled: the UL-MAP gives every station of the cell an entry each frame, and at
 *   the UL subframe's start each station sends what waits then, the symbols shared by the same
 *   round robin — so an uplink packet waits for the next UL subframe, as in ns-3.37, whose
 *   stations fill their grants with what they hold when their burst comes;
 * - a packet leaves its queue (trace `depart`) when its first byte is scheduled, and reaches the
 *   far end at the end of the symbol carrying its last byte, plus the link's propagation delay;
 *   a packet fragmented across frames arrives with its last fragment.
 *
 * Where this simplifies ns-3.37's wimax module: no ranging, registration or service-flow set-up
 * (every station is in the cell from the start, one best-effort connection per direction); no
 * DCD/UCD messages; bandwidth requests cost nothing and arrive in time for the next frame
 * (scheduler.ts); one modulation for every burst (no SNR, path loss or block errors: a loss
 * point is the channel's loss); no ARQ. Deterministic: nothing is drawn.
 */
import type { EventHandler, ScheduledEvent, Scheduler } from '../../core/scheduler';
import type { TraceSink } from '../../trace/sink';
import { DropCause, PacketEventKind } from '../../trace/types';
import type { LinkFarEnd, LinkPort } from '../link-port';
import type { LossPoint } from '../loss';
import type { Packet } from '../packet';
import type { WimaxLayout } from './params';
import { planSubframe, type Backlog, type SubframePlan } from './scheduler';

const FRAME = 0;
const UPLINK = 1;
const DELIVER = 2;

/** The airtime of a cell, seconds: per port (its bursts, preambles included) and overhead. */
export interface WimaxAirtime {
  frames: number;
  /** Symbols of overhead (DL preamble, FCH, MAPs, UL contention slots and burst preambles) × symbol time. */
  overheadS: number;
}

export class WimaxCell implements EventHandler {
  private readonly dl: WimaxPort[] = [];
  private readonly ul: WimaxPort[] = [];
  private readonly frameEv: ScheduledEvent;
  private readonly uplinkEv: ScheduledEvent;
  private ticking = false;
  private frameNo = 0;
  readonly airtime: WimaxAirtime = { frames: 0, overheadS: 0 };

  constructor(
    /** Node index of the base station. */
    readonly bs: number,
    readonly layout: WimaxLayout,
    private readonly sched: Scheduler,
    readonly rec: TraceSink,
  ) {
    this.frameEv = sched.ownEvent(this, FRAME);
    this.uplinkEv = sched.ownEvent(this, UPLINK);
  }

  /**
   * The port of the directed link `from` → `to`, one end the BS: a downlink port when `from` is
   * the BS. Stations are numbered in the order their links are given.
   * @throws Error when neither end is the BS, or the station has that direction already.
   */
  port(
    index: number,
    from: number,
    to: number,
    delayS: number,
    queueLimit: number,
    loss: LossPoint | null,
    lossOnWire: boolean,
  ): WimaxPort {
    if (from !== this.bs && to !== this.bs) {
      throw new Error(`wimax link ${from}→${to}: one end must be the base station`);
    }
    const down = from === this.bs;
    const list = down ? this.dl : this.ul;
    const station = down ? to : from;
    if (list.some((p) => (down ? p.to : p.from) === station)) {
      throw new Error(`wimax: station ${station} is in the cell twice`);
    }
    const port = new WimaxPort(this, index, from, to, delayS, queueLimit, loss, lossOnWire);
    list.push(port);
    return port;
  }

  get sim(): Scheduler {
    return this.sched;
  }

  /** Something waits: tick at the next frame boundary if not ticking already. */
  wake(): void {
    if (this.ticking) return;
    this.ticking = true;
    const f = this.layout.frameS;
    let k = Math.floor(this.sched.now / f) + 1;
    if (k * f < this.sched.now) k++; // rounding
    this.frameNo = k;
    this.sched.repost(this.frameEv, k * f, this.sched.reserveSeq(), null);
  }

  onEvent(kind: number, _arg: unknown): void {
    if (kind === FRAME) this.downlink();
    else this.uplink();
  }

  /** The round-robin start of this frame: rotates every frame. */
  private first(ports: readonly WimaxPort[]): number {
    return ports.length > 0 ? this.frameNo % ports.length : 0;
  }

  /** Frame start: the DL subframe (its MAPs announce an UL entry for every station). */
  private downlink(): void {
    const l = this.layout;
    const start = this.frameNo * l.frameS;
    const plan = planSubframe(l, 'dl', this.dl, this.first(this.dl), this.ul.length);
    this.airtime.frames++;
    this.airtime.overheadS += plan.overheadSymbols * l.symbolS;
    this.carry(plan, this.dl, start);
    this.sched.repost(this.uplinkEv, start + l.ulStart * l.symbolS, this.sched.reserveSeq(), null);
  }

  /** UL subframe start: each station sends what waits now; then the next frame, if anything waits. */
  private uplink(): void {
    const l = this.layout;
    const plan = planSubframe(l, 'ul', this.ul, this.first(this.ul));
    this.airtime.overheadS += plan.overheadSymbols * l.symbolS;
    this.carry(plan, this.ul, this.sched.now);
    if (this.dl.some((p) => p.count > 0) || this.ul.some((p) => p.count > 0)) {
      this.frameNo++;
      this.sched.repost(this.frameEv, this.frameNo * l.frameS, this.sched.reserveSeq(), null);
    } else {
      this.ticking = false;
    }
  }

  /** Take each burst's PDUs off its port's queue and schedule their deliveries. */
  private carry(plan: SubframePlan, ports: readonly WimaxPort[], subStart: number): void {
    const ts = this.layout.symbolS;
    for (const b of plan.bursts) {
      const port = ports[b.station]!;
      port.airtimeS += b.symbols * ts;
      for (const pdu of b.pdus) port.send(pdu.bytes, pdu.completes, subStart + pdu.endSymbol * ts);
    }
  }
}

/** One direction of a BS–SS link: its FIFO and its deliveries. */
export class WimaxPort implements LinkPort, Backlog, EventHandler {
  private q: Packet[] = [];
  private qHead = 0;
  /** IP bytes of the head packet still to send (0: the head has not started). */
  private headLeftBytes = 0;
  private far: LinkFarEnd | null = null;
  private isUp = true;
  private readonly inFlight = new Set<Packet>();
  departures = 0;
  readonly drops = { scripted: 0, overflow: 0, random: 0 };
  downDrops = 0;
  /** Seconds of the channel its bursts took (UL preambles included). */
  airtimeS = 0;

  constructor(
    private readonly cell: WimaxCell,
    readonly index: number,
    readonly from: number,
    readonly to: number,
    readonly delayS: number,
    readonly queueLimit: number,
    private readonly loss: LossPoint | null,
    private readonly lossOnWire: boolean,
  ) {}

  /** Packets in the queue, the partly sent head included. */
  get count(): number {
    return this.q.length - this.qHead;
  }

  get headStarted(): boolean {
    return this.headLeftBytes > 0;
  }

  left(k: number): number {
    if (k === 0 && this.headLeftBytes > 0) return this.headLeftBytes;
    return this.q[this.qHead + k]!.size;
  }

  /** Packets waiting that have not started (the network's and the trace's queue length). */
  get queueLength(): number {
    return this.count - (this.headLeftBytes > 0 ? 1 : 0);
  }

  get up(): boolean {
    return this.isUp;
  }

  deliverTo(far: LinkFarEnd): void {
    this.far = far;
  }

  recv(p: Packet): void {
    if (!this.isUp) {
      this.drop(p, DropCause.linkDown);
      return;
    }
    if (this.loss !== null && !this.lossOnWire) {
      const cause = this.loss.judge(p);
      if (cause !== DropCause.none) {
        this.drop(p, cause);
        return;
      }
    }
    if (this.count >= this.queueLimit) {
      this.drop(p, DropCause.overflow);
      return;
    }
    this.q.push(p);
    this.cell.wake();
  }

  /**
   * The head packet sends `bytes` IP bytes in this frame; `completes`: its last, reaching the
   * far end at `at` + delayS (scheduler's PDU; called by the cell in queue order).
   */
  send(bytes: number, completes: boolean, at: number): void {
    const p = this.q[this.qHead]!;
    if (this.headLeftBytes === 0) {
      this.departures++;
      this.headLeftBytes = p.size;
      this.cell.rec.packetEvent(
        this.cell.sim.now,
        PacketEventKind.depart,
        this.from,
        this.index,
        p,
        this.queueLength,
      );
    }
    this.headLeftBytes -= bytes;
    if (!completes) return;
    this.headLeftBytes = 0;
    this.q[this.qHead++] = undefined as unknown as Packet;
    if (this.qHead > 64 && this.qHead * 2 > this.q.length) {
      this.q = this.q.slice(this.qHead);
      this.qHead = 0;
    }
    this.inFlight.add(p);
    const sim = this.cell.sim;
    sim.postAt(at + this.delayS, sim.reserveSeq(), this, DELIVER, p);
  }

  onEvent(_kind: number, arg: unknown): void {
    const p = arg as Packet;
    if (!this.inFlight.delete(p)) return; // dropped when the link went down
    if (this.lossOnWire) {
      const cause = this.loss!.judge(p);
      if (cause !== DropCause.none) {
        this.drop(p, cause);
        return;
      }
    }
    this.far!.arrive(this.to, p, this.index);
  }

  takeDown(): void {
    if (!this.isUp) return;
    this.isUp = false;
    while (this.count > 0) {
      const p = this.q[this.qHead++]!;
      this.drop(p, DropCause.linkDown);
    }
    this.q = [];
    this.qHead = 0;
    this.headLeftBytes = 0;
    for (const p of this.inFlight) this.drop(p, DropCause.linkDown);
    this.inFlight.clear();
  }

  bringUp(): void {
    this.isUp = true;
  }

  private drop(p: Packet, cause: DropCause): void {
    if (cause === DropCause.scripted) this.drops.scripted++;
    else if (cause === DropCause.overflow) this.drops.overflow++;
    else if (cause === DropCause.linkDown) this.downDrops++;
    else this.drops.random++;
    this.cell.rec.packetEvent(
      this.cell.sim.now,
      PacketEventKind.drop,
      this.from,
      this.index,
      p,
      this.queueLength,
      cause,
    );
  }
}
