import type { LossConfig } from '../config';
import { seededGenerator, streamHash, type Xoroshiro } from '../core/seeding';
import { DropCause } from '../trace/types';
import { checkGilbert, GilbertElliott } from './gilbert';
import type { Packet } from './packet';
import { PacketType } from '../trace/types';

/** The name hash of the loss points' random streams (core/seeding.ts). */
const LOSS_STREAM = streamHash('loss');

/** Transmissions counted per packet: k ≤ MAX_K (the scenario model allows 1–100). */
const MAX_K = 1024;

/**
 * A loss point on a directed link (ns-2 ErrorModel): scripted drops by (flow, packet,
 * transmission) and seeded Bernoulli loss, or bursty loss from a Gilbert–Elliott chain per flow
 * (LossConfig.gilbert, gilbert.ts; then lossRate is ignored). Scripted drops hit data packets only;
 * random loss hits the classes in LossConfig.types (default data only): 'data' is a data packet
 * with payload, 'ack' an ACK / SACK, 'control' a control packet or a data packet without payload
 * (ns-2's TCP SYN segment, labelled 'SYN'). Where it sits is
 * LossConfig.position: in front of the queue (`$ns lossmodel`, at the link head: a lost packet
 * never queues) or after the wire (`$ns link-lossmodel`: a lost packet has used the link).
 *
 * Named streams: each flow has its own PRNG stream at each loss point — xoroshiro128+ seeded
 * through SplitMix64 from the loss point's seed and the stream name 'loss' (core/seeding.ts),
 * jumped 2^64 draws once per flow index (flow 0 draws from the unjumped stream) — so adding a
 * flow or another loss point never changes another flow's draws, and neighbouring seeds give
 * unrelated draws.
 *
 * Keys are numbers: per flow with scripted drops, a set of packet · MAX_K + transmission and a
 * typed array of transmissions seen per packet number (nothing is counted for other flows).
 */
export class LossPoint {
  /** flow → set of packet · MAX_K + k (the k-th transmission of packet is dropped). */
  private readonly scripted = new Map<number, Set<number>>();
  /** flow → transmissions seen, indexed by packet number. */
  private readonly seen = new Map<number, Uint16Array>();
  /** flow index → its stream, made on the flow's first data packet (null: no random loss). */
  private readonly streams: (Xoroshiro | undefined)[] = [];
  private readonly random: boolean;
  private readonly bursty: boolean;
  /** flow index → its Gilbert–Elliott chain, made on the flow's first data packet. */
  private readonly chains: (GilbertElliott | undefined)[] = [];
  /** Random loss applies to: data with payload, ACKs, control (LossConfig.types). */
  private readonly lossyData: boolean;
  private readonly lossyAck: boolean;
  private readonly lossyControl: boolean;

  constructor(private readonly cfg: LossConfig) {
    for (const d of cfg.drops) {
      if (d.transmission >= MAX_K) continue; // never reached: transmissions are counted up to MAX_K − 1
      let set = this.scripted.get(d.flow);
      if (!set) {
        set = new Set();
        this.scripted.set(d.flow, set);
        this.seen.set(d.flow, new Uint16Array(64));
      }
      set.add(d.packet * MAX_K + d.transmission);
    }
    if (cfg.gilbert) checkGilbert(cfg.gilbert);
    this.bursty = cfg.gilbert !== undefined;
    this.random = !this.bursty && cfg.lossRate > 0;
    const types = cfg.types ?? ['data'];
    for (const t of types) {
      if (t !== 'data' && t !== 'ack' && t !== 'control') {
        throw new RangeError(`loss ${cfg.from}→${cfg.to}: unknown packet type '${String(t)}'`);
      }
    }
    this.lossyData = types.includes('data');
    this.lossyAck = types.includes('ack');
    this.lossyControl = types.includes('control');
  }

  /** The flow's Gilbert–Elliott chain (LossConfig.gilbert set). */
  private chain(flow: number): GilbertElliott {
    let c = this.chains[flow];
    if (!c) c = this.chains[flow] = new GilbertElliott(this.cfg.gilbert!, this.cfg.seed, flow);
    return c;
  }

  /** The flow's stream: the loss point's generator jumped `flow` times (2^64 draws each). */
  private stream(flow: number): Xoroshiro {
    let rng = this.streams[flow];
    if (!rng) {
      rng = seededGenerator(this.cfg.seed, LOSS_STREAM);
      for (let i = 0; i < flow; i++) rng.jump();
      this.streams[flow] = rng;
    }
    return rng;
  }

  /** Uniform double in [0, 1) from two 32-bit draws (53 bits) of the flow's stream. */
  private uniform(flow: number): number {
    const rng = this.stream(flow);
    const hi = rng.next() >>> 5; // 27 bits
    const lo = rng.next() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** The k-th transmission of this packet (1-based), counted for flows with scripted drops. */
  private transmission(flow: number, seq: number): number {
    let seen = this.seen.get(flow)!;
    if (seq >= seen.length) {
      let n = seen.length;
      while (n <= seq) n *= 2;
      const next = new Uint16Array(n);
      next.set(seen);
      this.seen.set(flow, next);
      seen = next;
    }
    const k = seen[seq]! + 1;
    if (k < MAX_K) seen[seq] = k;
    return k;
  }

  /** A scripted drop names this transmission of data packet `p` (counted here). */
  private scriptedDrop(p: Packet): boolean {
    const set = this.scripted.get(p.flow);
    return set !== undefined && set.has(p.seq * MAX_K + this.transmission(p.flow, p.seq));
  }

  /** Decide the fate of a packet crossing this point; DropCause.none = let it through. */
  judge(p: Packet): DropCause {
    let lossy: boolean;
    if (p.type === PacketType.data) {
      if (this.scripted.size > 0 && this.scriptedDrop(p)) return DropCause.scripted;
      lossy = p.label === undefined ? this.lossyData : this.lossyControl;
    } else lossy = p.type === PacketType.ack ? this.lossyAck : this.lossyControl;
    if (!lossy) return DropCause.none;
    if (this.random && this.uniform(p.flow) < this.cfg.lossRate) return DropCause.random;
    if (this.bursty && this.chain(p.flow).lose()) return DropCause.random;
    return DropCause.none;
  }
}
