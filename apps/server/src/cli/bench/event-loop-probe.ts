/**
 * A targeted measurement of the event loop's longest block during the reminder sweep and the sender, on a
 * copy of a bench database: `DATA_DIR=<copy> tsx apps/server/src/cli/bench/event-loop-probe.ts`.
 * Prints, for each, the longest block (monitorEventLoopDelay at 1 ms), its 99th percentile, and the statements of
 * 10 ms or more. Run it under `node --cpu-prof` to see what a block was.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createDatabase } from '../../db/database';
import { BENCH_MAIL_SINK } from './reminder-sweep';
import { createSlowStatements } from './slow-statements';

async function measure(name: string, run: () => Promise<unknown>, slow: () => { ms: number; sql: string }[]) {
  slow();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // Each gap between two turns of a 1 ms timer, with the process's CPU time in it: on a loaded machine a long
  // gap with little CPU is the scheduler (or a wait for the disk), one with as much CPU is work of this process.
  let last = { at: performance.now(), cpu: process.cpuUsage() };
  let longestCpuMs = 0;
  let cpuOfLongestGap = 0;
  let longestGap = 0;
  let turns = 0;
  const ticker = setInterval(() => {
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    const gap = now.at - last.at;
    turns += 1;
    const cpu = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
    longestCpuMs = Math.max(longestCpuMs, cpu);
    if (gap > longestGap) [longestGap, cpuOfLongestGap] = [gap, cpu];
    last = now;
  }, 1);
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  clearInterval(ticker);
  histogram.disable();
  process.stdout.write(
    `${name}: ${ms.toFixed(0)} ms, longest block ${(histogram.max / 1e6 - 1).toFixed(1)} ms ` +
      `(its CPU ${cpuOfLongestGap.toFixed(1)} ms), most CPU between two turns ${longestCpuMs.toFixed(1)} ms, ` +
      `p99 ${(histogram.percentile(99) / 1e6 - 1).toFixed(1)} ms, ${turns} turns of a 1 ms timer; ${JSON.stringify(result)}\n`,
  );
  for (const statement of slow().slice(0, 5)) {
    process.stdout.write(`  ${statement.ms.toFixed(1)} ms: ${statement.sql.slice(0, 160)}\n`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const slow = createSlowStatements(10);
  const database = createDatabase(config.databaseUrl, { log: (event) => slow.log(event) });
  const app = await buildApp(
    { ...config, smtp: { ...config.smtp, url: BENCH_MAIL_SINK } },
    { serveWebApp: false, scheduleJobs: false, database, print: () => {} },
  );
  const { db } = app.database;
  await db.deleteFrom('notification_deliveries').execute();
  await db.deleteFrom('notifications').execute();
  await measure('sweep', () => app.notifications.sweep(), slow.take);
  for (let pass = 1; pass <= Number(process.env.PROBE_SENDER_PASSES ?? 2); pass += 1) {
    await measure(`sender pass ${pass}`, () => app.notifications.send(), slow.take);
  }
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
