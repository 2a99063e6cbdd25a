/**
 * geo-table3: our means over the fixture's 30 seeds against ns-2.35's on the same setup
 * (tests/fixtures/ns2-tables/geo-table3.json), every row and metric: Welch's |t| < 3.
 * `npm run tables -- geo-table3` prints the same comparison as a table.
 */
import { describe, expect, it } from 'vitest';
import { compareRow, loadTable } from '../helpers/ns2-tables';

const { rows, seeds } = loadTable('geo-table3');

describe('geo-table3 agrees with ns-2.35 within sampling error', () => {
  it('has the 30 seeds the fixture ran', () => {
    expect(seeds).toHaveLength(30);
  });
  for (const row of rows) {
    it(`n = ${String(row.n)}: every metric has |t| < 3`, () => {
      const cmp = compareRow(`preset=geo-table3&n=${row.n}`, row, seeds);
      expect(cmp.map((c) => c.metric)).toContain('pct_tput_sctp');
      const off = cmp
        .filter((c) => !(Math.abs(c.t) < 3))
        .map(
          (c) =>
            `${c.metric}: ours ${c.ours.mean.toFixed(3)}, ns-2 ${c.ns2.mean.toFixed(3)}, t ${c.t.toFixed(2)}`,
        );
      expect(off).toEqual([]);
    }, 120_000);
  }
});
