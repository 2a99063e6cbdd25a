import { describe, expect, it } from 'vitest';
import { ColumnTable } from '../../src/engine/trace/growable';

describe('ColumnTable (the sparse trace tables)', () => {
  it('keeps every row through growth and trims the columns to the rows added', () => {
    const t = new ColumnTable({ time: Float64Array, flow: Uint16Array, ssn: Int32Array });
    for (let i = 0; i < 40; i++) t.add({ time: i / 8, flow: i % 3, ssn: -i });
    const c = t.columns();
    expect(c.length).toBe(40);
    expect(c.time.length).toBe(40);
    expect(c.time).toBeInstanceOf(Float64Array);
    expect(c.flow).toBeInstanceOf(Uint16Array);
    expect(Array.from(c.time.subarray(15, 18))).toEqual([1.875, 2, 2.125]);
    expect(c.flow[17]).toBe(2);
    expect(c.ssn[39]).toBe(-39);
  });

  it('has empty columns of the right types before any row', () => {
    const c = ColumnTable.empty({ time: Float64Array, path: Uint8Array });
    expect(c.length).toBe(0);
    expect(c.path).toBeInstanceOf(Uint8Array);
    expect(c.time.length).toBe(0);
  });
});
