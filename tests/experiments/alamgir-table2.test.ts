/**
 * alamgir-table2: our means over the fixture's 30 seeds against ns-2.35's on the same setup
 * (tests/fixtures/ns2-tables/alamgir-table2.json), every row and metric: Welch's |t| < 3.
 * `npm run tables -- alamgir-table2` prints the same comparison as a table.
 */
import { describe, expect, it } from 'vitest';
import { compareRow, loadTable } from '../helpers/ns2-tables';

const { rows, seeds } = loadTable('alamgir-table2');

describe('alamgir-table2 agrees with ns-2.35 within sampling error', () => {
  it('has the 30 seeds the fixture ran', () => {
    expect(seeds).toHaveLength(30);
  });
  for (const row of rows) {
    it(`loss = ${String(row.loss)}: every metric has |t| < 3`, () => {
      const cmp = compareRow(`preset=alamgir-table2&loss=${row.loss}`, row, seeds);
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
