import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { LossConfig } from '../config';
import { DropCause } from '../trace/types';
import type { Packet } from './packet';
import { PacketType } from '../trace/types';

/**
 * A loss point in front of a queue (ns-2 ErrorModel inserted at the link head): scripted drops
 * by (flow, packet, transmission) and seeded Bernoulli loss. Only data packets can be lost.
 * Each loss point owns its PRNG stream (xoroshiro128+ seeded with its own seed), so adding a
 * flow or another loss point never changes this one's draws beyond its own packets.
 */
export class LossPoint {
  private readonly scripted = new Set<string>();
  private readonly seen = new Map<string, number>();
  private readonly rng: ReturnType<typeof xoroshiro128plus> | null;

  constructor(private readonly cfg: LossConfig) {
    for (const d of cfg.drops) this.scripted.add(`${d.flow}:${d.packet}:${d.transmission}`);
    this.rng = cfg.lossRate > 0 ? xoroshiro128plus(cfg.seed | 0) : null;
  }

  /** Uniform double in [0, 1) from two 32-bit draws (53 bits). */
  private uniform(): number {
    const rng = this.rng!;
    const hi = rng.next() >>> 5; // 27 bits
    const lo = rng.next() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Decide the fate of a packet crossing this point; DropCause.none = let it through. */
  judge(p: Packet): DropCause {
    if (p.type !== PacketType.data) return DropCause.none;
    const key = `${p.flow}:${p.seq}`;
    const k = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, k);
    if (this.scripted.has(`${key}:${k}`)) return DropCause.scripted;
    if (this.rng && this.uniform() < this.cfg.lossRate) return DropCause.random;
    return DropCause.none;
  }
}
