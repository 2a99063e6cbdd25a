import { ln, pow } from './libm';
import { seededGenerator, streamHash, type Xoroshiro } from './seeding';

/**
 * Named seeded random streams for everything random in a run other than the loss points
 * (net/loss.ts keeps its own, seeded the same way): applications, link delay variation, Gilbert–
 * Elliott chains, HEARTBEAT jitter. A stream is identified by the run's seed (SimConfig.seed), a
 * name (e.g. 'app.ftp.size', 'jitter') and an index (flow id, link index): xoroshiro128+ whose
 * state is SplitMix64's output from seed · 2^32 + the name's FNV-1a hash (seeding.ts), jumped
 * 2^64 draws once per index. Adding a flow, a link or another named consumer never changes
 * another stream's draws, and neighbouring seeds give unrelated draws.
 */
export class RandomStream {
  private readonly rng: Xoroshiro;

  constructor(seed: number, name: string, index: number) {
    this.rng = seededGenerator(seed, streamHash(name));
    for (let i = 0; i < index; i++) this.rng.jump();
  }

  /** Uniform double in [0, 1) from two 32-bit draws (53 bits), as net/loss.ts draws. */
  uniform(): number {
    const hi = this.rng.next() >>> 5;
    const lo = this.rng.next() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /**
   * Exponential draw with the given mean (inverse transform of one uniform; ln from libm.ts, the
   * same bits in every JavaScript engine). Same unit as mean.
   */
  exponential(mean: number): number {
    return -mean * ln(1 - this.uniform());
  }

  /**
   * Pareto draw with the given mean and shape α > 1: scale xm = mean · (α − 1) / α, x = xm / U^(1/α)
   * (ns-2 RandomVariable/Pareto uses the same mean-and-shape form; pow from libm.ts).
   */
  pareto(mean: number, shape: number): number {
    const xm = (mean * (shape - 1)) / shape;
    return xm / pow(1 - this.uniform(), 1 / shape);
  }
}
