import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Named seeded random streams for everything random in a run other than the loss points
 * (net/loss.ts keeps its own): applications, link delay variation. A stream is identified by the
 * run's seed (SimConfig.seed), a name (e.g. 'app', 'jitter') and an index (flow id, link index):
 * xoroshiro128+ seeded with seed XOR a 32-bit FNV-1a hash of the name, jumped 2^64 draws once per
 * index. Adding a flow, a link or another named consumer never changes another stream's draws.
 */
export class RandomStream {
  private readonly rng: ReturnType<typeof xoroshiro128plus>;

  constructor(seed: number, name: string, index: number) {
    this.rng = xoroshiro128plus((seed ^ fnv1a(name)) | 0);
    for (let i = 0; i < index; i++) this.rng.jump();
  }

  /** Uniform double in [0, 1) from two 32-bit draws (53 bits), as net/loss.ts draws. */
  uniform(): number {
    const hi = this.rng.next() >>> 5;
    const lo = this.rng.next() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Exponential draw with the given mean (inverse transform of one uniform). Same unit as mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.uniform());
  }

  /**
   * Pareto draw with the given mean and shape α > 1: scale xm = mean · (α − 1) / α, x = xm / U^(1/α)
   * (ns-2 RandomVariable/Pareto uses the same mean-and-shape form).
   */
  pareto(mean: number, shape: number): number {
    const xm = (mean * (shape - 1)) / shape;
    return xm / Math.pow(1 - this.uniform(), 1 / shape);
  }
}

/** 32-bit FNV-1a of a string's UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
