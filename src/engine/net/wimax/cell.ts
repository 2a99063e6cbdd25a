/**
 * One 802.16-like cell as a shared medium (net/medium.ts): a base station (BS) and its
 * subscriber stations (SS) sharing one time-division-duplex channel in fixed frames (params.ts),
 * the BS scheduling every burst (scheduler.ts). Each station has two ports: SS → BS (its uplink
 * queue) and BS → SS (the BS's downlink queue for it) — one FIFO per connection, as 802.16
 * queues per connection, where an 802.11 member has one interface queue for all its ports.
 *
 * What happens:
 * - a packet reaching a port joins the port's FIFO, or is dropped when `queueLimit` packets
 *   already wait (the partly sent head included): overflow;
 * - at each frame's start (t = k · frameS, k = 0, 1, …; the cell ticks only while something
 *   waits) the BS plans the downlink by round robin over the backlogged stations (scheduler.ts)
 *   from the backlogs at that instant — a packet reaching the BS during a frame waits for the
 *   next one, as the DL-MAP is sent at the frame's start;
 * - the uplink: the UL-MAP, sent at the frame's start, has an entry for each station with
 *   something to send then or that sent in the previous frame (the BS keeps polling an active
 *   station); at the UL subframe's start each of these stations sends what waits then, the
 *   symbols shared by the same round robin. So an active station's packet waits for the next UL
 *   subframe, as in ns-3.37, whose stations fill their grants with what they hold when their
 *   burst comes; an idle station's first packet waits for the next frame's MAP;
 * - a packet leaves its queue (trace `depart`) when its first byte is scheduled, and reaches the
 *   far end at the end of the symbol carrying its last byte, plus `delayS`; a packet fragmented
 *   across frames arrives with its last fragment.
 *
 * Where this simplifies ns-3.37's wimax module: no ranging, registration or service-flow set-up
 * (every station is in the cell from the start, one best-effort connection per direction); no
 * DCD/UCD messages; no bandwidth requests (polling); one modulation for every burst (no SNR,
 * path loss or block errors) and no ARQ. Deterministic: nothing is drawn.
 *
 * MAC counters per member (MacStats): attempts = bursts sent (one per station and subframe with data), successes =
 * packets delivered whole, airtimeS = its bursts' symbols (UL preambles included); no
 * collisions, errors or retries. MAC rows (full trace): one `tx` row per burst, at its first
 * symbol, with the first packet's uid and the burst's airtime.
 */
import type { EventHandler, ScheduledEvent } from '../../core/scheduler';
import { MacEvent, MacTable, type MacColumns } from '../../trace/mac-rows';
import { DropCause, PacketEventKind, type LinkInfo, type MacStats } from '../../trace/types';
import type { LinkFarEnd } from '../hop';
import type { MediumContext, MediumPort, SharedMedium } from '../medium';
import type { Packet } from '../packet';
import { wimaxLayout, wimaxPhyBps, type WimaxLayout } from './params';
import { planSubframe, type Backlog, type SubframePlan } from './scheduler';
import type { WimaxCellConfig } from './wimax-config';

/** A station left out of this frame's UL-MAP: nothing to send. */
const IDLE: Backlog = { count: 0, headStarted: false, left: () => 0 };

const FRAME = 0;
const UPLINK = 1;
const DELIVER = 2;

/** The cell's label for Trace.media. */
export function wimaxLabel(cfg: WimaxCellConfig): string {
  const l = wimaxLayout(cfg);
  const mbps = (wimaxPhyBps(l) / 1e6).toFixed(1);
  return `802.16 OFDM ${mbps} Mb/s, ${(l.frameS * 1e3).toFixed(1)} ms frames`;
}

export class WimaxCell implements SharedMedium, EventHandler {
  readonly ports: WimaxPort[] = [];
  readonly layout: WimaxLayout;
  /** Downlink and uplink ports, station by station (the scheduler's station index). */
  private readonly dl: WimaxPort[] = [];
  private readonly ul: WimaxPort[] = [];
  /** Members' counters, in cfg.nodes order, by node index. */
  private readonly members: MacStats[] = [];
  private readonly byNode = new Map<number, MacStats>();
  private readonly frameEv: ScheduledEvent;
  private readonly uplinkEv: ScheduledEvent;
  private readonly table: MacTable | null;
  private ticking = false;
  /** Stations (UL port indices) the current frame's UL-MAP has an entry for. */
  private polled: boolean[] = [];
  /** Stations that had an UL burst in the previous frame. */
  private sentLastFrame: boolean[] = [];
  private frameNo = 0;
  readonly bsNode: number;

