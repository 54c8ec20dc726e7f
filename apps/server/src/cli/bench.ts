/**
 * `npm run bench`: the project's own benchmark. Seeds, once, 200 facilities and 2,000
 * requirements each bound to 20 facilities (SQLite under DATA_DIR, default ./data-bench, or PostgreSQL
 * when DATABASE_URL is set); generates their tasks (about 500,000) from scratch and times it; times a
 * re-run that finds nothing to do; then serves the app from a separate process and measures, under 50
 * concurrent connections, the Tasks Tracker's first page, a filtered page, a deep page and a task
 * completion, and the calendar's day counts of a month (GET /api/calendar/days), beside a bare Fastify
 * JSON endpoint measured in the same run; then the mixed load (bench/mixed-load.ts): the list, the
 * dashboard and the calendar read together while one task is completed per second, with the server's
 * longest event-loop delay.
 *
 * Beside them it seeds 50,000 documents and 500,000 audit events and times the other lists.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_KEEP_TASKS=1 to skip the regeneration when tasks exist, BENCH_ONLY=sweep to stop
 * after the reminder sweep (no server, no load), BENCH_ONLY=mixed to run only the mixed load (no sweep,
 * no other measurement), BENCH_TASKS the size of the tasks table (default 500000;
 * 100000 seeds a fifth of the requirements), BENCH_GROWTH=1 to run at 100,000 and then at 500,000 tasks
 * and print how each figure grows. After the other measurements a soak (bench/soak.ts) varies scopes, filters,
 * orders, pages and searches for BENCH_SOAK_SECONDS (default 600; 0 skips it) and prints the server's
 * memory at its start and end; BENCH_ONLY=soak runs the soak alone (a short one proves it runs:
 * `BENCH_TASKS=20000 BENCH_ONLY=soak BENCH_SOAK_SECONDS=20`); BENCH_ONLY=reports runs only the reports'
 * measurement (bench/reports.ts: scorecard and trend at 20 connections beside bare Fastify). BENCH_SERVER_ARGS
 * passes more Node flags to the server process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 *
 * This file reads the sizes and runs each; the work is in bench/: server-process.ts (the server's process and
 * sign-in), prepare.ts (seed and generation), sweep-timing.ts, http-run.ts and http-results.ts (the full run's
 * measurements and table), only-modes.ts (BENCH_ONLY=mixed|reports|soak), run-once.ts (one size), print.ts.
 */
import { loadConfig } from '../config/config';
import { printGrowth, type Figure } from './bench/growth';
import { print } from './bench/print';
import { runOnce } from './bench/run-once';
import { BENCH_REQUIREMENTS } from './bench/seed';
import { benchEnv } from './bench/server-process';

/** About 245 tasks per bench requirement (2,000 make about 490,000). */
const TASKS_AT_FULL_SIZE = 500_000;

async function main(): Promise<void> {
  const env = benchEnv();
  const config = loadConfig(env);
  const dialect = config.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL';
  print(`RTMS benchmark on ${dialect} (${config.databaseUrl.replace(/\/\/[^@]*@/, '//…@')})`);
  const sizes = process.env.BENCH_GROWTH === '1' ? [100_000, 500_000] : [Number(process.env.BENCH_TASKS ?? 500_000)];
  if (sizes.some((size) => !(size >= 1000 && size <= TASKS_AT_FULL_SIZE))) {
    throw new Error('BENCH_TASKS must be a number of tasks from 1000 to 500000');
  }
  const runs: { tasks: number; figures: Figure[] }[] = [];
  for (const size of sizes) {
    const requirements = Math.round((BENCH_REQUIREMENTS * size) / TASKS_AT_FULL_SIZE);
    print();
    print(`=== About ${size.toLocaleString('en-US')} tasks (${requirements} requirements) ===`);
    const figures = await runOnce(env, requirements);
    runs.push({ tasks: figures.find((figure) => figure.name === 'tasks')!.value, figures });
  }
  if (runs.length > 1) printGrowth(print, runs);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
