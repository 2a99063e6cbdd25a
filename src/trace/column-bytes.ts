/**
 * What a trace table's columns take in memory: the bytes of its typed-array views and of the
 * distinct buffers behind them (a growable column's buffer holds room for rows not yet written).
 * Other properties of the table (counts, strings) are skipped. Read by the bench's memory figures
 * and by the tests that bound the columns' slack and the run-cost estimate's trace bytes.
 */
export interface ColumnBytes {
  /** Sum of the columns' byteLength (the rows written), bytes. */
  view: number;
  /** Sum of byteLength of the distinct ArrayBuffers behind them, bytes. */
  buffer: number;
}

/** The view and buffer bytes of the typed-array columns of `table` (one trace table). */
export function columnBytes(table: object): ColumnBytes {
  let view = 0;
  let buffer = 0;
  const seen = new Set<ArrayBufferLike>();
  for (const v of Object.values(table)) {
    if (!ArrayBuffer.isView(v)) continue;
    view += v.byteLength;
    if (!seen.has(v.buffer)) {
      seen.add(v.buffer);
      buffer += v.buffer.byteLength;
    }
  }
  return { view, buffer };
}
