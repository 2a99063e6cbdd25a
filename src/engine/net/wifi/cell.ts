/**
 * An 802.11 DCF cell: one shared medium, its members' MACs and the ports the network routes
 * over (net/medium.ts). IEEE 802.11-2016 §10.3 (DCF), with the timing of wifi-phy.ts.
 *
 * - A member with a frame and a zero backoff counter sends as soon as the medium has been idle
 *   for its DIFS (or EIFS); a frame reaching a member while the medium is busy draws a backoff
 *   first (§10.3.4.2). After every exchange the sender draws a new backoff (post-backoff).
 * - Backoff counters count idle slots after the member's DIFS/EIFS and freeze while the medium
 *   is busy (§10.3.4.3); members whose counters end at the same instant transmit together and
 *   collide (no capture: every frame of a collision is lost).
 * - Basic access: DATA, SIFS, ACK. RTS/CTS (frames longer than the RTS threshold): RTS, SIFS,
 *   CTS, SIFS, DATA, SIFS, ACK; collisions then involve RTSs only.
 * - A failed attempt (collision, or a frame error at the configured rate) doubles CW; the sender
 *   waits the response timeout (SIFS + slot + the response's preamble) and then DIFS. After a
 *   frame error the other members, which received a damaged frame, wait EIFS; after a collision
 *   they wait DIFS — overlapping frames of equal power leave no preamble to decode, so the
 *   medium was merely busy (ns-3.37's ThresholdPreambleDetectionModel: no reception starts
 *   below 4 dB SINR, hence no RxEndError and no EIFS). A frame is dropped (DropCause.macRetry) when its
 *   short retry count reaches dot11ShortRetryLimit (7: frames sent without RTS, and RTSs) or its
 *   long retry count dot11LongRetryLimit (4: data frames after a CTS); CW is then reset.
 * - `compat: 'ns2'` (ns-2.35 Mac/802_11, for tests/fixtures/ns2-wifi/): PHY_80211B_NS2's frame
 *   times; backoffs in [0, CW − 1]; after a collision every member — the senders too, which
 *   hear each other's frames once their own ends — sets its NAV to EIFS (SIFS + DIFS + an ACK at
 *   1 Mb/s: mac-802_11.cc `recv_timer`, MAC_COLL or a damaged frame → `set_nav(getEIFS())`)
 *   and then waits DIFS (`navHandler` → `resume(DIFS)`); a frame reaching a member whose
 *   backoff has run out draws a new one after DIFS even on an idle medium (`send` →
 *   `mhBackoff_.start(cw_, is_idle(), DIFS)`).
 * - No propagation delay, hidden stations, capture, rate adaptation, fragmentation or NAV
 *   beyond the exchange itself; beacons and association are not modelled (ns-3's fixtures start
 *   after association: tests/fixtures/ns3-wifi/README.md).
 *
 * Random draws: member m's backoffs from RandomStream(seed, 'wifi.backoff.' + name, medium) and
 * its frame errors from 'wifi.error.' + name — so adding a member changes no other member's
 * draws. The senders of a failed exchange learn it when their response timeouts end, the time
 * their drop events carry; the medium is free for the others from the end of the frames.
 */
import { RandomStream } from '../../core/streams';
import { MacEvent, MacTable, type MacColumns } from '../../trace/mac-rows';
import { DropCause, PacketEventKind, type LinkInfo, type MacStats } from '../../trace/types';
import type { LinkFarEnd } from '../hop';
import type { MediumContext, MediumPort, SharedMedium } from '../medium';
import type { Packet } from '../packet';
import { DcfStation, type PortRef } from './station';
import type { WifiCellConfig } from './wifi-config';
import { DATA_MAC_OVERHEAD_BYTES, wifiPhy, type WifiPhy } from './wifi-phy';

const NS = 1e-9;

/** One directed station → station hop of the cell. */
class WifiPort implements MediumPort {
  up = true;
  departures = 0;
  readonly drops = { scripted: 0, overflow: 0, random: 0, macRetry: 0 };
  downDrops = 0;
  far: LinkFarEnd | null = null;

  constructor(
    private readonly cell: WifiCell,
    readonly index: number,
    readonly from: number,
    readonly to: number,
    readonly info: LinkInfo,
  ) {}

  get queueLength(): number {
    return this.cell.queueLengthOf(this.from);
  }

  recv(p: Packet): void {
    this.cell.offer(this, p);
  }

  /** The port refuses packets until bringUp; frames already queued are still sent. */
  takeDown(): void {
    this.up = false;
  }

  bringUp(): void {
    this.up = true;
  }

  deliverTo(far: LinkFarEnd): void {
    this.far = far;
  }
}

