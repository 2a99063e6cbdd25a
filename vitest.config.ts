import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The unit tier (`npm run test:unit`), two projects: plain TypeScript tests run in Node;
 * component tests (tests/ui/**\/*.test.tsx) run in jsdom. Browser tests live in tests/e2e and
 * belong to Playwright; the long tier (30-seed table experiments, many-run property tests) lives
 * in tests/tables and has its own config (vitest.tables.config.ts, `npm run test:tables`).
 *
 * Two workers (the machine's two cores; forks, Vitest's default pool). Vitest's default 5 s
 * per test assumed one worker on a quiet machine: two workers share the cores, so 20 s (tests
 * that run long set their own).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // `extends: true`: a project takes the timeouts above (Vitest's projects do not inherit the
    // root's test options otherwise: the clean-clone run showed 5 s timeouts)
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/tables/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
        },
      },
    ],
  },
});
