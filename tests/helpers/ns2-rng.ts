/**
 * ns-2.35's random number generator, for tests that drive the engine with ns-2's own random
 * numbers: L'Ecuyer's MRG32k3a with streams and substreams (P. L'Ecuyer, R. Simard, E. J. Chen,
 * W. D. Kelton, "An object-oriented random-number package with many long streams and
 * substreams", Operations Research 50(6), 2002), which ns-2.35 uses for every `RNG` object
 * (tools/rng.cc, without OLD_RNG).
 *
 * ns-2's conventions reproduced here:
 * - The default RNG is seeded with 1 at start-up (`$defaultRNG seed 1`), which makes 1, 1, 1,
 *   1, 1, 1 the package seed: the default RNG is stream 0 from it, and the k-th `new RNG` of a
 *   script is stream k (each stream starts 2^127 draws after the previous one).
 * - `$rng next-substream` moves a stream to its next substream (2^76 draws on).
 * - `RandomVariable/Uniform` (min 0, max 1) returns U01 unchanged; an `ErrorModel` with
 *   `unit pkt` loses a packet iff that value < rate_; `Random::uniform(r)` is r · U01 of the
 *   default RNG (a TCP agent's boot_time_ is Random::uniform(tcp_tick_)).
 *
 * Only the generator's step is done in doubles, exactly as ns-2 does it (every intermediate is an
 * integer below 2^53); the jumps use exact BigInt arithmetic, which gives the same integers.
 */

const M1 = 4294967087;
const M2 = 4294944443;
const NORM = 1 / (M1 + 1);
const A12 = 1403580;
const A13N = 810728;
const A21 = 527612;
const A23N = 1370589;

type Matrix = readonly [readonly number[], readonly number[], readonly number[]];

/** The components' transition matrices to the power 2^76 (substreams) and 2^127 (streams). */
const A1P76: Matrix = [
  [82758667, 1871391091, 4127413238],
  [3672831523, 69195019, 1871391091],
  [3672091415, 3528743235, 69195019],
];
const A2P76: Matrix = [
  [1511326704, 3759209742, 1610795712],
  [4292754251, 1511326704, 3889917532],
  [3859662829, 4292754251, 3708466080],
];
const A1P127: Matrix = [
  [2427906178, 3580155704, 949770784],
  [226153695, 1230515664, 3580155704],
  [1988835001, 986791581, 1230515664],
];
const A2P127: Matrix = [
  [1464411153, 277697599, 1610723613],
  [32183930, 1464411153, 1022607788],
  [2824425944, 32183930, 2093834863],
];

/** A · v mod m, exactly. */
function matVec(a: Matrix, v: readonly number[], m: number): number[] {
  const mm = BigInt(m);
  return a.map((row) => {
    let s = 0n;
    for (let j = 0; j < 3; j++) s += BigInt(row[j]!) * BigInt(v[j]!);
    return Number(s % mm);
  });
}

/** Both components of a six-number state advanced by the given matrices. */
function advance(state: readonly number[], a1: Matrix, a2: Matrix): number[] {
  return [...matVec(a1, state.slice(0, 3), M1), ...matVec(a2, state.slice(3), M2)];
}

/** One ns-2 `RNG` object: a stream of MRG32k3a, at the start of one of its substreams. */
export class Ns2Rng {
  /** Current state (Cg) and start of the current substream (Bg). */
  private state: number[];
  private substream: number[];

  /**
   * Stream `stream` (0-based) from package seed `packageSeed` (ns-2: 1 after `$defaultRNG seed
   * 1`; stream 0 is the default RNG, stream f the script's f-th `new RNG`).
   */
  constructor(stream: number, packageSeed = 1) {
    let s = Array<number>(6).fill(packageSeed);
    for (let i = 0; i < stream; i++) s = advance(s, A1P127, A2P127);
    this.state = [...s];
    this.substream = [...s];
  }

  /** `$rng next-substream`: the start of the next substream. */
  nextSubstream(): this {
    this.substream = advance(this.substream, A1P76, A2P76);
    this.state = [...this.substream];
    return this;
  }

  /** The next value in (0, 1) (ns-2 RNG::U01, no antithetic or increased precision). */
  u01(): number {
    const s = this.state;
    let p1 = A12 * s[1]! - A13N * s[0]!;
    p1 -= Math.trunc(p1 / M1) * M1;
    if (p1 < 0) p1 += M1;
    s[0] = s[1]!;
    s[1] = s[2]!;
    s[2] = p1;
    let p2 = A21 * s[5]! - A23N * s[3]!;
    p2 -= Math.trunc(p2 / M2) * M2;
    if (p2 < 0) p2 += M2;
    s[3] = s[4]!;
    s[4] = s[5]!;
    s[5] = p2;
    return (p1 > p2 ? p1 - p2 : p1 - p2 + M1) * NORM;
  }
}

/**
 * The error-model stream of flow `flow` (1-based) in scripts/ns2/tables.tcl: the script's
 * flow-th `new RNG` (flows in order, before any other), advanced `seed` substreams.
 */
export function tablesLossStream(flow: number, seed: number): Ns2Rng {
  const rng = new Ns2Rng(flow);
  for (let i = 0; i < seed; i++) rng.nextSubstream();
  return rng;
}

/** The first `k` values of ns-2's default random stream times `scale` (Random::uniform(scale)). */
export function defaultStreamDraws(k: number, scale = 1): number[] {
  const rng = new Ns2Rng(0);
  return Array.from({ length: k }, () => scale * rng.u01());
}
