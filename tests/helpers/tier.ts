/**
 * The test tiers: the unit tier (`npm run test:unit`, vitest.config.ts) and the long tier
 * (`npm run test:tables`, vitest.tables.config.ts, which sets ACKCLOCK_TIER=long). A property
 * test runs fewer cases in the unit tier and its full count in the long tier; with a fixed
 * fast-check seed the unit tier's cases are the first of the long tier's. Such a test's own
 * timeout is for the long tier's count on a loaded machine (600 s: the long tier runs beside
 * the typecheck, the lint and the unit tier); it guards against a hang, it does not time the
 * test.
 */

/** True in the long tier. */
export const LONG_TIER = process.env.ACKCLOCK_TIER === 'long';

/** A property test's number of runs: `full` in the long tier, `unit` in the unit tier. */
export function tierRuns(full: number, unit: number): number {
  return LONG_TIER ? full : unit;
}
