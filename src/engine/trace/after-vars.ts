/**
 * Reading the sender variables after each decision (DecisionColumns.afterMask / afterStart /
 * afterList / flowPrev): a row stores only the variables that differ from after the same
 * flow's previous row, plus a full vector on a flow's first row and every AFTER_CHECKPOINT-th
 * row. On the 2000 s SACK 1 % run a decision stores ≈ 3 of the 12 variables: ≈ 37 bytes per
 * decision instead of 96.
 *
 * Variables are in vars.ts order (V.cwnd …), NaN = not used by this sender; units as
 * types.ts SenderVars (packets, seconds, bytes for partial_bytes_acked).
 */
import type { DecisionColumns } from './types';
import { NV } from './vars';

/** Every AFTER_CHECKPOINT-th row of a flow stores its whole vector. */
export const AFTER_CHECKPOINT = 32;

/** Set bits of a 16-bit mask. */
function bitCount16(m: number): number {
  m = m - ((m >> 1) & 0x5555);
  m = (m & 0x3333) + ((m >> 2) & 0x3333);
  m = (m + (m >> 4)) & 0x0f0f;
  return (m + (m >> 8)) & 0x1f;
}

/**
 * Variable k (vars.ts V) after decision `row` (0-based row of DecisionColumns).
 * Walks back through the flow's rows to the last one that stored k: at most AFTER_CHECKPOINT.
 * @throws RangeError when `row` is not a row of `d` or k is not a variable index.
 */
export function afterVar(d: DecisionColumns, row: number, k: number): number {
  if (!(row >= 0 && row < d.length) || !(k >= 0 && k < NV))
    throw new RangeError(
      `afterVar: no row ${row} / variable ${k} (${d.length} rows, ${NV} variables)`,
    );
  const bit = 1 << k;
  let r = row;
  while ((d.afterMask[r]! & bit) === 0) r = d.flowPrev[r]!;
  return d.afterList[d.afterStart[r]! + bitCount16(d.afterMask[r]! & (bit - 1))]!;
}

/**
 * The whole vector after decision `row`, written to out[offset … offset + NV) (NaN = not used).
 * @returns out
 * @throws RangeError when `row` is not a row of `d`.
 */
export function afterVector(
  d: DecisionColumns,
  row: number,
  out: Float64Array = new Float64Array(NV),
  offset = 0,
): Float64Array {
  if (!(row >= 0 && row < d.length))
    throw new RangeError(`afterVector: no row ${row} (${d.length} rows)`);
  let missing = (1 << NV) - 1;
  for (let r = row; missing !== 0; r = d.flowPrev[r]!) {
    const mask = d.afterMask[r]!;
    const have = mask & missing;
    if (have === 0) continue;
    let at = d.afterStart[r]!;
    for (let k = 0; k < NV; k++) {
      const bit = 1 << k;
      if ((mask & bit) === 0) continue;
      if (have & bit) out[offset + k] = d.afterList[at]!;
      at++;
    }
    missing &= ~have;
  }
  return out;
}

/**
 * Vectors after decisions read in ascending row order (a plot, a table, the fingerprint): each
 * row costs its stored values only, instead of a walk back. Rows may be skipped or repeated;
 * a row that does not follow the last one read of its flow falls back to afterVector.
 */
export class AfterReader {
  private readonly lastRow: number[] = [];
  private readonly vecs: Float64Array[] = [];

  constructor(private readonly d: DecisionColumns) {}

  /**
   * The vector after `row` (NV numbers; a view that the next call for the same flow
   * overwrites: copy what you keep).
   * @throws RangeError when `row` is not a row of the columns.
   */
  vector(row: number): Float64Array {
    const d = this.d;
    if (!(row >= 0 && row < d.length))
      throw new RangeError(`AfterReader: no row ${row} (${d.length} rows)`);
    const f = d.flow[row]!;
    while (this.vecs.length <= f) {
      this.vecs.push(new Float64Array(NV));
      this.lastRow.push(-1);
    }
    const vec = this.vecs[f]!;
    const last = this.lastRow[f]!;
    if (last === row) return vec;
    if (last === d.flowPrev[row]!) {
      const mask = d.afterMask[row]!;
      let at = d.afterStart[row]!;
      for (let k = 0; k < NV; k++) if (mask & (1 << k)) vec[k] = d.afterList[at++]!;
    } else {
      afterVector(d, row, vec);
    }
    this.lastRow[f] = row;
    return vec;
  }

  /** Variable k (vars.ts V) after `row`. */
  get(row: number, k: number): number {
    return this.vector(row)[k]!;
  }
}
