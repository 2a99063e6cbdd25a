import type { LossConfig } from '../config';
import { RandomStream } from '../core/streams';

/** The two-state chain's parameters (LossConfig.gilbert): probabilities in [0, 1]. */
export type GilbertParams = NonNullable<LossConfig['gilbert']>;

/**
 * A Gilbert–Elliott loss chain for one flow at one loss point (Gilbert 1960, Elliott 1963; the
 * two-state Markov model of bursty packet loss): a Good and a Bad state, stepped once per data
 * packet the loss point judges. Packet n is lost with probability lossGood or lossBad according
 * to the state it finds; then the state moves Good → Bad with probability pGoodBad, Bad → Good
 * with pBadGood. The chain starts in Good. Two uniform draws per packet, always (loss, then
 * transition), from the named stream 'gilbert' of the loss point's seed, index = flow id
 * (core/streams.ts), so one flow's packets never shift another flow's chain.
 *
 * Long run: the Bad state's share is π_B = pGoodBad / (pGoodBad + pBadGood), the loss rate
 * (1 − π_B) · lossGood + π_B · lossBad, a Bad period lasts 1 / pBadGood packets on average.
 */
export class GilbertElliott {
  private bad = false;
  private readonly rng: RandomStream;

  constructor(
    private readonly p: GilbertParams,
    seed: number,
    flow: number,
  ) {
    this.rng = new RandomStream(seed, 'gilbert', flow);
  }

  /** Is this packet lost? Steps the chain once. */
  lose(): boolean {
    const lost = this.rng.uniform() < (this.bad ? this.p.lossBad : this.p.lossGood);
    const u = this.rng.uniform();
    this.bad = this.bad ? !(u < this.p.pBadGood) : u < this.p.pGoodBad;
    return lost;
  }

  /** Whether the chain is in the Bad state (for tests). */
  get inBad(): boolean {
    return this.bad;
  }
}

/**
 * Checks a chain's parameters.
 * @throws RangeError when a probability is not a number in [0, 1].
 */
export function checkGilbert(g: GilbertParams): void {
  for (const [k, v] of Object.entries(g)) {
    if (!(typeof v === 'number' && v >= 0 && v <= 1)) {
      throw new RangeError(`gilbert ${k} must be a probability in [0, 1], got ${String(v)}`);
    }
  }
}
