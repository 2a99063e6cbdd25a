import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { LossConfig } from '../config';
import { DropCause } from '../trace/types';
import type { Packet } from './packet';
import { PacketType } from '../trace/types';

/** Transmissions counted per packet: k ≤ MAX_K (the scenario model allows 1–100). */
const MAX_K = 1024;

/**
 * A loss point in front of a queue (ns-2 ErrorModel inserted at the link head): scripted drops
 * by (flow, packet, transmission) and seeded Bernoulli loss. Only data packets can be lost.
 * Each loss point owns its PRNG stream (xoroshiro128+ seeded with its own seed), so adding a
 * flow or another loss point never changes this one's draws beyond its own packets.
 *
 * Keys are numbers: per flow with scripted drops, a set of packet · MAX_K + transmission and a
 * typed array of transmissions seen per packet number (nothing is counted for other flows).
 */
export class LossPoint {
  /** flow → set of packet · MAX_K + k (the k-th transmission of packet is dropped). */
  private readonly scripted = new Map<number, Set<number>>();
  /** flow → transmissions seen, indexed by packet number. */
  private readonly seen = new Map<number, Uint16Array>();
  private readonly rng: ReturnType<typeof xoroshiro128plus> | null;

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
    this.rng = cfg.lossRate > 0 ? xoroshiro128plus(cfg.seed | 0) : null;
  }

  /** Uniform double in [0, 1) from two 32-bit draws (53 bits). */
  private uniform(): number {
    const rng = this.rng!;
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

  /** Decide the fate of a packet crossing this point; DropCause.none = let it through. */
  judge(p: Packet): DropCause {
    if (p.type !== PacketType.data) return DropCause.none;
    const set = this.scripted.size > 0 ? this.scripted.get(p.flow) : undefined;
    if (set && set.has(p.seq * MAX_K + this.transmission(p.flow, p.seq))) return DropCause.scripted;
    if (this.rng && this.uniform() < this.cfg.lossRate) return DropCause.random;
    return DropCause.none;
  }
}
