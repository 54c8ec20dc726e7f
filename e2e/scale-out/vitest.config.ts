import { defineConfig } from 'vitest/config';

/**
 * The scale-out test (`npm run test:scale-out`): two instances of the built server on one PostgreSQL
 * database and s3rver storage behind nginx. Not part of the browser tests: it needs nginx and PostgreSQL.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
