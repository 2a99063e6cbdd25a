import type { FlowConfig } from '../config';
import { appPacketBytes } from '../app/payload';
import { Timer, type Scheduler } from '../core/scheduler';
import type { Endpoint, Network } from '../net/network';
import { NO_BLOCKS, type Block, type Packet } from '../net/packet';
import type { TraceSink } from '../trace/sink';
import { PacketType } from '../trace/types';
import {
  chunkLengthOf,
  controlPacketBytes,
  DELAYED_SACK_TRIGGER,
  GAP_BLOCK_BYTES,
  initialRwndOf,
  mtuUnitOf,
  SACK_CHUNK_BYTES,
  SACK_DELAY_S,
  sackPacketBytes,
  type ControlLabel,
} from './chunks';
import { StreamDelivery } from './streams';

/**
 * The SCTP data receiver (RFC 2960 §6.2, §6.7; ns-2.35 SctpAgent as a sink).
 *
 * - Every DATA chunk is acknowledged with a SACK chunk carrying the Cumulative TSN Ack, the
 *   advertised receiver window a_rwnd, all Gap Ack Blocks (ascending, as many as fit in the
 *   MTU — SCTP has no limit of 3 like TCP's SACK option) and the duplicate TSNs received since
 *   the last SACK. On the Packet: `cumAck` = Cumulative TSN Ack, `blocks` = Gap Ack Blocks as
 *   absolute inclusive TSN ranges.
 * - Optional delayed SACK (RFC 2960 §6.2): a SACK for every second packet or after 200 ms, but
 *   at once for the first DATA chunk, for duplicates and while there is a gap (§6.7).
 * - a_rwnd = initial window − bytes of the chunks received and not yet delivered to the
 *   application (streams.ts; the application reads what it is given at once, so with one ordered
 *   stream: the chunks held above the Cumulative TSN; ns-2 PassToUpperLayer). A chunk that does
 *   not fit is dropped without a SACK (unless a gap forces one).
 * - Answers INIT with INIT-ACK, COOKIE-ECHO with COOKIE-ACK and HEARTBEAT with HEARTBEAT-ACK.
 * - FORWARD-TSN (RFC 3758 §3.6): moves the Cumulative TSN to the New Cumulative TSN and on over
 *   the blocks that follow, drops the blocks below it, counts the TSNs it skips neither as
 *   delivered nor as errors (`skippedPackets`), lets the streams skip the abandoned SSNs and
 *   SACKs at once (an out-of-date one too: the SACK it answers may have been lost).
 * - Transport level: the Cumulative TSN covers every TSN exactly once (delivered or skipped).
 *   Application level (streams.ts): per-stream delivery, ordered within a stream (RFC 4960 §6.5)
 *   or on arrival (unordered, §6.6), written to the trace with FlowConfig.recordDeliveries.
 */
export class SctpReceiver implements Endpoint {
  private cumAck = 0;
  private highestRecvTsn = 0;
  /** TSN blocks received above cumAck, ascending and maximal (ns-2 sRecvTsnBlockList). */
  private blocks: Array<[number, number]> = [];
  /** Duplicate TSNs not yet reported, ascending. */
  private dups: number[] = [];
  private myRwnd: number;
  private readonly sackTimer: Timer;
  /** Per-stream delivery to the application (streams.ts; RFC 4960 §6.5–§6.6). */
  private readonly streams: StreamDelivery;
  private pktsSinceSack = 0;
  /** CMT DAC: DATA packets since the last SACK (ns-2 iDataPktCountSinceLastSack). */
  private dacPackets = 0;
  /** Whether DATA packets are counted for DAC (ns-2: only with delayed SACKs; `rfc`: always). */
  private readonly countsDac: boolean;
  private lastData: Packet | null = null;
  /** Under `rfc` rules the chunk at Cumulative TSN + 1 is accepted with a_rwnd used up (processData). */
  private readonly acceptsHoleFill: boolean;
  /** A SACK chunk stays below this size (ns-2 GenChunk: uiMaxDataSize, the MTU less 32). */
  private readonly maxSackBytes: number;
  /** Payload bytes delivered in order to the application. */
  deliveredBytes = 0;
  /** Chunks the Cumulative TSN passed that had arrived (= Cumulative TSN − skippedPackets). */
  deliveredPackets = 0;
  /** TSNs a FORWARD-TSN skipped without their chunk having arrived (RFC 3758 §3.6). */
  skippedPackets = 0;
  /** Violations of in-order exactly-once delivery (for property tests; must stay 0). */
  deliveryErrors = 0;
  /** Chunks dropped because a_rwnd was exhausted. */
  rwndDrops = 0;