/** What one transmitter does in an exchange. */
interface Attempt {
  st: DcfStation;
  rts: boolean;
  /** End of its frame on the air, ns. */
  end: number;
}

export class WifiCell implements SharedMedium {
  readonly ports: WifiPort[] = [];
  private readonly phy: WifiPhy;
  private readonly members: DcfStation[] = [];
  /** members by node index. */
  private readonly byNode = new Map<number, DcfStation>();
  private readonly table: MacTable | null;
  private readonly rtsThreshold: number;
  private readonly fer: number;
  private readonly shortLimit: number;
  private readonly longLimit: number;
  /** ns-2.35 Mac/802_11's rules (WifiCellConfig.compat). */
  private readonly ns2: boolean;
  /** An exchange is under way (from its first frame to its last response or timeout). */
  private busy = false;
  private accessEv: ReturnType<MediumContext['sched']['at']> | null = null;
  private accessAtNs = Infinity;
  /** Busy time of the exchanges started so far and the end of the last, ns. */
  private busyNs = 0;
  private busyEndNs = 0;
  private deliveredBytes = 0;

  constructor(
    private readonly cfg: WifiCellConfig,
    private readonly ctx: MediumContext,
  ) {
    this.phy = wifiPhy(cfg);
    this.rtsThreshold = cfg.rtsThresholdBytes ?? Infinity;
    this.fer = cfg.frameErrorRate ?? 0;
    if (!(this.fer >= 0 && this.fer < 1)) {
      throw new RangeError(`wifi cell: frameErrorRate must be in [0, 1), got ${this.fer}`);
    }
    this.shortLimit = cfg.shortRetryLimit ?? 7;
    this.longLimit = cfg.longRetryLimit ?? 4;
    this.ns2 = cfg.compat === 'ns2';
    if (cfg.nodes.length < 2) throw new Error('wifi cell: at least two members');
    if (cfg.ap !== undefined && !cfg.nodes.includes(cfg.ap)) {
      throw new Error(`wifi cell: AP '${cfg.ap}' is not a member`);
    }
    for (const name of cfg.nodes) {
      const node = ctx.nodeIndex(name);
      if (this.byNode.has(node)) throw new Error(`wifi cell: '${name}' listed twice`);
      const st = new DcfStation(
        node,
        name,
        this.phy.cwMin,
        this.phy.cwMax,
        new RandomStream(ctx.seed, 'wifi.backoff.' + name, ctx.mediumIndex),
        this.fer > 0 ? new RandomStream(ctx.seed, 'wifi.error.' + name, ctx.mediumIndex) : null,
        this.ns2,
      );
      this.members.push(st);
      this.byNode.set(node, st);
    }
    this.table = ctx.recordRows ? new MacTable() : null;
    const addPort = (a: string, b: string): void => {
      const info: LinkInfo = {
        from: a,
        to: b,
        bandwidthBps: this.phy.dataRateBps,
        delayS: 0,
        queueLimit: cfg.queueLimit,
        medium: ctx.mediumIndex,
      };
      const port = new WifiPort(
        this,
        ctx.firstIndex + this.ports.length,
        ctx.nodeIndex(a),
        ctx.nodeIndex(b),
        info,
      );
      port.deliverTo(ctx.far);
      this.ports.push(port);
    };
    const ap = cfg.ap;
    if (ap !== undefined) {
      for (const s of cfg.nodes) {
        if (s === ap) continue;
        addPort(s, ap);
        addPort(ap, s);
      }
    } else {
      for (let i = 0; i < cfg.nodes.length; i++) {
        for (let j = i + 1; j < cfg.nodes.length; j++) {
          addPort(cfg.nodes[i]!, cfg.nodes[j]!);
          addPort(cfg.nodes[j]!, cfg.nodes[i]!);
        }
      }
    }
  }

  stats(): MacStats[] {
    return this.members.map((m) => ({ ...m.stats }));
  }

  rows(): MacColumns | null {
    return this.table?.columns() ?? null;
  }

  /** Busy time up to now (an exchange under way counts up to now), and bytes delivered. */
  occupancy(): { busyS: number; deliveredBytes: number } {
    const ahead = Math.max(0, this.busyEndNs - this.nowNs());
    return { busyS: (this.busyNs - ahead) * NS, deliveredBytes: this.deliveredBytes };
  }

  /** The medium is busy from `t` to `end`, ns. */
  private occupy(t: number, end: number): void {
    this.busyNs += end - t;
    this.busyEndNs = end;
  }

  queueLengthOf(node: number): number {
    return this.byNode.get(node)!.queueLength;
  }

