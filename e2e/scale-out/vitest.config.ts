import { defineConfig } from 'vitest/config';

/**
 * The scale-out tests (`npm run test:scale-out`): two instances of the built server on one PostgreSQL
 * database and s3rver storage behind nginx, one killed under load (scale-out.test.ts), and every kind of write
 * at once (write-soak.test.ts). Not part of the browser tests: they need nginx and PostgreSQL.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    // One at a time: each runs two instances and nginx under load, and a second beside it would measure the other.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
