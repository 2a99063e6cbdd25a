/**
 * The engine's non-elementary math functions, from one deterministic implementation so that a
 * run gives the same bits in Node and in every browser (issue 23 item 7). ECMAScript leaves
 * Math.cbrt, Math.pow, Math.log, Math.exp … "implementation-approximated": V8 versions differ in
 * the last bits (Node 20's and a current Chromium's gave different CUBIC and Pareto/exponential
 * draws, hence different traces). These are stdlib's pure-JavaScript ports of FreeBSD's msun
 * (fdlibm) routines: double arithmetic and bit manipulation only, which JavaScript evaluates
 * exactly as IEEE 754 says (no fused multiply-add, no extended precision), so the result is the
 * same wherever the code runs.
 *
 * Correctly rounded operations stay the built-ins: + − × ÷, Math.sqrt (IEEE 754 §5.4.1),
 * Math.floor/ceil/round/trunc/abs/min/max, Math.imul, Math.fround. The lint rule on src/engine,
 * src/metrics and src/scenarios forbids the others (eslint.config.js).
 */
import stdlibCbrt from '@stdlib/math-base-special-cbrt';
import stdlibExp from '@stdlib/math-base-special-exp';
import stdlibLn from '@stdlib/math-base-special-ln';
import stdlibPow from '@stdlib/math-base-special-pow';

/** Cube root ∛x (msun s_cbrt.c: error < 0.667 ulp). */
export const cbrt: (x: number) => number = stdlibCbrt;

/** Natural logarithm ln x, x > 0 (msun e_log.c: error < 1 ulp); ln 0 = −∞, ln of x < 0 = NaN. */
export const ln: (x: number) => number = stdlibLn;

/** x raised to y (msun e_pow.c: error < 1 ulp for finite results; IEEE 754 special cases). */
export const pow: (x: number, y: number) => number = stdlibPow;

/** e raised to x (msun e_exp.c: error < 1 ulp). */
export const exp: (x: number) => number = stdlibExp;
