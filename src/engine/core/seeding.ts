import {
  xoroshiro128plusFromState,
  type xoroshiro128plus,
} from 'pure-rand/generator/xoroshiro128plus';

/** A jumpable xoroshiro128+ generator (pure-rand): `next()` gives 32-bit draws, `jump()` 2^64 draws ahead. */
export type Xoroshiro = ReturnType<typeof xoroshiro128plus>;

const MASK64 = 0xffffffffffffffffn;

/**
 * One step of SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014; Vigna's splitmix64.c): the state advances by the golden-ratio
 * gamma and the output is the state mixed by two xor-shift-multiply rounds.
 * @param state the generator's 64-bit state (0 ≤ state < 2^64)
 * @returns the output and the next state, both 64-bit unsigned
 */
export function splitMix64(state: bigint): { value: bigint; state: bigint } {
  const next = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return { value: z ^ (z >> 31n), state: next };
}

/** The 32-bit FNV-1a hash of a stream's name (UTF-16 code units), unsigned. */
export function streamHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The xoroshiro128+ generator of a stream: its 128-bit state s[0], s[1] is the first two
 * outputs of SplitMix64 seeded with seed · 2^32 + hash, as xoroshiro128+'s authors recommend
 * (Blackman and Vigna, "Scrambled linear pseudorandom number generators", 2021: "seed it with
 * the output of a splitmix64"). Distinct (seed, hash) give distinct, unrelated states — seeds
 * 0, 1, 2 … no longer share their first draws — and the state is never all zero.
 * @param seed the run's seed or a loss point's, an unsigned 32-bit integer (other numbers are
 *   taken modulo 2^32)
 * @param hash the stream's name hash (streamHash), unsigned 32-bit
 */
export function seededGenerator(seed: number, hash: number): Xoroshiro {
  const x = (BigInt(seed >>> 0) << 32n) | BigInt(hash >>> 0);
  const a = splitMix64(x);
  const b = splitMix64(a.state);
  const words = (v: bigint) => [Number(v >> 32n) | 0, Number(v & 0xffffffffn) | 0];
  const [s01, s00] = words(a.value);
  const [s11, s10] = words(b.value);
  // pure-rand's state order: s0's high and low words, then s1's
  return xoroshiro128plusFromState([s01!, s00!, s11!, s10!]);
}
