/**
 * alamgir-table2 (the long tier; tests/experiments/tables-smoke.test.ts runs seeds 1–5 in the
 * unit tier): our means over seeds 1–30 against ns-2.35's over its seeds 1–60 on the same setup
 * (tests/fixtures/ns2-tables/alamgir-table2.json), every row and metric: Welch's |t| under the
 * table's bound (70 cells, a 1 % chance of a false alarm for the table: about 4.07 —
 * agreementBound in src/metrics/table-stats.ts). ns-2's reference sample is twice ours so that its
 * own sampling error is small. `npm run tables -- alamgir-table2` prints the same comparison.
 */
import { describeTableAgreement } from '../helpers/ns2-tables';

describeTableAgreement('alamgir-table2', 'loss');
