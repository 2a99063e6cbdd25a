import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test files that replace modules or globals (vi.mock, vi.spyOn, fake timers, …) run isolated,
 * each in a fresh module graph. Every other file shares its worker's module graph with the files
 * before it (`isolate: false`): the engine, the scenarios, React and the UI are imported once per
 * worker, not once per file (about a third of the tier's time). The mocking files are found by
 * reading them, so a new one is isolated without a list to keep.
 */
const MOCKING = /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(/;

function testFiles(suffix: string, content: RegExp): string[] {
  return readdirSync('tests', { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !/^tests[\\/](e2e|tables)[\\/]/.test(f))
    .filter((f) => content.test(readFileSync(f, 'utf8')));
}
const mockingFiles = (suffix: string) => testFiles(suffix, MOCKING);

/**
 * Component tests that check the controller, the address and the panels' chrome but not the
 * plots' marks say so with a line `// @plot-stub`: they run in their own shared project
 * (`ui-stub`), where the time plots' drawing (src/ui/panels/TimePlot.tsx) is its test double
 * (tests/ui/plotStub.tsx), so they do not spend their time drawing thousands of SVG marks in
 * happy-dom. A file that also mocks runs isolated, and says `vi.mock(…TimePlot…)` itself.
 */
const PLOT_STUB = /^\/\/ @plot-stub\b/m;
const TIME_PLOT = resolve('src/ui/panels/TimePlot.tsx');
const plotStub: Plugin = {
  name: 'ackclock-plot-stub',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !/TimePlot(\.tsx)?$/.test(source)) return null;
    const r = await this.resolve(source, importer, { ...options, skipSelf: true });
    return r?.id === TIME_PLOT ? resolve('tests/ui/plotStub.tsx') : null;
  },
};

/**
 * What the long tier runs in full, left out of the unit tier when both run in one command
 * (`npm test` sets ACKCLOCK_WITH_LONG_TIER): the property tests it runs at their full count
 * (their first cases are the unit tier's: same seeds) and the 5-seed smoke test of its 30-seed
 * table experiments. `npm run test:unit` alone keeps them.
 */
const coveredByLongTier = process.env.ACKCLOCK_WITH_LONG_TIER
  ? [
      'tests/scenarios/fuzz.test.ts',
      'tests/scenarios/roundtrip.test.ts',
      'tests/experiments/tables-smoke.test.ts',
    ]
  : [];
const notInUnitTier = ['tests/e2e/**', 'tests/tables/**', 'node_modules/**', ...coveredByLongTier];
const isolatedNode = mockingFiles('.test.ts');
const isolatedUi = mockingFiles('.test.tsx');
const stubbedUi = testFiles('.test.tsx', PLOT_STUB).filter((f) => !isolatedUi.includes(f));

/**
 * The unit tier (`npm run test:unit`): plain TypeScript tests run in Node; component tests
 * (tests/ui/**\/*.test.tsx) run in happy-dom (a DOM without layout, as jsdom is, but cheaper: the
 * component projects took 102 CPU s in jsdom and 84–95 here, the same 196 tests passing); each in a
 * shared project and an isolated one (above).
 * Browser tests live in tests/e2e and belong to Playwright; the long tier (30-seed table
 * experiments, many-run property tests) lives in tests/tables and has its own config
 * (vitest.tables.config.ts, `npm run test:tables`).
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
          isolate: false,
          // Node's own import (tests/helpers/native-import.mjs: tsx), not Vite's module runner: the
          // engine runs 1.7× faster so. No mocking here, so no loader for vi.mock (`nodeLoader`).
          experimental: { viteModuleRunner: false, nodeLoader: false },
          execArgv: ['--import', './tests/helpers/native-import.mjs'],
          include: ['tests/**/*.test.ts'],
          exclude: [...notInUnitTier, ...isolatedNode],
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', environment: 'node', include: isolatedNode },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['tests/ui/setup.ts'],
          include: ['tests/ui/**/*.test.tsx'],
          exclude: [...notInUnitTier, ...isolatedUi, ...stubbedUi],
        },
      },
      {
        extends: true,
        plugins: [react(), plotStub],
        test: {
          name: 'ui-stub',
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['tests/ui/setup.ts'],
          include: stubbedUi.length ? stubbedUi : ['no-such-file'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: { name: 'ui-isolated', environment: 'happy-dom', include: isolatedUi },
      },
    ],
  },
});
