/**
 * The engine's deterministic math (src/engine/core/libm.ts; issue 23 item 7): the functions the
 * engine needs beyond + − × ÷ and sqrt come from one pure-JavaScript implementation, so Node and
 * Chromium compute the same bits (the e2e determinism test runs presets using each of them in
 * the browser). Here: the values are right (within 1 ulp of the built-ins, exact where the
 * result is representable, IEEE 754's special cases), and a few results are pinned to the bit,
 * so a change of implementation shows as a failing test rather than as fingerprints that move.
 */
import { describe, expect, it } from 'vitest';
import { cbrt, ln, pow } from '../../../src/engine/core/libm';

/** The distance between two doubles in units in the last place. */
function ulps(a: number, b: number): number {
  if (a === b) return 0;
  const buf = new DataView(new ArrayBuffer(16));
  buf.setFloat64(0, a);
  buf.setFloat64(8, b);
  const ia = buf.getBigInt64(0);
  const ib = buf.getBigInt64(8);
  // same sign only (the tests' values are)
  return Number(ia > ib ? ia - ib : ib - ia);
}

/** Inputs spread over many binades, from a fixed sequence (no randomness in tests). */
function inputs(n: number, lo: number, hi: number): number[] {
  const out: number[] = [];
  let x = 0.5;
  for (let i = 0; i < n; i++) {
    x = (x * 3.987654321 * (1 - x)) % 1; // logistic map: deterministic, spread over (0, 1)
    out.push(lo * (hi / lo) ** x);
  }
  return out;
}

describe('libm: cbrt, ln, pow', () => {
  it('cbrt: exact on cubes, odd, IEEE special cases, within 1 ulp of Math.cbrt', () => {
    for (const k of [1, 2, 3, 10, 25, 1000]) expect(cbrt(k * k * k)).toBe(k);
    expect(cbrt(-8)).toBe(-2);
    expect(Object.is(cbrt(-0), -0)).toBe(true);
    expect(cbrt(Infinity)).toBe(Infinity);
    expect(cbrt(NaN)).toBeNaN();
    for (const x of inputs(2000, 1e-6, 1e6)) {
      expect(ulps(cbrt(x), Math.cbrt(x)), `cbrt(${x})`).toBeLessThanOrEqual(1);
    }
  });

  it('ln: ln 1 = 0, ln e = 1, ln 0 = −∞, NaN below 0, within 1 ulp of Math.log', () => {
    expect(ln(1)).toBe(0);
    expect(ln(Math.E)).toBe(1);
    expect(ln(0)).toBe(-Infinity);
    expect(ln(-1)).toBeNaN();
    for (const x of inputs(2000, 1e-12, 1)) {
      expect(ulps(ln(x), Math.log(x)), `ln(${x})`).toBeLessThanOrEqual(1);
    }
  });

  it('pow: exact powers of two and integers, IEEE special cases, within 1 ulp of Math.pow', () => {
    expect(pow(2, 10)).toBe(1024);
    expect(pow(2, -3)).toBe(0.125);
    expect(pow(0.25, 0.5)).toBe(0.5);
    expect(pow(7, 0)).toBe(1);
    expect(pow(2, NaN)).toBeNaN();
    expect(pow(0, -1)).toBe(Infinity);
    for (const u of inputs(2000, 1e-12, 1)) {
      for (const e of [1 / 1.18, 1 / 1.5, 1 / 2.5]) {
        expect(ulps(pow(u, e), Math.pow(u, e)), `pow(${u}, ${e})`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('pinned bits: what CUBIC’s K and the Pareto and exponential draws compute', () => {
    // K = ∛((W_max − cwnd_epoch)/C) for W_max 100, cwnd_epoch 70; a Pareto draw's U^(1/α);
    // an exponential draw's ln(1 − U)
    expect(cbrt(30 / 0.4)).toBe(4.2171633265087465);
    expect(pow(0.123456789, 1 / 1.18)).toBe(0.16986247130324766);
    expect(ln(1 - 0.987654321)).toBe(-4.394449155672435);
  });
});
