import { appPacketBytes } from '../app/payload';
import type { FlowConfig } from '../config';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Endpoint, Network } from '../net/network';
import { EcnFlag, NO_BLOCKS, type Block, type Packet } from '../net/packet';
import type { TraceSink } from '../trace/sink';
import { PacketType } from '../trace/types';
import { controlPacket } from './control';
import { EcnEcho } from './ecn';

/** Bytes of a TCP ACK (IP + TCP header) and of each SACK block (RFC 2018 §3). */
export const TCP_ACK_BYTES = 40;
export const SACK_BLOCK_BYTES = 8;
/** At most 3 SACK blocks fit with the timestamp option (RFC 2018 §3; ns-2 maxSackBlocks_). */
export const MAX_SACK_BLOCKS = 3;

/**
 * TCP receiver (ns-2 TCPSink / TCPSink/Sack1): acknowledges every data packet with the
 * cumulative ACK (highest in-order packet) and, with SACK, up to 3 SACK blocks: first the block
 * holding the packet just received, then earlier blocks, most recent first (RFC 2018 §4).
 * Optional delayed ACKs: every second packet or after 100 ms (RFC 1122 §4.2.3.2), the first
 * segment and out-of-order data at once, as ns-2.35's DelAck sink does.
 *
 * Also delivers in-order data to the application exactly once; with FlowConfig.recordDeliveries
 * each packet's delivery is written to the trace (trace/deliveries.ts) as one byte stream:
 * stream 0, ssn = packet − 1, at the time it becomes in order — so a loss holds back everything
 * after it until the retransmission arrives (head-of-line blocking, compared with SCTP streams).
 */
export class TcpReceiver implements Endpoint {
  /** Keeps no reference to a data packet after receive(): the network recycles it. */
  readonly recyclesData = true;
  /** Next expected seqno (0-based), ns-2 Acker next_. */
  private next = 0;
  private maxseen = -1;
  /** seen[seqno] = 1: received (ns-2 Acker's seen_ bitmap, by absolute 0-based seqno; entries
   * below `next` are stale and never read). */
  private seen = new Uint8Array(1024);
  /** Earlier SACK blocks, most recent first, [left, right) 0-based. */
  private stack: Array<[number, number]> = [];
  private readonly node: number;
  private readonly peer: number;
  private pendingAck: Packet | null = null;
  /**
   * Timestamp to echo and the last cumulative ACK sent (ns-2 Acker ts_to_echo_, last_ack_sent_).
   * last_ack_sent_ starts at 0 as in ns-2 (tcp-sink.cc Acker::reset), so before any ACK has gone
   * out packet 2 (seqno 1) may still set the echoed timestamp — FACK samples its RTT from it on
   * a duplicate ACK (tcp-fack.cc oldack).
   */
  private tsToEcho = 0;
  private lastAckSent = 0;
  private readonly delTimer: Timer;
  /** ECN echo (ecn.ts), with FlowConfig.ecn; the ECN bits of the data a delayed ACK holds. */
  private readonly echo: EcnEcho | null;
  private heldEcn = 0;
  private heldFlags = 0;
  /** Payload bytes delivered in order to the application. */
  deliveredBytes = 0;
  /** Packets delivered in order (= highest in-order packet number). */
  deliveredPackets = 0;
  /** Violations of in-order exactly-once delivery (for property tests; must stay 0). */
  deliveryErrors = 0;

  constructor(
    private readonly cfg: FlowConfig,
    private readonly withSack: boolean,
    private readonly sched: Scheduler,
    private readonly net: Network,
    /** Where deliveries are written (FlowConfig.recordDeliveries); none in unit tests. */
    private readonly rec?: TraceSink,
  ) {
    this.node = net.nodeIndex(cfg.dst);
    this.peer = net.nodeIndex(cfg.src);
    this.delTimer = new Timer(sched, () => this.flushDelayed());
    this.echo = cfg.ecn ? new EcnEcho() : null;
  }

