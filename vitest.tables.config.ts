import { defineConfig } from 'vitest/config';

/**
 * The long tier (`npm run test:tables`): the 30-seed table experiments against ns-2.35
 * (tests/tables) and the property tests at their full number of runs (the fuzz campaign and the
 * URL round trip, which run fewer in the unit tier: tests/helpers/tier.ts). The unit tier keeps
 * a smaller version of each (5 seeds, fewer runs), so a defect shows there first; this tier holds
 * the statistical bar. `npm test` runs it beside the typecheck and the lint, which use one core.
 * ACKCLOCK_TABLES_WORKERS sets its workers (default 2).
 */
export default defineConfig({
  test: {
    name: 'tables',
    environment: 'node',
    // the property tests whose unit-tier counts are cut (tests/helpers/tier.ts), at full count
    include: [
      'tests/tables/**/*.test.ts',
      'tests/scenarios/fuzz.test.ts',
      'tests/scenarios/roundtrip.test.ts',
    ],
    env: { ACKCLOCK_TIER: 'long' },
    // none of these files replaces a module or a global: they share their worker's module graph
    // (the engine, the scenarios and fast-check imported once per worker, not once per file)
    isolate: false,
    // Node's own import (tests/helpers/native-import.mjs: tsx), not Vite's module runner: the
    // engine runs 1.7× faster so. No mocking here, so no loader for vi.mock (`nodeLoader`).
    experimental: { viteModuleRunner: false, nodeLoader: false },
    execArgv: ['--import', './tests/helpers/native-import.mjs'],
    pool: 'forks',
    maxWorkers: Number(process.env.ACKCLOCK_TABLES_WORKERS ?? 2),
    testTimeout: 300_000,
  },
});