  constructor(
    cfg: WimaxCellConfig,
    readonly ctx: MediumContext,
  ) {
    this.layout = wimaxLayout(cfg);
    const delayS = cfg.delayS ?? 0;
    if (!(delayS >= 0 && Number.isFinite(delayS))) {
      throw new RangeError(`wimax cell: delayS must be ≥ 0, got ${delayS}`);
    }
    if (!cfg.nodes.includes(cfg.bs)) throw new Error(`wimax cell: BS '${cfg.bs}' is not a member`);
    if (cfg.nodes.length < 2) throw new Error('wimax cell: a BS and at least one station');
    this.bsNode = ctx.nodeIndex(cfg.bs);
    for (const name of cfg.nodes) {
      const node = ctx.nodeIndex(name);
      if (this.byNode.has(node)) throw new Error(`wimax cell: '${name}' listed twice`);
      const s: MacStats = {
        node: name,
        attempts: 0,
        successes: 0,
        collisions: 0,
        frameErrors: 0,
        retries: 0,
        retryDrops: 0,
        airtimeS: 0,
      };
      this.members.push(s);
      this.byNode.set(node, s);
    }
    this.table = ctx.recordRows ? new MacTable() : null;
    const rate = wimaxPhyBps(this.layout);
    const add = (a: string, b: string, list: WimaxPort[]) => {
      const info: LinkInfo = {
        from: a,
        to: b,
        bandwidthBps: rate,
        delayS,
        queueLimit: cfg.queueLimit,
        medium: ctx.mediumIndex,
      };
      const from = ctx.nodeIndex(a);
      const port = new WimaxPort(
        this,
        ctx.firstIndex + this.ports.length,
        from,
        ctx.nodeIndex(b),
        delayS,
        cfg.queueLimit,
        info,
        this.byNode.get(from)!,
      );
      port.deliverTo(ctx.far);
      this.ports.push(port);
      list.push(port);
    };
    for (const s of cfg.nodes) {
      if (s === cfg.bs) continue;
      add(s, cfg.bs, this.ul);
      add(cfg.bs, s, this.dl);
    }
    this.frameEv = ctx.sched.ownEvent(this, FRAME);
    this.uplinkEv = ctx.sched.ownEvent(this, UPLINK);
  }

  stats(): MacStats[] {
    return this.members.map((m) => ({ ...m }));
  }

  /** Bytes of the packets delivered so far (WimaxPort adds them). */
  deliveredBytes = 0;

  occupancy(): { busyS: number; deliveredBytes: number } {
    return {
      busyS: this.members.reduce((s, m) => s + m.airtimeS, 0),
      deliveredBytes: this.deliveredBytes,
    };
  }

  rows(): MacColumns | null {
    return this.table?.columns() ?? null;
  }

  /** Something waits: tick at the next frame boundary if not ticking already. */
  wake(): void {
    if (this.ticking) return;
    this.ticking = true;
    const sched = this.ctx.sched;
    const f = this.layout.frameS;
    let k = Math.floor(sched.now / f) + 1;
    if (k * f < sched.now) k++; // rounding
    this.frameNo = k;
    sched.repost(this.frameEv, k * f, sched.reserveSeq(), null);
  }

  onEvent(kind: number, _arg: unknown): void {
    if (kind === FRAME) this.downlink();
    else this.uplink();
  }

  /** The round-robin start of this frame: rotates every frame. */
  private first(ports: readonly WimaxPort[]): number {
    return ports.length > 0 ? this.frameNo % ports.length : 0;
  }

  /** Frame start: the UL-MAP's stations, then the DL subframe. */
  private downlink(): void {
    const l = this.layout;
    const start = this.frameNo * l.frameS;
    const sent = this.sentLastFrame;
    this.polled = this.ul.map((p, i) => p.count > 0 || sent[i] === true);
    const entries = this.polled.filter(Boolean).length;
    const plan = planSubframe(l, 'dl', this.dl, this.first(this.dl), entries);
    this.carry(plan, this.dl, start);
    const sched = this.ctx.sched;
    sched.repost(this.uplinkEv, start + l.ulStart * l.symbolS, sched.reserveSeq(), null);
  }