  constructor(
    private readonly cfg: FlowConfig,
    private readonly sched: Scheduler,
    private readonly net: Network,
    /** Where deliveries are written (FlowConfig.recordDeliveries); none in unit tests. */
    rec?: TraceSink,
  ) {
    this.acceptsHoleFill = cfg.rules === 'rfc';
    this.countsDac = cfg.delayedAck || cfg.rules === 'rfc';
    this.myRwnd = initialRwndOf(cfg);
    this.maxSackBytes = mtuUnitOf(cfg);
    this.sackTimer = new Timer(sched, () => this.onSackTimer());
    // A chunk gives its bytes back to a_rwnd when the application gets it (ns-2
    // PassToUpperLayer): in its stream's order, on arrival when unordered.
    this.streams = new StreamDelivery(
      cfg,
      rec,
      () => sched.now,
      (tsn) => (this.myRwnd += chunkLengthOf(cfg, tsn)),
    );
  }

  /** Per-stream delivery to the application (streams.ts): its counters, for tests. */
  get streamDelivery(): StreamDelivery {
    return this.streams;
  }

  /** The receiver window advertised at association setup (a_rwnd in INIT-ACK), bytes. */
  get initialRwnd(): number {
    return initialRwndOf(this.cfg);
  }

  receive(p: Packet): void {
    if (p.type === PacketType.control) {
      if (p.label === 'FORWARD-TSN') this.onForwardTsn(p);
      else this.answerControl(p);
      return;
    }
    if (p.type !== PacketType.data) return;
    this.lastData = p;
    // CMT DAC count. ns-2 counts DATA packets only under delayed SACKs, so without them its
    // SACKs carry 0 (no missing reports from a SACK of one destination: recovery by T3-rtx);
    // `ns2` rules follow it, `rfc` counts every packet (Iyengar et al. §3.3: each SACK reports
    // the packets it acknowledges).
    if (this.countsDac) this.dacPackets++;
    let sackNeeded = false;
    // ns-2 CMT: no SACK at once for TSN 1 (sctp-cmt.cc ProcessChunk).
    if (!this.cfg.delayedAck || (p.seq === 1 && !this.cfg.cmt)) {
      sackNeeded = true;
    } else {
      // RFC 2960 §6.2: a SACK for at least every second packet, else within 200 ms.
      this.pktsSinceSack++;
      if (this.pktsSinceSack === 1) {
        this.sackTimer.resched(SACK_DELAY_S);
      } else if (this.pktsSinceSack === DELAYED_SACK_TRIGGER) {
        this.pktsSinceSack = 0;
        this.sackTimer.cancel();
        sackNeeded = true;
      }
    }
    const verdict = this.processData(p.seq);
    if (verdict === 'duplicate') sackNeeded = true; // §6.7: report duplicates at once
    if (verdict === 'no-room') sackNeeded = false;
    if (this.blocks.length > 0 && !this.cfg.cmt) {
      // §6.7: while there is a gap, SACK every packet at once (CMT's DAC: delayed all the same).
      this.pktsSinceSack = 0;
      this.sackTimer.cancel();
      sackNeeded = true;
    }
    if (sackNeeded) this.net.send(this.makeSack(p));
  }

  private onSackTimer(): void {
    this.pktsSinceSack = 0;
    this.dacPackets = 0; // ns-2 SackGenTimerExpiration resets the count before the SACK: it carries 0
    if (this.lastData) this.net.send(this.makeSack(this.lastData));
  }

