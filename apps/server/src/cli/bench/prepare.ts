import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { buildApp } from '../../app';
import type { loadConfig } from '../../config/config';
import { findUserByEmail } from '../../features/users/users.repository';
import { analyze, completeMostHistory, countRows, resetTasks } from './bench.repository';
import type { Figure } from './growth';
import { LIST_SEED_SIZES, seedLists } from './lists';
import { print, seconds } from './print';
import { BENCH_MAIL_SINK } from './reminder-sweep';
import { seedBench } from './seed';
import { BENCH_ADMIN_EMAIL } from './server-process';

/**
 * The data before any measurement, in this process: the seed, the other lists' data, then the tasks generated
 * from scratch (timed) and regenerated (timed, nothing to do), unless BENCH_KEEP_TASKS=1 keeps those present.
 */

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

export interface Prepared {
  built: BuiltApp;
  today: string;
}

export async function prepareData(
  config: ReturnType<typeof loadConfig>,
  requirementCount: number,
  figures: Figure[],
): Promise<Prepared> {
  // Mail from this process (the sender's timing) goes to an in-process sink unless SMTP_URL names a server.
  const built = await buildApp(
    // Seeding runs statements far longer than a request's: no time limit on them here.
    { ...config, databaseQueryTimeoutMs: 0, smtp: { ...config.smtp, url: config.smtp.url || BENCH_MAIL_SINK } },
    { serveWebApp: false, scheduleJobs: false, print: () => {} },
  );
  const { db } = built.database;
  const today = todayInTimeZone('America/Chicago');
  let started = Date.now();
  const seed = await seedBench(db, today, requirementCount);
  print(
    seed.seeded
      ? `Seeded ${seed.facilities} facilities, ${seed.requirements} requirements, ${seed.bindings} bindings in ${seconds(Date.now() - started)}`
      : `Seed present: ${seed.facilities} facilities, ${seed.requirements} requirements, ${seed.bindings} bindings`,
  );

  const admin = (await findUserByEmail(db, BENCH_ADMIN_EMAIL))!;
  started = Date.now();
  const listed = await seedLists(db, admin);
  print(
    `List data (${LIST_SEED_SIZES}): ${listed.documents} documents and ${listed.auditEvents} events added in ${seconds(Date.now() - started)}`,
  );
  const existingTasks = await countRows(db, 'tasks');
  const seededNow = seed.seeded || seed.resized;
  if (existingTasks > 0 && process.env.BENCH_KEEP_TASKS === '1' && !seededNow) {
    print(`Keeping the ${existingTasks} existing tasks (BENCH_KEEP_TASKS=1): generation not timed`);
  } else {
    if (existingTasks > 0) {
      started = Date.now();
      await resetTasks(db);
      print(`Removed ${existingTasks} tasks from a previous run in ${seconds(Date.now() - started)}`);
    }
    started = Date.now();
    const generation = await built.jobs.runGenerationNow();
    const generationMs = Date.now() - started;
    figures.push({ name: 'Generation', value: generationMs / 1000, unit: 's' });
    print(
      `Generation: ${generation.inserted} tasks for ${generation.series} series in ${seconds(generationMs)} (target < 30 s)`,
    );
    started = Date.now();
    const rerun = await built.jobs.runGenerationNow();
    const rerunMs = Date.now() - started;
    figures.push({ name: 'Re-run', value: rerunMs / 1000, unit: 's' });
    print(
      `Re-run: ${rerun.inserted} tasks inserted, ${rerun.extended} series extended, in ${seconds(rerunMs)} (target < 3 s)`,
    );
    const completed = await completeMostHistory(db, today, admin.id);
    print(`Marked ${completed} past tasks completed (the rest of the history stays open: overdue)`);
    await analyze(db);
  }
  const total = await countRows(db, 'tasks');
  figures.push({ name: 'tasks', value: total, unit: '' });
  print(`Tasks in the database: ${total}`);
  return { built, today };
}