  /** UL subframe start: each polled station sends what waits now; then the next frame, if anything waits. */
  private uplink(): void {
    const backlogs = this.ul.map((p, i) => (this.polled[i] ? p : IDLE));
    const plan = planSubframe(this.layout, 'ul', backlogs, this.first(this.ul));
    this.sentLastFrame = this.ul.map(() => false);
    for (const b of plan.bursts) this.sentLastFrame[b.station] = true;
    this.carry(plan, this.ul, this.ctx.sched.now);
    if (this.dl.some((p) => p.count > 0) || this.ul.some((p) => p.count > 0)) {
      this.frameNo++;
      const sched = this.ctx.sched;
      sched.repost(this.frameEv, this.frameNo * this.layout.frameS, sched.reserveSeq(), null);
    } else {
      this.ticking = false;
      this.sentLastFrame = [];
    }
  }

  /** Take each burst's PDUs off its port's queue and schedule their deliveries. */
  private carry(plan: SubframePlan, ports: readonly WimaxPort[], subStart: number): void {
    const ts = this.layout.symbolS;
    for (const b of plan.bursts) {
      const port = ports[b.station]!;
      const airtimeS = b.symbols * ts;
      port.member.airtimeS += airtimeS;
      port.member.attempts++;
      this.table?.add({
        time: subStart + b.startSymbol * ts,
        medium: this.ctx.mediumIndex,
        node: port.from,
        event: MacEvent.tx,
        uid: port.headUid,
        attempt: 1,
        cw: 0,
        slots: 0,
        rts: 0,
        airtimeS,
      });
      for (const pdu of b.pdus) port.send(pdu.bytes, pdu.completes, subStart + pdu.endSymbol * ts);
    }
  }
}

/** One direction of a BS–SS pair: its FIFO and its deliveries. */
export class WimaxPort implements MediumPort, Backlog, EventHandler {
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

  constructor(
    private readonly cell: WimaxCell,
    readonly index: number,
    readonly from: number,
    readonly to: number,
    readonly delayS: number,
    readonly queueLimit: number,
    readonly info: LinkInfo,
    /** The sending member's counters. */
    readonly member: MacStats,
  ) {}

  /** Packets in the queue, the partly sent head included. */
  get count(): number {
    return this.q.length - this.qHead;
  }

  get headStarted(): boolean {
    return this.headLeftBytes > 0;
  }

  /** uid of the head packet (−1: none). */
  get headUid(): number {
    return this.count > 0 ? this.q[this.qHead]!.uid : -1;
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
    if (this.count >= this.queueLimit) {
      this.drop(p, DropCause.overflow);
      return;
    }
    this.q.push(p);
    this.cell.wake();
  }

  /**
   * The head packet sends `bytes` IP bytes in this frame; `completes`: its last, reaching the
   * far end at `at` + delayS (a scheduler's PDU; called by the cell in queue order).
   */
  send(bytes: number, completes: boolean, at: number): void {
    const p = this.q[this.qHead]!;
    const sched = this.cell.ctx.sched;
    if (this.headLeftBytes === 0) {
      this.departures++;
      this.headLeftBytes = p.size;
      this.cell.ctx.rec.packetEvent(
        sched.now,
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
    sched.postAt(at + this.delayS, sched.reserveSeq(), this, DELIVER, p);
  }

  onEvent(_kind: number, arg: unknown): void {
    const p = arg as Packet;
    if (!this.inFlight.delete(p)) return; // dropped when the link went down
    this.member.successes++;
    this.cell.deliveredBytes += p.size;
    this.far!.arrive(this.to, p, this.index);
  }

  /** Drop what waits and what is on the air (FIFO each); refuse packets until bringUp. */
  takeDown(): void {
    if (!this.isUp) return;
    this.isUp = false;
    while (this.count > 0) this.drop(this.q[this.qHead++]!, DropCause.linkDown);
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
    if (cause === DropCause.overflow) this.drops.overflow++;
    else if (cause === DropCause.linkDown) this.downDrops++;
    else this.drops.random++;
    this.cell.ctx.rec.packetEvent(
      this.cell.ctx.sched.now,
      PacketEventKind.drop,
      this.from,
      this.index,
      p,
      this.queueLength,
      cause,
    );
  }
}
