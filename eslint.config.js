// Flat config. Correctness rules only: formatting belongs to Prettier (`npm run format`).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const reactImports = [
  { name: 'react', message: 'The engine/scenarios must not depend on React.' },
  { name: 'react-dom', message: 'The engine/scenarios must not depend on React.' },
];
const reactPatterns = [{ regex: '^react(-dom)?/', message: 'No React here.' }];
const uiPattern = {
  regex: '^(?:\\.\\./)+ui(?:/|$)|(?:^|/)src/ui(?:/|$)',
  message: 'Only src/ui may depend on the UI.',
};
// Outside src/engine, the engine is reached only through its index (src/engine/index.ts): its
// files can move and split without the UI, CLI, scenarios, metrics, pcap or trace readers noticing.
const engineInternals = {
  regex: '^(?:\\.\\./)+engine/|(?:^|/)src/engine/',
  message: 'Import the engine through its index (src/engine/index.ts), not its internals.',
};

// A spread into a call passes one argument per element: a long run's arrays (100 k cwnd
// samples) overflow the call stack, and the app goes blank. Loop, or use d3.max / reduce.
const noSpreadCalls = [
  {
    selector: 'CallExpression > SpreadElement',
    message:
      'No spread into a call (one argument per element overflows the stack on long runs): loop, or use d3.max/d3.min or reduce.',
  },
  {
    selector: 'NewExpression > SpreadElement',
    message: 'No spread into a constructor call (one argument per element).',
  },
];
// What a run computes must give the same bits in Node and every browser: ECMAScript leaves these
// Math functions (and **) implementation-approximated, and V8 versions differ in the last bits.
// The engine's deterministic ones are in src/engine/core/libm.ts; sqrt, floor, abs … are exact.
const libmMessage = 'Not bit-identical across JavaScript engines: use src/engine/core/libm.ts.';
const inexactMath = [
  'cbrt',
  'pow',
  'exp',
  'expm1',
  'log',
  'log1p',
  'log2',
  'log10',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'asinh',
  'acosh',
  'atanh',
  'hypot',
].map((property) => ({ object: 'Math', property, message: libmMessage }));
const noExponentOperator = [
  { selector: "BinaryExpression[operator='**']", message: libmMessage },
  { selector: "AssignmentExpression[operator='**=']", message: libmMessage },
];

// Node's globals and built-in modules, which the browser's code (src but src/cli) must not use.
const nodeGlobals = [
  'process',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'require',
  'module',
  'setImmediate',
].map((name) => ({
  name,
  message: 'Browser code: Node is not there (only src/cli runs in Node).',
}));
const nodeModules = {
  regex:
    '^node:|^(?:fs|path|os|child_process|worker_threads|url|util|crypto|zlib|stream|events|buffer|http|https|net)(?:/|$)',
  message: 'Browser code: Node modules are not there (only src/cli runs in Node).',
};

export default defineConfig(
  {
    ignores: ['dist', 'reports', 'artifacts', 'test-results', 'playwright-report', 'node_modules'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
  },
  // Unused variables: TypeScript reports them in .ts/.tsx (noUnusedLocals, noUnusedParameters in
  // tsconfig.base.json), so the lint checks only the JavaScript files tsc does not (this rule was
  // over half the lint's time).
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  // The browser's code (all of src but the CLI) runs without Node: one typecheck program has
  // Node's types in scope for the tests and the CLI, so the lint keeps Node out of src.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/cli/**'],
    rules: {
      'no-restricted-globals': ['error', ...nodeGlobals],
      'no-restricted-imports': ['error', { patterns: [nodeModules] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...noSpreadCalls] },
  },
  // The engine, the scenarios that build its input and the metrics of its traces: only
  // deterministic math (src/engine/core/libm.ts).
  {
    files: ['src/engine/**/*.{ts,tsx}', 'src/metrics/**/*.{ts,tsx}', 'src/scenarios/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...noSpreadCalls, ...noExponentOperator],
      'no-restricted-properties': ['error', ...inexactMath],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The engine (and the metrics computed from its traces) is pure, deterministic simulation code: no UI, no DOM, no wall clock, no
  // unseeded randomness (use the seeded pure-rand generator passed in).
  {
    files: ['src/engine/**/*.{ts,tsx}', 'src/metrics/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...reactImports,
            { name: 'zustand', message: 'The engine holds no UI state.' },
            { name: 'd3', message: 'Drawing belongs to src/ui.' },
          ],
          patterns: [
            ...reactPatterns,
            { regex: '^zustand/', message: 'The engine holds no UI state.' },
            { regex: '^d3-', message: 'Drawing belongs to src/ui.' },
            uiPattern,
            {
              regex: '^(?:\\.\\./)+scenarios(?:/|$)|(?:^|/)src/scenarios(?:/|$)',
              message: 'Scenarios depend on the engine, not the other way round.',
            },
            engineInternals,
            nodeModules,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'The engine runs without a DOM (Node, worker).' },
        { name: 'document', message: 'The engine runs without a DOM (Node, worker).' },
        ...nodeGlobals,
      ],
      'no-restricted-properties': [
        'error',
        ...inexactMath,
        { object: 'Math', property: 'random', message: 'Use the seeded generator.' },
        { object: 'Date', property: 'now', message: 'Use simulated time.' },
        { object: 'performance', property: 'now', message: 'Use simulated time.' },
      ],
    },
  },
  {
    files: ['src/scenarios/**/*.{ts,tsx}', 'src/pcap/**/*.{ts,tsx}', 'src/trace/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: reactImports,
          patterns: [...reactPatterns, uiPattern, engineInternals, nodeModules],
        },
      ],
    },
  },
  {
    files: ['src/cli/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: reactImports, patterns: [...reactPatterns, uiPattern, engineInternals] },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [engineInternals, nodeModules] }] },
  },
);
