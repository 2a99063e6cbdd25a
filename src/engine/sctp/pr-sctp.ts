import type { FlowConfig } from '../config';
import type { Packet } from '../net/packet';
import { PacketType } from '../trace/types';
import { forwardTsnPacketBytes } from './chunks';
import { Mark, NOT_TIMED, type Chunk } from './queue';
import type { SctpShell } from './shell';
import { ssnOf, streamOf, streamsOf } from './streams';

/**
 * PR-SCTP on the sender side (RFC 3758): timed reliability (§4.1, FlowConfig.prLifetimeS) and,
 * as ns-2.35's unreliable streams do, limited retransmissions (FlowConfig.prMaxRetransmissions).
 * With neither set every method is a no-op and the sender is fully reliable.
 *
 * A message's lifetime starts when the application offers it (app-feed.ts notes the time each
 * message number = TSN becomes offered); it has expired once more than prLifetimeS seconds have
 * passed. When a message is "abandoned" (§3.4):
 * - TR3 (§4.1): a message whose lifetime expired before its first transmission is never sent.
 *   The engine numbers TSNs by message, so such a message keeps its TSN (taken without a
 *   transmission) and is skipped by FORWARD-TSN like any abandoned chunk — where RFC 3758 would
 *   assign it no TSN. This is what keeps VoIP delay bounded behind a small cwnd (003_… §4): no
 *   stale message is sent at all.
 * - TR4 (§4.1): an expired chunk is not retransmitted (`beforeRetransmit`, at a fast retransmit
 *   or T3-rtx expiry); with prMaxRetransmissions, neither is a chunk already retransmitted that
 *   many times. A T3-rtx expiry abandons every such chunk before marking (it would be resent).
 *   Chunks are abandoned only when they would be retransmitted, so the fast retransmit's or the
 *   T3-rtx expiry's cwnd cut has been applied (F5), and a chunk in flight keeps its bytes in
 *   the flight while it loads the network. Unordered messages are delivered on arrival, so
 *   their delay from the offer stays below the lifetime plus the path's one-way delay; an
 *   ordered stream blocked behind a lost message waits until the loss is detected (fast
 *   retransmit or T3-rtx) and, if the message has expired by then, for the FORWARD-TSN.
 * - §3.5 A2: an abandoned chunk counts as finally acked: its bytes leave the outstanding bytes
 *   (and marked bytes) of its own path `c.path`, it gives no RTT sample, adds nothing to
 *   partial_bytes_acked or cwnd. It stays in the retransmission queue with 0 bytes until the
 *   Cumulative TSN Ack passes it (not eligible for fast retransmit again), so every byte count
 *   of the sender stays right. The peer's rwnd follows at the next SACK (a_rwnd − outstanding,
 *   RFC 4960 §6.2.1 D ii; a chunk marked for retransmission was already credited, C1).
 * - §3.5 C1–C3 (`afterSack`): Advanced.Peer.Ack.Point rises to the SACK's Cumulative TSN Ack,
 *   then over abandoned TSNs; when it passes the Cumulative TSN Ack a FORWARD-TSN goes to the
 *   primary path (sent at once, on its own packet; a duplicate — the same New Cumulative TSN —
 *   waits a smoothed RTT of the primary, F2's implementation note). C4: one (stream, SSN) pair
 *   per stream with an abandoned ordered message, its highest SSN (none when unordered); the
 *   pairs travel in the packet's `blocks` as [stream, ssn]. C5: a T3-rtx timer is kept running.
 * - A5 (`onT3`): at every T3-rtx expiry the same steps run and the FORWARD-TSN is always resent.
 */
export class PrSctp {
  readonly enabled: boolean;
  private readonly lifetime: number | undefined;
  private readonly maxRtx: number | undefined;
  private readonly streams: number;
  private readonly unordered: boolean;
  /** Offer time in seconds of message (TSN) i + 1. */
  private readonly offerTimes: number[] = [];
  /** A bulk source offers everything at once: the time it did (NaN: not yet). */
  private offeredAllAt = NaN;
  /** Advanced.Peer.Ack.Point (RFC 3758 §3.5 A1), a 1-based TSN. */
  advancedPeerAckPoint = 0;
  /** Abandoned TSNs above the Advanced.Peer.Ack.Point (C2 walks over them). */
  private readonly ahead = new Set<number>();
  /** Abandoned TSNs in (Cumulative TSN Ack Point, Advanced.Peer.Ack.Point], ascending (C4). */
  private skipped: number[] = [];
  /** Chunks abandoned (with 0 bytes) that are still in the retransmission queue. */
  private readonly abandonedChunks = new WeakSet<Chunk>();
  /** Messages abandoned so far (FlowStats.abandoned). */
  abandoned = 0;
  /** FORWARD-TSN chunks sent. */
  forwardTsns = 0;
  private lastForwardTsn = 0;
  private lastForwardAt = -Infinity;
  /** The sender's fast-retransmit count at the last hook (a SACK with one keeps its rule). */
  private fastRetransmitsSeen = 0;

