import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: plain TypeScript tests run in Node; component tests (tests/ui/**/*.test.tsx)
// run in jsdom. Browser tests live in tests/e2e and belong to Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
        },
      },
      {
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
