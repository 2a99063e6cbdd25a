/**
 * The longest `stop` at which a run (or the runs of a comparison or a sweep) fits a budget, as
 * a budget message states it ("lower stop (to at most 810 s)"): one solver for the run budget
 * (budget.ts), compare mode's and the sweep's (src/ui), which each searched it by bisection.
 *
 * A run's estimated cost is close to affine in `stop` once its flows have started (what limits
 * a flow — window, link, application — sends at a steady rate), so the stop where the cost line
 * meets the limit,
 *
 *     stop* = lo + (1 − load(lo)) · (hi − lo) / (load(hi) − load(lo)),
 *
 * is the answer in one step for an affine cost. The bound is not exactly affine (slow start, the
 * random-loss margin's square root, link events and application replays bend it: 0.05–15 % off
 * a straight line over 10–2000 s on the presets), so the formula is applied as false position
 * (Illinois variant): each step keeps one end that fits and one that does not, as bisection
 * did, and ends at the same tolerance (0.2 % of the stop); a step is followed by a probe one
 * tolerance past it, which ends the search when the step landed that close.
 */

/** How much of a budget a run of a given stop uses: `fits` is the verdict, `load` ≤ 1 roughly when it fits. */
export interface StopLoad {
  /** Whether the run at this stop is within the budget (the caller's exact test). */
  fits: boolean;
  /**
   * The fraction of the budget used (the largest of cost ÷ limit over the limits; Infinity when
   * the run cannot be estimated). Non-decreasing in stop.
   */
  load: number;
}

/** Most cost evaluations of one search (bisection's cap was 50 halvings). */
const MAX_STEPS = 50;

/**
 * A stop (s) rounded down to 2 significant digits, at least a step of 0.1 s: 812.7 → 810,
 * 57.3 → 57, 0.734 → 0.7. The decimal exponent comes from the number's exponential form (exact,
 * unlike log10).
 */
export function roundStopDown(stop: number): number {
  const exponent = Number(Math.max(stop, 1e-9).toExponential().split('e')[1]);
  const step = Math.max(0.1, Number(`1e${exponent - 1}`));
  return Number((Math.floor(stop / step) * step).toPrecision(12));
}

/**
 * The longest stop (s, rounded down by roundStopDown) in (start, stop] whose run fits, or null
 * when none after `start` does; `stop` itself when it fits. `measure(t)` is the budget's verdict
 * on the run ending at t s (evaluated at `start`, `stop`, and the steps between).
 */
export function solveLongestStop(
  start: number,
  stop: number,
  measure: (stopS: number) => StopLoad,
): number | null {
  const high = measure(stop);
  if (high.fits) return stop;
  let lo = start;
  let hi = stop;
  let loadLo = finite(measure(start).load);
  let loadHi = finite(high.load);
  const tolerance = (t: number) => Math.max(1e-3, 0.002 * t);
  // Illinois: an end kept twice in a row has its load pulled halfway to 1, so the next step
  // lands past the answer instead of creeping toward it from one side.
  let kept: 'lo' | 'hi' | null = null;
  const step = (t: number) => {
    const m = measure(t);
    if (m.fits) {
      lo = t;
      loadLo = Math.min(finite(m.load), 1);
      if (kept === 'hi') loadHi = 1 + (loadHi - 1) / 2;
      kept = 'hi';
    } else {
      hi = t;
      loadHi = Math.max(finite(m.load), 1);
      if (kept === 'lo') loadLo = 1 - (1 - loadLo) / 2;
      kept = 'lo';
    }
    return m.fits;
  };
  for (let i = 0; i < MAX_STEPS && hi - lo > tolerance(lo); i++) {
    let t = lo + ((1 - loadLo) * (hi - lo)) / (loadHi - loadLo);
    // Outside (lo, hi) (a load that is Infinity or flat): halve instead, as bisection did.
    if (!(t > lo && t < hi)) t = (lo + hi) / 2;
    // A step that lands within the tolerance of the answer ends the search with one probe on
    // the answer's other side.
    const fits = step(t);
    const probe = fits ? t + tolerance(t) : t - tolerance(t);
    if (probe > lo && probe < hi) step(probe);
  }
  // The answer lies in [lo, hi): a round value between them that fits is the better answer.
  const upper = roundStopDown(hi);
  if (upper > lo && upper < hi && upper > start && measure(upper).fits) return upper;
  const nice = roundStopDown(lo);
  return nice > start && measure(nice).fits ? nice : null;
}

/** A load the formula can use: an unknown cost (Infinity, NaN) counts as far over the budget. */
function finite(load: number): number {
  return Number.isFinite(load) ? load : 1e12;
}
