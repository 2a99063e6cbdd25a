/**
 * The packet-event accumulators of a run, streamed one event at a time in engine order (by the
 * metrics sink as the run goes, or from a full trace's columns afterwards: the same calls, so
 * the same numbers):
 * - per flow, the first transmissions of payload — Alamgir et al. (000_…) eq. 1's λ_i, "bytes
 *   sent … excluding retransmitted packets" — in total and per time bin (their Fig. 4);
 * - at the bottleneck link, data packets departed and dropped (by cause, and whether in front of
 *   the queue) and their queueing delay.
 * No allocation per event: the bins and the delay ring are typed arrays grown geometrically.
 */
import { appPacketBytes } from '../app/payload';
import { isSctpSender, isTcpSender, type FlowConfig, type SimConfig } from '../config';
import { grown } from './growable';
import type { BottleneckAccumulators, FlowTally } from './accumulator-types';
import { DropCause, PacketEventKind, PacketType } from './types';

export type { BottleneckAccumulators, FlowTally };

/** Throughput bin width when none is given, seconds (Alamgir et al. Fig. 4: "every 0.1 sec"). */
export const DEFAULT_BIN_S = 0.1;

/** Most throughput bins per flow (8 bytes each). */
export const MAX_BINS = 1_000_000;

/**
 * Number of throughput bins of a run of `stopS` seconds with bins of `binS` seconds:
 * ⌈stopS / binS⌉, where a quotient within 1e-9 (relative) of a whole number counts as that
 * number (6 / 0.1 = 60.000000000000007 gives 60 bins); at least 1.
 * @throws RangeError when binS is not a finite number > 0 or the count exceeds MAX_BINS.
 */
export function binCount(stopS: number, binS: number): number {
  if (!(Number.isFinite(binS) && binS > 0)) {
    throw new RangeError(`throughput bin width must be a number of seconds > 0 (got ${binS})`);
  }
  const q = stopS / binS;
  const n = Math.max(1, wholeQuotient(q) ? Math.round(q) : Math.ceil(q));
  if (!(n <= MAX_BINS)) {
    throw new RangeError(
      `${n} throughput bins of ${binS} s over ${stopS} s is more than ${MAX_BINS}: widen the bins`,
    );
  }
  return n;
}

function wholeQuotient(q: number): boolean {
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, q);
}

/** Width of the last of binCount(stopS, binS) bins, seconds: binS when stopS is a whole number
 * of bins (as binCount decides), else stopS − (n − 1) · binS. */
export function lastBinWidth(stopS: number, binS: number): number {
  const q = stopS / binS;
  if (q <= 1 || wholeQuotient(q)) return q < 1 && q > 0 ? stopS : binS;
  return stopS - (Math.ceil(q) - 1) * binS;
}

export class PacketTally {
  readonly binS: number;
  private readonly nBins: number;
  /** Per flow: 1-based number of the first packet carrying payload (2 after a SYN segment). */
  private readonly firstPayload: Int32Array;
  private readonly mss: Float64Array;
  /** Per flow: the SCTP flow's config when its packets may carry less than mssBytes, else null. */
  private readonly shortLast: Array<FlowConfig | null>;
  private readonly unique: Float64Array;
  private readonly uniqueBytes: Float64Array;
  private readonly bins: Float64Array[];

  private link = -1;
  private node = -1;
  private departures = 0;
  private readonly drops = { scripted: 0, overflow: 0, random: 0, linkDown: 0, macRetry: 0 };
  private dropsAtHead = 0;
  private delaySum = 0;
  private delayCount = 0;
  /** Data packets that reached the bottleneck's node and have not departed or been dropped
   * (and, until a later departure passes them, those that left by another link): a FIFO ring. */
  private ringUid = new Int32Array(64);
  private ringTime = new Float64Array(64);
  private head = 0;
  private size = 0;

  /**
   * @param cfg the run's config (flows' payload size and SYN segment, stopS)
   * @param binS throughput bin width, seconds
   * @throws RangeError for a bad binS (binCount)
   */
  constructor(cfg: SimConfig, binS: number = DEFAULT_BIN_S) {
    this.binS = binS;
    this.nBins = binCount(cfg.stopS, binS);
    const n = cfg.flows.length;
    this.firstPayload = new Int32Array(n);
    this.mss = new Float64Array(n);
    this.unique = new Float64Array(n);
    this.uniqueBytes = new Float64Array(n);
    this.shortLast = cfg.flows.map((f) =>
      isSctpSender(f.sender) && f.app?.kind === 'file' ? f : null,
    );
    this.bins = [];
    cfg.flows.forEach((f, i) => {
      this.firstPayload[i] = isTcpSender(f.sender) && f.synSegment === true ? 2 : 1;
      this.mss[i] = f.mssBytes;
      this.bins.push(new Float64Array(Math.min(this.nBins, 64)));
    });
  }

  /** The bottleneck: its link index and the index of the node it leaves. */
  watch(link: number, node: number): void {
    this.link = link;
    this.node = node;
  }

