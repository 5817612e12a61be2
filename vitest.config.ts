import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The web app's own modules that need no browser (its router), rendered with react-dom/server.
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          // Component tests (issue 41): the list kit and the forms rendered in happy-dom with Testing Library,
          // against the real zod schemas of @haat/contracts.
          name: 'web-dom',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.spec.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a page shows after a server answer can take more than vitest's default second on a loaded CI
          // machine; 5 s is Playwright's own default for its retrying assertions.
          expect: { poll: { timeout: 5000 } },
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