  receive(p: Packet): void {
    if (p.type === PacketType.control) {
      if (p.label === 'FIN' || p.label === 'SYN') {
        // SYN → SYN-ACK (RFC 793 §3.4); FIN → its ACK, at once (RFC 793 §3.5; RFC 1122
        // §4.2.3.2 delays only data). A repeated FIN is answered again.
        this.net.send(
          controlPacket(
            this.net.newUid(),
            this.cfg.id,
            this.node,
            this.peer,
            p.label === 'FIN' ? 'FIN-ACK' : 'SYN-ACK',
            this.sched.now,
          ),
        );
      }
      return;
    }
    if (p.type !== PacketType.data) return;
    const seqno = p.seq - 1;
    // RFC 1323 §3.4 as ns-2's Acker::update_ts: echo the timestamp of the segment that advanced
    // (or could advance) the window, not of a segment above a hole.
    if (p.sentAt >= this.tsToEcho && seqno <= this.lastAckSent + 1) this.tsToEcho = p.sentAt;
    const isDup = this.update(seqno);
    const ack = this.makeAck(seqno, isDup, p);
    const echo = this.echo;
    if (!this.cfg.delayedAck) {
      if (echo !== null && echo.ece(p.ecn, p.ecnFlags)) ack.ecnFlags = EcnFlag.ece;
      this.sendAck(ack);
      return;
    }
    // Delayed ACK (ns-2 DelAckSink::recv): ACK every second packet, out-of-order data at once,
    // gap-filling data at once even when holes remain above it (RFC2581_immediate_ack_:
    // seqno < maxseen; RFC 2581 §4.2), the first segment at once
    // (SYN_immediate_ack_, true since ns-2.35), else within 100 ms (RFC 1122 §4.2.3.2). A
    // duplicate of the highest in-order segment is delayed like new data: ns-2 tests only
    // seqno == Seqno(), with no duplicate test (a duplicate below it fails that test anyway).
    if (this.pendingAck || seqno !== this.next - 1 || seqno < this.maxseen || seqno === 0) {
      // ECN: the ACK covers the held packet too (ns-2 TcpSink::ack's save_).
      if (echo !== null) {
        const held = this.pendingAck !== null;
        if (echo.ece(p.ecn, p.ecnFlags, held ? this.heldEcn : -1, this.heldFlags))
          ack.ecnFlags = EcnFlag.ece;
      }
      this.delTimer.cancel();
      this.pendingAck = null;
      this.sendAck(ack);
    } else {
      this.pendingAck = ack;
      this.heldEcn = p.ecn;
      this.heldFlags = p.ecnFlags;
      this.delTimer.resched(0.1);
    }
  }

  private flushDelayed(): void {
    const ack = this.pendingAck;
    if (ack) {
      const e = this.heldEcn;
      if (this.echo?.ece(e, this.heldFlags, e, this.heldFlags)) ack.ecnFlags = EcnFlag.ece;
      this.sendAck(ack);
      this.pendingAck = null;
    }
  }

  /**
   * Send an ACK, giving it its uid now: a delayed ACK that the next packet's ACK replaces is
   * never sent and takes no uid, so Trace.transmissions keeps one row per sent packet.
   */
  private sendAck(ack: Packet): void {
    ack.uid = this.net.newUid();
    this.net.send(ack);
  }

  /** ns-2 Acker::update: returns whether the packet was a duplicate. */
  private update(seqno: number): boolean {
    if (seqno === this.next && seqno > this.maxseen) {
      // In order with nothing held above it (the common case; same outcome as below).
      this.maxseen = seqno;
      this.next++;
      this.deliveredPackets++;
      this.deliveredBytes += this.payloadOf(seqno);
      this.recordDelivery(seqno);
      if (this.deliveredPackets !== this.next) this.deliveryErrors++;
      return false;
    }
    let isDup = false;
    let justMarked = false;
    if (seqno >= this.seen.length) this.growSeen(seqno);
    const seen = this.seen;
    if (seqno > this.maxseen) {
      this.maxseen = seqno;
      seen[seqno] = 1;
      justMarked = true;
    }
    if (seqno < this.next) isDup = true;
    if (seqno >= this.next && seqno <= this.maxseen) {
      if (seen[seqno] === 1 && !justMarked) isDup = true;
      seen[seqno] = 1;
      while (this.next <= this.maxseen && seen[this.next] === 1) {
        this.deliveredBytes += this.payloadOf(this.next);
        this.recordDelivery(this.next);
        this.next++;
        this.deliveredPackets++;
      }
    }
    if (this.deliveredPackets !== this.next) this.deliveryErrors++;
    return isDup;
  }