  /**
   * One packet event, in engine order (the fields of PacketEventColumns and of its
   * transmission's row in TransmissionColumns; seq = packet).
   */
  packet(
    time: number,
    kind: number,
    node: number,
    link: number,
    flow: number,
    type: number,
    seq: number,
    retx: boolean,
    uid: number,
    cause: number,
  ): void {
    if (type !== PacketType.data) return;
    if (kind === PacketEventKind.send) this.dataSent(time, node, flow, seq, retx, uid);
    else if (kind === PacketEventKind.arrive) this.dataArrived(time, node, uid);
    else if (kind === PacketEventKind.depart) this.dataDeparted(time, link, uid);
    else if (kind === PacketEventKind.drop) this.dataDropped(link, uid, cause);
  }

  /**
   * The parts of `packet` for a data packet, one per event kind (the metrics sink calls them
   * directly): a data transmission sent at node `node`, time in seconds.
   */
  dataSent(
    time: number,
    node: number,
    flow: number,
    seq: number,
    retx: boolean,
    uid: number,
  ): void {
    if (!retx && seq >= this.firstPayload[flow]!) this.firstSent(time, flow, seq);
    if (node === this.node) this.push(uid, time);
  }

  /** A data packet arrived at node `node` (to be forwarded), time in seconds. */
  dataArrived(time: number, node: number, uid: number): void {
    if (node === this.node) this.push(uid, time);
  }

  /** A data packet started transmission on link `link`, time in seconds. */
  dataDeparted(time: number, link: number, uid: number): void {
    if (link === this.link) this.departed(time, uid);
  }

  /** A data packet was dropped at link `link` (cause: DropCause). */
  dataDropped(link: number, uid: number, cause: number): void {
    if (link === this.link) this.dropped(uid, cause);
  }

  private firstSent(time: number, flow: number, seq: number): void {
    const short = this.shortLast[flow];
    const bytes = short ? appPacketBytes(short, seq) : this.mss[flow]!;
    this.unique[flow] = this.unique[flow]! + 1;
    this.uniqueBytes[flow] = this.uniqueBytes[flow]! + bytes;
    let k = Math.floor(time / this.binS);
    if (k >= this.nBins) k = this.nBins - 1;
    let b = this.bins[flow]!;
    if (k >= b.length) {
      let c = b.length;
      while (c <= k) c *= 2;
      b = this.bins[flow] = grown(b, Math.min(c, this.nBins));
    }
    b[k] = b[k]! + bytes;
  }

  private push(uid: number, time: number): void {
    let cap = this.ringUid.length;
    if (this.size === cap) {
      const u = new Int32Array(cap * 2);
      const t = new Float64Array(cap * 2);
      for (let i = 0; i < cap; i++) {
        u[i] = this.ringUid[(this.head + i) & (cap - 1)]!;
        t[i] = this.ringTime[(this.head + i) & (cap - 1)]!;
      }
      this.ringUid = u;
      this.ringTime = t;
      this.head = 0;
      cap *= 2;
    }
    const i = (this.head + this.size) & (cap - 1);
    this.ringUid[i] = uid;
    this.ringTime[i] = time;
    this.size++;
  }

  private departed(time: number, uid: number): void {
    this.departures++;
    // FIFO queue: every data packet ahead of this one in the ring has departed or was dropped
    // already, so those still there left the node by another link.
    const mask = this.ringUid.length - 1;
    while (this.size > 0) {
      const i = this.head;
      this.head = (i + 1) & mask;
      this.size--;
      if (this.ringUid[i] === uid) {
        this.delaySum += time - this.ringTime[i]!;
        this.delayCount++;
        return;
      }
    }
  }

  private dropped(uid: number, cause: number): void {
    if (cause === DropCause.scripted) this.drops.scripted++;
    else if (cause === DropCause.overflow) this.drops.overflow++;
    else if (cause === DropCause.linkDown) this.drops.linkDown++;
    else if (cause === DropCause.macRetry) this.drops.macRetry++;
    else this.drops.random++;
    // A drop at the head follows the packet's arrival at once; after the wire it has departed.
    if (this.size > 0) {
      const last = (this.head + this.size - 1) & (this.ringUid.length - 1);
      if (this.ringUid[last] === uid) {
        this.size--;
        this.dropsAtHead++;
      }
    }
  }

  /** The totals (the bins trimmed to binCount entries). */
  finish(): { flows: FlowTally[]; bottleneck: BottleneckAccumulators } {
    return {
      flows: this.bins.map((b, f) => {
        const binBytes = new Float64Array(this.nBins);
        binBytes.set(b);
        const uniquePackets = this.unique[f]!;
        return { uniquePackets, uniqueBytes: this.uniqueBytes[f]!, binBytes };
      }),
      bottleneck: {
        dataDepartures: this.departures,
        dataDrops: { ...this.drops },
        dataDropsAtHead: this.dropsAtHead,
        queueDelaySumS: this.delaySum,
        queueDelayCount: this.delayCount,
      },
    };
  }
}