  constructor(
    cfg: FlowConfig,
    private readonly s?: SctpShell,
  ) {
    this.lifetime = cfg.prLifetimeS;
    this.maxRtx = cfg.prMaxRetransmissions;
    this.enabled = s !== undefined && (this.lifetime !== undefined || this.maxRtx !== undefined);
    this.streams = streamsOf(cfg);
    this.unordered = cfg.unordered === true;
  }

  // ------------------------------------------------------------------ lifetimes
  /** The application offers messages 1 … `offered` (a count; Infinity for bulk) at `now` (s). */
  noteOffered(offered: number, now: number): void {
    if (this.lifetime === undefined) return;
    if (offered === Infinity) {
      if (Number.isNaN(this.offeredAllAt)) this.offeredAllAt = now;
      return;
    }
    while (this.offerTimes.length < offered) this.offerTimes.push(now);
  }

  /** When message `tsn` (1-based) was offered, seconds (now if not noted). */
  offerTime(tsn: number, now: number): number {
    if (tsn <= this.offerTimes.length) return this.offerTimes[tsn - 1]!;
    return Number.isNaN(this.offeredAllAt) ? now : this.offeredAllAt;
  }

  /** More than prLifetimeS seconds since message `tsn` was offered (RFC 3758 §4.1). */
  private expired(tsn: number, now: number): boolean {
    return this.lifetime !== undefined && now - this.offerTime(tsn, now) > this.lifetime;
  }

  /** Retransmitted prMaxRetransmissions times already (ns-2 reliability_). */
  private exhausted(c: Chunk): boolean {
    return this.maxRtx !== undefined && c.transmissions - 1 >= this.maxRtx;
  }

  // ------------------------------------------------------------------ hooks
  /**
   * TR3: before TSNs are assigned (app-feed.ts limit(), with the application's `offered`
   * count): messages at the head of the send queue whose lifetime has expired are abandoned
   * without a transmission; a FORWARD-TSN follows at once if they lie at the ack point.
   */
  beforeNewTsns(offered: number): void {
    const s = this.s;
    if (!s || this.lifetime === undefined) return;
    const now = s.sched.now;
    let n = 0;
    while (s.nextNewTsn <= offered && this.expired(s.nextNewTsn, now)) {
      const tsn = s.takeTsn();
      this.ahead.add(tsn);
      this.abandoned++;
      n++;
    }
    if (n === 0) return;
    this.advance();
    if (
      this.advancedPeerAckPoint > s.cumAckPoint &&
      this.advancedPeerAckPoint !== this.lastForwardTsn
    ) {
      this.sendForward(false);
    }
  }

  /** TR4: true = chunk `c` is (now) abandoned and must not be resent (RFC 3758 §3.5). */
  beforeRetransmit(c: Chunk): boolean {
    if (this.abandonedChunks.has(c)) {
      c.marked = Mark.none; // marked with its 0 bytes by a T3-rtx expiry: nothing to resend
      return true;
    }
    const s = this.s;
    if (!this.enabled || !s) return false;
    if (!this.expired(c.tsn, s.sched.now) && !this.exhausted(c)) return false;
    this.abandon(c);
    return true;
  }

  /** A5: at a T3-rtx expiry, before chunks are marked: abandon, advance, resend FORWARD-TSN. */
  onT3(): void {
    const s = this.s;
    if (!this.enabled || !s) return;
    const now = s.sched.now;
    for (const c of s.queue) {
      if (c.gapAcked || this.abandonedChunks.has(c)) continue;
      if (this.expired(c.tsn, now) || this.exhausted(c)) this.abandon(c);
    }
    this.advance();
    if (this.advancedPeerAckPoint > s.cumAckPoint) this.sendForward(true);
    this.fastRetransmitsSeen = s.fastRetransmits;
  }

