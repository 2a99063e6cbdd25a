/**
 * The table experiments' smoke test (the unit tier): every row of alamgir-table2, geo-table2 and
 * geo-table3 over our seeds 1–5 against ns-2.35's full reference, every metric under its cell's
 * bound (the Student-t quantile at the cell's Welch degrees of freedom: wider for 5 seeds, the
 * same 1 % chance of a false alarm per table). It catches a gross shift in a table in seconds;
 * the long tier (tests/tables, `npm run test:tables`) holds the 30-seed bar.
 */
import { describeTableAgreement, SMOKE_SEEDS } from '../helpers/ns2-tables';

describeTableAgreement('alamgir-table2', 'loss', SMOKE_SEEDS);
describeTableAgreement('geo-table2', 'n', SMOKE_SEEDS);
describeTableAgreement('geo-table3', 'n', SMOKE_SEEDS);