  /** The current time in whole ns, rounded up (a packet from a wired link arrives between). */
  private nowNs(): number {
    return Math.ceil(this.ctx.sched.now / NS - 1e-6);
  }

  private row(
    timeNs: number,
    st: DcfStation,
    event: number,
    uid: number,
    slots = 0,
    rts = 0,
    airtimeS = 0,
  ): void {
    this.table?.add({
      time: timeNs * NS,
      medium: this.ctx.mediumIndex,
      node: st.node,
      event,
      uid,
      attempt: Math.min(st.attempts, 255),
      cw: st.cw,
      slots,
      rts,
      airtimeS,
    });
  }

  /** A packet reaches `port` (at its sending member). */
  offer(port: WifiPort, p: Packet): void {
    const rec = this.ctx.rec;
    const now = this.ctx.sched.now;
    if (!port.up) {
      port.downDrops++;
      rec.packetEvent(
        now,
        PacketEventKind.drop,
        port.from,
        port.index,
        p,
        port.queueLength,
        DropCause.linkDown,
      );
      return;
    }
    const st = this.byNode.get(port.from)!;
    const t = this.nowNs();
    const ref: PortRef = port;
    const r = st.offer(p, ref, this.cfg.queueLimit, t);
    if (r === 'full') {
      port.drops.overflow++;
      rec.packetEvent(
        now,
        PacketEventKind.drop,
        port.from,
        port.index,
        p,
        st.queueLength,
        DropCause.overflow,
      );
      return;
    }
    if (r === 'head') {
      // §10.3.4.2: a frame queued while the medium is busy invokes the backoff procedure.
      if (this.busy && st.counter === 0) this.row(t, st, MacEvent.backoff, -1, st.drawBackoff());
      else if (this.ns2 && !this.busy && st.deferUntil + st.counter * this.phy.slotNs <= t) {
        // ns-2.35: a new backoff after DIFS, even on a medium idle for longer
        st.deferUntil = Math.max(st.deferUntil, t + this.phy.difsNs);
        this.row(t, st, MacEvent.backoff, -1, st.drawBackoff());
      }
      if (!this.busy) this.scheduleAccess();
    }
  }

  /** Put the next channel access (the earliest member's) on the heap. */
  private scheduleAccess(): void {
    let at = Infinity;
    for (const m of this.members) at = Math.min(at, m.fireAt(this.phy.slotNs));
    if (at === this.accessAtNs) return;
    this.ctx.sched.cancel(this.accessEv);
    this.accessAtNs = at;
    // (never before now: a time in ns converted back to seconds may round below the clock)
    this.accessEv =
      at === Infinity
        ? null
        : this.ctx.sched.at(Math.max(at * NS, this.ctx.sched.now), () => this.access());
  }

  /** The earliest backoffs end: every member whose counter ends now transmits. */
  private access(): void {
    const t = this.accessAtNs;
    this.accessEv = null;
    this.accessAtNs = Infinity;
    const slot = this.phy.slotNs;
    const tx: Attempt[] = [];
    for (const m of this.members) {
      if (m.fireAt(slot) === t) tx.push(this.startAttempt(m, t));
    }
    this.busy = true;
    for (const m of this.members) {
      if (tx.some((a) => a.st === m)) continue;
      const before = m.counter;
      const left = m.freezeAt(t, slot);
      if (left > 0 && (m.current !== null || before > 0)) this.row(t, m, MacEvent.freeze, -1, left);
    }
    if (tx.length === 1) this.single(tx[0]!, t);
    else this.collision(tx, t);
  }

  private startAttempt(st: DcfStation, t: number): Attempt {
    const p = st.current!;
    const mpdu = p.size + DATA_MAC_OVERHEAD_BYTES;
    const rts = mpdu > this.rtsThreshold;
    const dur = rts ? this.phy.rtsNs : this.phy.dataNs(mpdu);
    st.attempts++;
    st.counter = 0;
    st.stats.attempts++;
    if (st.attempts > 1) st.stats.retries++;
    st.stats.airtimeS += dur * NS;
    this.row(t, st, MacEvent.tx, p.uid, 0, rts ? 1 : 0, dur * NS);
    if (st.attempts === 1) {
      const port = this.ports[st.currentPort!.index - this.ctx.firstIndex]!;
      port.departures++;
      this.ctx.rec.packetEvent(
        this.ctx.sched.now,
        PacketEventKind.depart,
        port.from,
        port.index,
        p,
        st.queueLength,
      );
    }
    return { st, rts, end: t + dur };
  }