  /** ns-2 ProcessDataChunk: store a new chunk, note a duplicate, or drop when a_rwnd is full. */
  private processData(tsn: number): 'new' | 'duplicate' | 'no-room' {
    // The chunk that fills the hole at the Cumulative TSN is delivered at once and frees the
    // reordering buffer, so it is accepted even when a_rwnd is used up (RFC 4960 §6.2 accepts a
    // TSN below the highest received; ns-2 drops it and deadlocks when the buffer holds only
    // chunks above the hole — rfc rules only, ns2 rules keep ns-2's drop).
    const length = chunkLengthOf(this.cfg, tsn);
    if (length > this.myRwnd && !(this.acceptsHoleFill && tsn === this.cumAck + 1)) {
      this.rwndDrops++;
      return 'no-room';
    }
    const newHighest = tsn > this.highestRecvTsn;
    if (newHighest) this.highestRecvTsn = tsn;
    if (!newHighest && this.isDuplicate(tsn)) {
      if (!this.dups.includes(tsn)) {
        this.dups.push(tsn);
        this.dups.sort((a, b) => a - b);
      }
      return 'duplicate';
    }
    this.myRwnd -= length;
    this.insert(tsn);
    this.streams.arrived(tsn);
    return 'new';
  }

  private isDuplicate(tsn: number): boolean {
    if (tsn <= this.cumAck) return true;
    return this.blocks.some(([s, e]) => s <= tsn && tsn <= e);
  }

  /** Add a TSN above cumAck, merge blocks, advance the cumulative TSN and deliver in order. */
  private insert(tsn: number): void {
    const bl = this.blocks;
    let i = 0;
    while (i < bl.length && bl[i]![1] < tsn - 1) i++;
    if (i < bl.length && bl[i]![0] <= tsn + 1) {
      const b = bl[i]!;
      b[0] = Math.min(b[0], tsn);
      b[1] = Math.max(b[1], tsn);
      const next = bl[i + 1];
      if (next && next[0] === b[1] + 1) {
        b[1] = next[1];
        bl.splice(i + 1, 1);
      }
    } else {
      bl.splice(i, 0, [tsn, tsn]);
    }
    const first = bl[0];
    if (first && first[0] === this.cumAck + 1) {
      bl.shift();
      this.deliverUpTo(first[1]);
    }
  }

  private deliverUpTo(tsn: number): void {
    while (this.cumAck < tsn) {
      this.cumAck++;
      this.deliveredPackets++;
      this.deliveredBytes += appPacketBytes(this.cfg, this.cumAck);
    }
    if (this.deliveredPackets + this.skippedPackets !== this.cumAck) this.deliveryErrors++;
  }

  /**
   * FORWARD-TSN (RFC 3758 §3.6): the Cumulative TSN moves to the New Cumulative TSN (`cumAck`
   * of the packet, 1-based) — TSNs below it that arrived count as delivered (and give their
   * a_rwnd bytes back), the others as skipped — then on over a block that follows; the streams
   * skip the abandoned SSNs. A SACK goes back at once, also for an out-of-date FORWARD-TSN
   * (New Cumulative TSN ≤ Cumulative TSN: nothing changes).
   */
  private onForwardTsn(p: Packet): void {
    const newCum = p.cumAck;
    if (newCum > this.cumAck) {
      if (newCum > this.highestRecvTsn) this.highestRecvTsn = newCum;
      const bl = this.blocks;
      let tsn = this.cumAck;
      while (tsn < newCum) {
        tsn++;
        const b = bl[0];
        if (b && b[0] <= tsn) {
          // Arrived: delivered at the transport level as if the Cumulative TSN reached it.
          this.deliveredPackets++;
          this.deliveredBytes += appPacketBytes(this.cfg, tsn);
          if (b[1] === tsn) bl.shift();
          else b[0] = tsn + 1;
        } else {
          this.skippedPackets++;
        }
      }
      this.cumAck = newCum;
      this.dups = this.dups.filter((d) => d > newCum);
      const first = bl[0];
      if (first && first[0] === this.cumAck + 1) {
        bl.shift();
        this.deliverUpTo(first[1]);
      } else if (this.deliveredPackets + this.skippedPackets !== this.cumAck) this.deliveryErrors++;
      this.streams.forwarded(newCum);
    }
    this.pktsSinceSack = 0;
    this.sackTimer.cancel();
    this.net.send(this.makeSack(p));
  }

