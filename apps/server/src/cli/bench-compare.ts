/**
 * `npm run bench:compare`: this checkout's reads against another version's, measured in turns on the same machine
 * (bench/compare.ts). Both databases must be seeded first, each by its own checkout's `npm run bench`.
 *
 * Environment: BENCH_COMPARE_ROOT, a checkout of the other version (e.g. `git worktree add --detach ../base <commit>`,
 * then `npm ci` there); BENCH_COMPARE_DATABASE_URL, its database (required on PostgreSQL: two versions never share
 * one, their migrations differ; on SQLite it defaults to the other checkout's own ./data-bench); DATABASE_URL or
 * DATA_DIR for this checkout's, as `npm run bench` reads them; BENCH_DURATION seconds per measurement (default 5),
 * BENCH_CONNECTIONS (default 50), BENCH_COMPARE_ROUNDS (default 2), BENCH_COMPARE_ONLY (only the reads whose name
 * contains it, e.g. `audit`).
 */
import { compareSettingsFrom, compareVersions } from './bench/compare';

compareVersions(compareSettingsFrom(process.env)).catch((error: unknown) => {
  process.stderr.write(
    `Comparison failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