  /** One transmitter: the exchange succeeds unless the channel loses its data frame. */
  private single(a: Attempt, t: number): void {
    const phy = this.phy;
    const st = a.st;
    const p = st.current!;
    const dataNs = phy.dataNs(p.size + DATA_MAC_OVERHEAD_BYTES);
    // With RTS/CTS the data frame follows the CTS (its airtime counts to the sender too).
    const dataStart = a.rts ? a.end + phy.sifsNs + phy.ctsNs + phy.sifsNs : t;
    const dataEnd = dataStart + dataNs;
    if (a.rts) st.stats.airtimeS += dataNs * NS;
    const lost = st.errorRng !== null && st.errorRng.uniform() < this.fer;
    if (lost) {
      // No ACK: the sender times out, the others received a damaged frame (EIFS).
      for (const m of this.members) {
        m.deferUntil =
          m === st
            ? dataEnd + phy.responseTimeoutNs + phy.difsNs
            : dataEnd + phy.eifsNoDifsNs + phy.difsNs;
      }
      this.occupy(t, dataEnd);
      this.failed([a], dataEnd, MacEvent.error, 0);
      return;
    }
    const port = this.ports[st.currentPort!.index - this.ctx.firstIndex]!;
    this.ctx.sched.at(dataEnd * NS, () => {
      this.deliveredBytes += p.size;
      port.far!.arrive(port.to, p, port.index);
    });
    const end = dataEnd + phy.sifsNs + phy.ackNs;
    this.occupy(t, end);
    for (const m of this.members) m.deferUntil = end + phy.difsNs;
    this.ctx.sched.at(end * NS, () => this.succeeded(a, end));
  }

  /** Several transmitters at once: every frame is lost. */
  private collision(tx: Attempt[], t: number): void {
    const phy = this.phy;
    let busyEnd = t;
    for (const a of tx) busyEnd = Math.max(busyEnd, a.end);
    this.occupy(t, busyEnd);
    for (const m of this.members) {
      const a = tx.find((x) => x.st === m);
      m.deferUntil = this.ns2
        ? busyEnd + phy.eifsNoDifsNs + 2 * phy.difsNs
        : a !== undefined
          ? Math.max(a.end + phy.responseTimeoutNs, busyEnd) + phy.difsNs
          : busyEnd + phy.difsNs;
    }
    this.failed(tx, busyEnd, MacEvent.collision, tx.length - 1);
  }

  /**
   * Failed attempts: the medium is idle again at `busyEnd` (others may contend while the
   * senders still wait for their response); each sender learns its outcome when its response
   * timeout ends (or the medium does, if later), all ns.
   */
  private failed(tx: Attempt[], busyEnd: number, outcome: number, others: number): void {
    for (const a of tx) a.st.awaiting = true;
    this.ctx.sched.at(busyEnd * NS, () => {
      this.busy = false;
      this.scheduleAccess();
    });
    for (const a of tx) {
      const done = Math.max(a.end + this.phy.responseTimeoutNs, busyEnd);
      this.ctx.sched.at(done * NS, () => {
        this.resolve(a, done, outcome, others);
        if (!this.busy) this.scheduleAccess();
      });
    }
  }

  /** The exchange ended with the ACK at `t`: the medium is idle, the sender serves its next frame. */
  private succeeded(a: Attempt, t: number): void {
    this.resolve(a, t, MacEvent.success, 0);
    this.busy = false;
    this.scheduleAccess();
  }

  /** The sender of `a` learns its outcome at `t` (ns): next frame, retry or drop; new backoff. */
  private resolve(a: Attempt, t: number, outcome: number, others: number): void {
    const st = a.st;
    st.awaiting = false;
    const p = st.current!;
    const port = this.ports[st.currentPort!.index - this.ctx.firstIndex]!;
    if (outcome === MacEvent.success) {
      st.stats.successes++;
      st.resetCw();
      this.row(t, st, MacEvent.success, p.uid);
      st.next(t);
    } else {
      if (outcome === MacEvent.collision) st.stats.collisions++;
      else st.stats.frameErrors++;
      // An RTS collision counts against the short limit; a lost data frame after CTS, the long.
      if (a.rts && outcome === MacEvent.error) st.lrc++;
      else st.src++;
      st.doubleCw();
      this.row(t, st, outcome, p.uid, others);
      if (st.src >= this.shortLimit || st.lrc >= this.longLimit) {
        st.stats.retryDrops++;
        port.drops.macRetry++;
        st.resetCw();
        this.row(t, st, MacEvent.drop, p.uid);
        this.ctx.rec.packetEvent(
          this.ctx.sched.now,
          PacketEventKind.drop,
          port.from,
          port.index,
          p,
          st.queueLength,
          DropCause.macRetry,
        );
        st.next(t);
      }
    }
    this.row(t, st, MacEvent.backoff, -1, st.drawBackoff());
  }
}
