import { defineConfig } from 'vitest/config';

/**
 * One test runner for unit and integration tests. The server's integration tests run once on SQLite
 * and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
      {
        test: {
          name: 'server-sqlite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { RTMS_TEST_DIALECT: 'sqlite' },
          // Files share one module graph per worker (decision 033): importing the app anew for every file was
          // 168 of the 413 s; each test builds its own app and database, and no test leaves state in a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.test.ts'],
                exclude: ['src/**/*.unit.test.ts'],
                env: { RTMS_TEST_DIALECT: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Isolated, unlike the server's projects: jsdom's document, local storage and mocked fetch carry from
          // file to file, and 28 web tests failed with `--no-isolate`.
          // A screen test renders antd in jsdom: 3-4 s alone on a two-core machine, over vitest's 5 s default
          // while the server tests run beside it. The limit guards against hangs, not speed.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
