/**
 * Per-packet metrics of each flow, streamed one packet event at a time in engine order (by the
 * metrics sink as the run goes, or from a full trace's columns afterwards: the same calls, so
 * the same numbers — tests/engine/record-modes.test.ts). Counted over a flow's data packets that
 * carry payload (ns-2's SYN segment, FlowConfig.synSegment, is not one), every transmission
 * (a retransmission is a packet of its own):
 * - sent and dropped transmissions (anywhere on the path): the flow's loss rate;
 * - arrivals at the receiver (the deliver event at the flow's destination) and their one-way
 *   delay, arrival time − the transmission's send time (sum and maximum);
 * - interarrival jitter in arrival order: with D = (R_i − R_{i−1}) − (S_i − S_{i−1}) for
 *   consecutive arrivals (send times S standing in for RTP timestamps), RFC 3550 §6.4.1's
 *   running estimate J ← J + (|D| − J) / 16 from J = 0, and the sum and maximum of |D| (our
 *   reading of the mean and maximum jitter Dainotti et al. 002_… report from D-ITG without a
 *   formula: the delay variation of consecutive packets, RFC 3393's IPDV, consecutive selection).
 * The metrics sink hands each arrival its send time from the packet itself (Packet.sentAt, set
 * when the transmission was sent); a full trace has no such column, so SendTimes finds it from
 * the send events: a flow's data packets follow one route through FIFO links (a jittered link
 * never reorders: net/link.ts), so they reach the receiver in the order they were sent, less
 * the dropped ones — the send times wait in a per-flow FIFO ring and an arrival pops up to its
 * own uid. Both give the same double. No allocation per event.
 */
import { isTcpSender, type SimConfig } from '../config';
import type { FlowDelay } from './accumulator-types';
import { PacketEventKind, PacketType } from './types';

export type { FlowDelay };

export class DelayTally {
  /** Per flow: 1-based number of the first packet carrying payload (2 after a SYN segment). */
  private readonly firstPayload: Int32Array;
  private readonly acc: FlowDelay[];
  /** Per flow: delay of the previous arrival, seconds (NaN before the first). */
  private readonly lastDelay: Float64Array;

  /** @param cfg the run's config (its flows and their SYN segment). */
  constructor(cfg: SimConfig) {
    this.firstPayload = Int32Array.from(cfg.flows, (f) =>
      isTcpSender(f.sender) && f.synSegment === true ? 2 : 1,
    );
    this.acc = cfg.flows.map(() => ({
      dataSent: 0,
      dataDropped: 0,
      arrivals: 0,
      delaySumS: 0,
      delayMaxS: 0,
      jitterRfcS: 0,
      ipdvSumS: 0,
      ipdvMaxS: 0,
    }));
    this.lastDelay = new Float64Array(cfg.flows.length).fill(NaN);
  }

  /**
   * One packet event, in engine order (fields of PacketEventColumns and of its transmission's
   * row in TransmissionColumns; seq = packet number);
   * `sentAt`: for a data packet delivered at its receiver, the time this transmission was sent
   * (seconds), else ignored.
   */
  packet(
    time: number,
    kind: number,
    flow: number,
    type: number,
    seq: number,
    sentAt: number,
  ): void {
    if (type !== PacketType.data) return;
    if (kind === PacketEventKind.send) this.dataSent(flow, seq);
    else if (kind === PacketEventKind.drop) this.dataDropped(flow, seq);
    else if (kind === PacketEventKind.deliver) this.dataDelivered(time, flow, seq, sentAt);
  }

  /** The parts of `packet` for a data packet, one per event kind (the metrics sink calls them
   * directly): flow `flow` sent a transmission of packet `seq`. */
  dataSent(flow: number, seq: number): void {
    if (seq >= this.firstPayload[flow]!) this.acc[flow]!.dataSent++;
  }

