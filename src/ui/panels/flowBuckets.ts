/**
 * Rows of a trace column grouped by flow in one pass (a counting sort): every flow's rows at
 * once, so a panel drawing 120 flows reads the column once, not once per flow. Pure and
 * DOM-free.
 */

/**
 * Rows 0 … n − 1 grouped by `flowOf(row)`, each group ascending; a row whose flow is negative
 * is left out. The result is indexed by flow id: `groups[f]` holds flow f's rows (an empty
 * array for a flow with none; ids past the largest seen have no entry — read it with
 * {@link rowsOf}).
 */
export function bucketByFlow(n: number, flowOf: (row: number) => number): Int32Array[] {
  const flowAt = new Int32Array(n);
  let max = -1;
  for (let i = 0; i < n; i++) {
    const f = flowOf(i);
    flowAt[i] = f;
    if (f > max) max = f;
  }
  const counts = new Int32Array(max + 1);
  for (let i = 0; i < n; i++) if (flowAt[i]! >= 0) counts[flowAt[i]!]!++;
  const groups = Array.from(counts, (c) => new Int32Array(c));
  const fill = new Int32Array(max + 1);
  for (let i = 0; i < n; i++) {
    const f = flowAt[i]!;
    if (f >= 0) groups[f]![fill[f]!++] = i;
  }
  return groups;
}

const EMPTY = new Int32Array(0);

/** Flow `flow`'s group of {@link bucketByFlow} (empty when it has no rows). */
export function rowsOf(groups: readonly Int32Array[], flow: number): Int32Array {
  return groups[flow] ?? EMPTY;
}
