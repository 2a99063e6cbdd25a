/**
 * The sparse after-vectors of DecisionColumns (decision-table.ts writes, after-vars.ts reads)
 * give back exactly the vectors the sender reported, bit for bit (NaN, -0), whatever order
 * the rows are read in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFTER_CHECKPOINT,
  AfterReader,
  afterVar,
  afterVector,
} from '../../src/engine/trace/after-vars';
import { DecisionTable } from '../../src/engine/trace/decision-table';
import { TriggerKind } from '../../src/engine/trace/types';
import { NV } from '../../src/engine/trace/vars';

/** fast-check's seed for every property here: the same cases on every run (the unit tier's
 * fewer runs are the first of the long tier's; tests/helpers/tier.ts). */
const PROPERTY_SEED = 20251131;

/** Values a sender variable takes, with the awkward ones over-represented. */
const value = fc.oneof(
  fc.constantFrom(NaN, 0, -0, 1, 1.5, 2),
  fc.double({ noNaN: false }),
  fc.integer({ min: -1, max: 100 }),
);
/** A row: its flow and the vector after it (often repeating the flow's last vector). */
const rows = fc.array(
  fc.record({
    flow: fc.integer({ min: 0, max: 3 }),
    keep: fc.array(fc.boolean(), { minLength: NV, maxLength: NV }),
    vec: fc.array(value, { minLength: NV, maxLength: NV }),
  }),
  { maxLength: 300 },
);

function build(input: { flow: number; keep: boolean[]; vec: number[] }[]) {
  const table = new DecisionTable();
  const last = new Map<number, number[]>();
  const vectors: number[][] = [];
  const none = new Int32Array(0);
  for (const r of input) {
    const prev = last.get(r.flow);
    // Most variables keep their value from one decision to the next, as in a run.
    const vec = r.vec.map((v, k) => (prev && r.keep[k] ? prev[k]! : v));
    last.set(r.flow, vec);
    vectors.push(vec);
    const after = Float64Array.from(vec);
    table.add(0, r.flow, 'x', TriggerKind.start, 0, 0, -1, none, 0, after, after);
  }
  return { d: table.decisions(), vectors };
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a.length === b.length && Array.from(a).every((v, k) => Object.is(v, b[k]));

describe('sparse after-vectors', () => {
  it('afterVar, afterVector and AfterReader (forward, backward, skipping) give every vector back', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 5 }), (input, step) => {
        const { d, vectors } = build(input);
        const forward = new AfterReader(d);
        const skipping = new AfterReader(d);
        const backward = new AfterReader(d);
        for (let i = 0; i < vectors.length; i++) {
          const want = vectors[i]!;
          if (!same(afterVector(d, i), want)) return false;
          if (!same(forward.vector(i), want)) return false;
          for (let k = 0; k < NV; k++) if (!Object.is(afterVar(d, i, k), want[k])) return false;
          if (i % step === 0 && !same(skipping.vector(i), want)) return false;
          const j = vectors.length - 1 - i;
          if (!same(backward.vector(j), vectors[j]!)) return false;
        }
        return true;
      }),
      { seed: PROPERTY_SEED, numRuns: 200 },
    );
  });

  it('stores only what changed, and a whole vector on a flow’s first and every 32nd row', () => {
    const table = new DecisionTable();
    const none = new Int32Array(0);
    const vec = new Float64Array(NV).fill(NaN);
    vec[0] = 1; // cwnd
    for (let i = 0; i < 2 * AFTER_CHECKPOINT + 1; i++) {
      vec[0] = i + 1;
      table.add(i, 0, 'x', TriggerKind.ack, i, 0, -1, none, 0, vec, vec);
    }
    const d = table.decisions();
    const stored = Array.from(d.afterMask, (m) => m.toString(2).replace(/0/g, '').length);
    expect(stored[0]).toBe(NV);
    expect(stored[1]).toBe(1);
    expect(stored[AFTER_CHECKPOINT]).toBe(NV);
    expect(stored[2 * AFTER_CHECKPOINT]).toBe(NV);
    expect(stored.reduce((s, n) => s + n, 0)).toBe(3 * NV + (2 * AFTER_CHECKPOINT - 2));
    expect(Array.from(d.flowPrev.subarray(0, 3))).toEqual([-1, 0, 1]);
    expect(afterVar(d, 2 * AFTER_CHECKPOINT - 1, 0)).toBe(2 * AFTER_CHECKPOINT);
  });

  it('refuses a row or variable that does not exist', () => {
    const { d } = build([
      { flow: 0, keep: Array<boolean>(NV).fill(false), vec: Array<number>(NV).fill(1) },
    ]);
    expect(() => afterVar(d, 1, 0)).toThrow(/no row 1/);
    expect(() => afterVar(d, 0, NV)).toThrow(RangeError);
    expect(() => afterVector(d, -1)).toThrow(/no row -1/);
    expect(() => new AfterReader(d).vector(5)).toThrow(RangeError);
  });
});
