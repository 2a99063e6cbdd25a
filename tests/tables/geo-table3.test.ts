/**
 * geo-table3 (the long tier; tests/experiments/tables-smoke.test.ts runs seeds 1–5 in the unit
 * tier): our means over seeds 1–30 against ns-2.35's over its seeds 1–60 on the same setup
 * (tests/fixtures/ns2-tables/geo-table3.json), every row and metric: Welch's |t| under the
 * table's bound (40 cells, a 1 % chance of a false alarm for the table: about 3.9 —
 * agreementBound in src/metrics/table-stats.ts). ns-2's reference sample is twice ours so that its
 * own sampling error is small. `npm run tables -- geo-table3` prints the same comparison.
 */
import { describeTableAgreement } from '../helpers/ns2-tables';

describeTableAgreement('geo-table3', 'n');
