import { defineConfig } from 'vitest/config';

/**
 * The long tier (`npm run test:tables`): the 30-seed table experiments against ns-2.35 and the
 * property tests at their full number of runs (tests/tables). The unit tier keeps a smaller
 * version of each (5 seeds, fewer runs), so a defect shows there first; this tier holds the
 * statistical bar. `npm test` runs it beside the typecheck and the lint, which use one core.
 * ACKCLOCK_TABLES_WORKERS sets its workers (default 2).
 */
export default defineConfig({
  test: {
    name: 'tables',
    environment: 'node',
    include: ['tests/tables/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: Number(process.env.ACKCLOCK_TABLES_WORKERS ?? 2),
    testTimeout: 300_000,
  },
});