  /**
   * CMT's DAC count for the SACK being built (ns-2 GenChunk puts iDataPktCountSinceLastSack in
   * the SACK flags and resets it — the same counter the delayed SACK counts to 2 with).
   */
  private takeDacPackets(): { dacPackets: number } {
    const n = this.dacPackets;
    this.dacPackets = 0;
    this.pktsSinceSack = 0;
    return { dacPackets: n };
  }

  /** SACK chunk (RFC 2960 §3.3.4): blocks and duplicate TSNs as far as the MTU allows. */
  private makeSack(data: Packet): Packet {
    const maxBytes = this.maxSackBytes;
    let size = SACK_CHUNK_BYTES;
    const blocks: Block[] = [];
    for (const [s, e] of this.blocks) {
      if (size + GAP_BLOCK_BYTES >= maxBytes) break;
      blocks.push([s, e]);
      size += GAP_BLOCK_BYTES;
    }
    let dupCount = 0;
    while (dupCount < this.dups.length && size + GAP_BLOCK_BYTES < maxBytes) {
      dupCount++;
      size += GAP_BLOCK_BYTES;
    }
    this.dups.splice(0, dupCount);
    return {
      uid: this.net.newUid(),
      flow: this.cfg.id,
      type: PacketType.ack,
      // RFC 4960 §6.4: reply to the source address of the DATA chunk's packet.
      src: data.dst,
      dst: data.src,
      size: sackPacketBytes(blocks.length, dupCount),
      seq: 0,
      retx: false,
      sentAt: this.sched.now,
      cumAck: this.cumAck,
      blocks,
      forSeq: data.seq,
      tsEcho: data.sentAt,
      ecn: 0,
      ecnFlags: 0,
      rwnd: this.myRwnd,
      dupTsns: dupCount,
      ...(this.cfg.cmt ? this.takeDacPackets() : {}),
    } as SackPacket;
  }

  private answerControl(p: Packet): void {
    const reply: Partial<Record<string, ControlLabel>> = {
      INIT: 'INIT-ACK',
      'COOKIE-ECHO': 'COOKIE-ACK',
      HEARTBEAT: 'HEARTBEAT-ACK',
      SHUTDOWN: 'SHUTDOWN-ACK', // RFC 4960 §9.2 (all DATA received: answer at once)
    };
    const label = reply[p.label ?? ''];
    if (!label) return;
    const out: SackPacket = {
      uid: this.net.newUid(),
      flow: this.cfg.id,
      type: PacketType.control,
      src: p.dst,
      dst: p.src,
      size: controlPacketBytes(label),
      seq: 0,
      retx: false,
      sentAt: this.sched.now,
      cumAck: 0,
      blocks: NO_BLOCKS,
      forSeq: 0,
      tsEcho: p.sentAt,
      ecn: 0,
      ecnFlags: 0,
      label,
      rwnd: this.initialRwnd,
      dupTsns: 0,
      ...(label === 'HEARTBEAT-ACK' ? { hbDst: p.dst } : {}),
    };
    this.net.send(out);
  }
}

/** A SACK (or INIT-ACK) as the SCTP sender reads it: the Packet plus a_rwnd. */
export interface SackPacket extends Packet {
  /** Advertised receiver window a_rwnd, bytes. */
  rwnd: number;
  /** Duplicate TSNs reported. */
  dupTsns: number;
  /**
   * CMT's DAC (Iyengar et al. §3.3; ns-2 sctp-cmt.cc GenChunk): DATA packets received since the
   * previous SACK, carried in the SACK chunk's flags. Set only under FlowConfig.cmt.
   */
  dacPackets?: number;
}