  /** Write the in-order delivery of 0-based seqno (packet seqno + 1) when the flow asks for it. */
  private recordDelivery(seqno: number): void {
    if (!this.cfg.recordDeliveries || !this.rec) return;
    this.rec.delivery({
      time: this.sched.now,
      flow: this.cfg.id,
      stream: 0,
      ssn: seqno,
      packet: seqno + 1,
      unordered: false,
    });
  }

  /**
   * Payload bytes of segment `seqno` (0-based, ns-2's seqno) as the application handed them over:
   * none for ns-2's SYN segment, else payload.ts appPacketBytes of the application's packet (a
   * file's last segment goes out whole, but only the file's bytes in it are delivered).
   */
  private payloadOf(seqno: number): number {
    if (this.cfg.synSegment) return seqno === 0 ? 0 : appPacketBytes(this.cfg, seqno);
    return appPacketBytes(this.cfg, seqno + 1);
  }

  private growSeen(seqno: number): void {
    let n = this.seen.length;
    while (n <= seqno) n *= 2;
    const next = new Uint8Array(n);
    next.set(this.seen);
    this.seen = next;
  }

  private isSeen(i: number): boolean {
    return i < this.next || this.seen[i] === 1;
  }

  /** SACK blocks per ns-2 Sacker::append_ack, returned 1-based inclusive. */
  private sackBlocks(oldSeqno: number, isDup: boolean): readonly Block[] {
    const seqno = this.next - 1;
    if (seqno >= this.maxseen) {
      if (this.stack.length > 0) this.stack = [];
      return NO_BLOCKS;
    }
    if (!(seqno < this.maxseen || isDup)) return NO_BLOCKS;
    const out: Array<[number, number]> = [];
    let right = -1;
    for (let i = oldSeqno; i <= this.maxseen; i++) {
      if (!this.isSeen(i)) {
        right = i;
        break;
      }
    }
    if (right === -1) right = this.maxseen + 1;
    let left: number;
    if (oldSeqno <= seqno) {
      left = 0;
    } else {
      left = -1;
      for (let i = right - 1; i > seqno; i--) {
        if (!this.isSeen(i)) {
          left = i + 1;
          break;
        }
      }
      if (left === -1) left = seqno + 1;
      out.push([left, right]);
    }
    let k = 0;
    while (out.length < MAX_SACK_BLOCKS) {
      const h = this.stack[k];
      if (!h || h[1] > this.maxseen + 1) break;
      if (left <= h[0] && right >= h[1]) {
        this.stack.splice(k, 1);
        continue;
      }
      out.push([h[0], h[1]]);
      k++;
    }
    if (oldSeqno > seqno) {
      this.stack.unshift([left, right]);
      if (this.stack.length > MAX_SACK_BLOCKS) this.stack.length = MAX_SACK_BLOCKS;
    }
    return out.map(([l, r]) => [l + 1, r] as const);
  }

  private makeAck(seqno: number, isDup: boolean, data: Packet): Packet {
    const blocks = this.withSack ? this.sackBlocks(seqno, isDup) : NO_BLOCKS;
    this.lastAckSent = this.next - 1;
    return {
      uid: -1, // given when sent (sendAck)
      flow: this.cfg.id,
      type: PacketType.ack,
      src: this.node,
      dst: this.peer,
      size: TCP_ACK_BYTES + SACK_BLOCK_BYTES * blocks.length,
      seq: 0,
      retx: false,
      sentAt: this.sched.now,
      cumAck: this.next,
      blocks,
      forSeq: data.seq,
      tsEcho: this.tsToEcho,
      ecn: 0,
      ecnFlags: 0,
    };
  }
}