  /** C1–C5 at the end of SACK processing (the SACK's Cumulative TSN Ack is s.cumAckPoint). */
  afterSack(): void {
    const s = this.s;
    if (!this.enabled || !s) return;
    const fastRetransmit = s.fastRetransmits !== this.fastRetransmitsSeen;
    this.fastRetransmitsSeen = s.fastRetransmits;
    this.advance();
    if (this.advancedPeerAckPoint > s.cumAckPoint) {
      // C3; a SACK that also fast-retransmitted keeps that rule for its decision.
      if (this.sendForward(false) && !fastRetransmit) s.rule('sctp.forward-tsn');
    } else {
      // §6.3.2 R2: abandoned bytes count as acknowledged — no T3-rtx for a path with none left.
      for (const p of s.paths) if (p.outstanding === 0 && p.t3Running) s.stopT3(p);
    }
  }

  // ------------------------------------------------------------------ internals
  /** §3.5 A2: chunk `c` (sent, in the queue) is abandoned. */
  private abandon(c: Chunk): void {
    const p = c.path;
    p.outstanding = c.bytes <= p.outstanding ? p.outstanding - c.bytes : 0;
    if (c.marked !== Mark.none) {
      p.markedBytes -= c.bytes;
      c.marked = Mark.none;
    }
    if (c.txTime !== NOT_TIMED) {
      c.txTime = NOT_TIMED; // no RTT sample from an abandoned chunk
      p.rtoPending = false;
    }
    c.bytes = 0;
    c.ineligibleForFastRtx = true;
    this.abandonedChunks.add(c);
    this.ahead.add(c.tsn);
    this.abandoned++;
  }

  /**
   * C1 (the Cumulative TSN Ack Point) and C2 (over abandoned TSNs). C2 also steps over TSNs the
   * peer reported in Gap Ack Blocks when more abandoned TSNs follow: RFC 3758's C2 stops there,
   * but the engine gives messages abandoned before their first transmission a TSN (TR3 assigns
   * none), so the RFC's rule would leave one gap per abandoned run for a round trip each.
   */
  private advance(): void {
    const s = this.s!;
    const cum = s.cumAckPoint;
    if (this.advancedPeerAckPoint < cum) {
      this.advancedPeerAckPoint = cum;
      for (const t of this.ahead) if (t <= cum) this.ahead.delete(t);
    }
    if (this.skipped.length > 0 && this.skipped[0]! <= cum)
      this.skipped = this.skipped.filter((t) => t > cum);
    if (this.ahead.size === 0) return;
    const q = s.queue;
    let i = 0;
    for (;;) {
      const next = this.advancedPeerAckPoint + 1;
      if (this.ahead.delete(next)) {
        this.advancedPeerAckPoint = next;
        this.skipped.push(next);
        continue;
      }
      // Over a TSN the peer has (Gap Ack Block), while abandoned TSNs lie beyond it.
      if (this.ahead.size === 0) break;
      while (i < q.length && q[i]!.tsn < next) i++;
      const c = q[i];
      if (!c || c.tsn !== next || !c.gapAcked) break;
      this.advancedPeerAckPoint = next;
    }
  }

  /**
   * Send a FORWARD-TSN with New Cumulative TSN = Advanced.Peer.Ack.Point to the primary path
   * (RFC 3758 §3.2, C3–C5). Not `force`d, a duplicate waits a smoothed RTT. Returns whether sent.
   */
  private sendForward(force: boolean): boolean {
    const s = this.s!;
    const now = s.sched.now;
    const newCum = this.advancedPeerAckPoint;
    const primary = s.paths[0]!;
    if (!force && newCum === this.lastForwardTsn && now - this.lastForwardAt < primary.srtt)
      return false;
    this.lastForwardTsn = newCum;
    this.lastForwardAt = now;
    this.forwardTsns++;
    const pairs = this.pairs();
    const pkt: Packet = {
      uid: s.newUid(),
      flow: s.cfg.id,
      type: PacketType.control,
      src: primary.src,
      dst: primary.node,
      size: forwardTsnPacketBytes(pairs.length),
      seq: 0,
      retx: false,
      sentAt: now,
      cumAck: newCum,
      blocks: pairs,
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
      label: 'FORWARD-TSN',
    };
    s.sendControl(pkt);
    if (!s.paths.some((p) => p.t3Running)) s.startT3(primary); // C5
    return true;
  }

  /** C4: per stream with an abandoned ordered message, its highest SSN; ascending streams. */
  private pairs(): [number, number][] {
    if (this.unordered) return [];
    const top = new Map<number, number>();
    for (const t of this.skipped) {
      const st = streamOf(t, this.streams);
      const n = ssnOf(t, this.streams);
      if ((top.get(st) ?? -1) < n) top.set(st, n);
    }
    return [...top.entries()].sort((a, b) => a[0] - b[0]);
  }
}
