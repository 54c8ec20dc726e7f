import { defineConfig } from 'vitest/config';

/** Browser tests: one real server (the built app, as `npm start` serves it) and the system Chromium. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/default-preferences.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser at a time keeps timings stable.
    fileParallelism: false,
  },
});
