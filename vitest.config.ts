import { defineConfig } from 'vitest/config';

// Two suites: `unit` (pure rules, milliseconds) and `api` (the real app through app.inject, one fresh
// database per test file). The machine running `npm test` has two cores: at most two workers.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.unit.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/src/**/*.unit.test.{ts,tsx}',
            'apps/portal/src/**/*.unit.test.{ts,tsx}',
            'scripts/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A file's fixtures start inside its first test's time: the demo app on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