  /** A data transmission of packet `seq` of flow `flow` was dropped. */
  dataDropped(flow: number, seq: number): void {
    if (seq >= this.firstPayload[flow]!) this.acc[flow]!.dataDropped++;
  }

  /** A data transmission sent at `sentAt` reached its receiver at `time` (seconds; a NaN
   * sentAt, a send time not found, is not counted). */
  dataDelivered(time: number, flow: number, seq: number, sentAt: number): void {
    if (seq >= this.firstPayload[flow]! && !Number.isNaN(sentAt)) this.arrived(flow, time - sentAt);
  }

  private arrived(flow: number, delay: number): void {
    const a = this.acc[flow]!;
    a.arrivals++;
    a.delaySumS += delay;
    if (delay > a.delayMaxS) a.delayMaxS = delay;
    const prev = this.lastDelay[flow]!;
    this.lastDelay[flow] = delay;
    if (Number.isNaN(prev)) return;
    // D(i−1, i) = (R_i − R_{i−1}) − (S_i − S_{i−1}) = delay_i − delay_{i−1}.
    const d = Math.abs(delay - prev);
    a.jitterRfcS = rfc3550Jitter(a.jitterRfcS, d);
    a.ipdvSumS += d;
    if (d > a.ipdvMaxS) a.ipdvMaxS = d;
  }

  /** The per-flow accumulators (copies). */
  finish(): FlowDelay[] {
    return this.acc.map((a) => ({ ...a }));
  }
}

/**
 * One step of RFC 3550 §6.4.1's interarrival jitter estimate: J ← J + (|D| − J) / 16, with D
 * the difference of two consecutive packets' transit times (here: one-way delays), seconds.
 */
export function rfc3550Jitter(j: number, d: number): number {
  return j + (Math.abs(d) - j) / 16;
}

/**
 * The send time of each data transmission of a full trace, found from its send event when it
 * is delivered (see the module comment): a FIFO ring of (uid, send time) per flow.
 */
export class SendTimes {
  private readonly ringUid: Int32Array[];
  private readonly ringTime: Float64Array[];
  private readonly head: Int32Array;
  private readonly size: Int32Array;

  /** @param flows number of flows */
  constructor(flows: number) {
    this.ringUid = Array.from({ length: flows }, () => new Int32Array(16));
    this.ringTime = Array.from({ length: flows }, () => new Float64Array(16));
    this.head = new Int32Array(flows);
    this.size = new Int32Array(flows);
  }

  /** Flow `flow` sent transmission `uid` at `time` (seconds). */
  push(flow: number, uid: number, time: number): void {
    let u = this.ringUid[flow]!;
    let t = this.ringTime[flow]!;
    let cap = u.length;
    const h = this.head[flow]!;
    const n = this.size[flow]!;
    if (n === cap) {
      const u2 = new Int32Array(cap * 2);
      const t2 = new Float64Array(cap * 2);
      for (let i = 0; i < cap; i++) {
        u2[i] = u[(h + i) & (cap - 1)]!;
        t2[i] = t[(h + i) & (cap - 1)]!;
      }
      this.ringUid[flow] = u = u2;
      this.ringTime[flow] = t = t2;
      this.head[flow] = 0;
      cap *= 2;
    }
    const i = (this.head[flow]! + n) & (cap - 1);
    u[i] = uid;
    t[i] = time;
    this.size[flow] = n + 1;
  }

  /**
   * The send time of `uid`, dropping the transmissions sent before it (lost on the way); NaN,
   * and the ring untouched, when it is not there.
   */
  pop(flow: number, uid: number): number {
    const u = this.ringUid[flow]!;
    const mask = u.length - 1;
    const h = this.head[flow]!;
    const n = this.size[flow]!;
    for (let k = 0; k < n; k++) {
      const i = (h + k) & mask;
      if (u[i] === uid) {
        this.head[flow] = (i + 1) & mask;
        this.size[flow] = n - k - 1;
        return this.ringTime[flow]![i]!;
      }
    }
    return NaN;
  }
}
