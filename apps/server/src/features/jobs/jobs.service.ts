import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId, nowIso } from '../../platform/ids';
import type { GenerationOptions, GenerationResult, TaskGenerationService } from '../tasks/task-generation.service';
import { notFound } from '../../platform/errors';
import { withoutQueryTimeout } from '../../db/query-timeout';
import { deleteLeasesBefore, findLastRun, finishLease, releaseLease, tryAcquireLease } from './jobs.repository';

/** Name of the daily job that extends every series of tasks to the horizon. */
export const TASK_GENERATION_JOB = 'task-generation';
/** Name of the daily job that removes sessions ended (expired or revoked) more than a day ago. */
const SESSION_PURGE_JOB = 'session-purge';
/** Every daily job, in the order the scheduler runs them; also the names `npm run job -- <name>` accepts. */
export const DAILY_JOB_NAMES = [TASK_GENERATION_JOB, SESSION_PURGE_JOB] as const;
export type DailyJobName = (typeof DAILY_JOB_NAMES)[number];

export function isDailyJobName(name: string): name is DailyJobName {
  return (DAILY_JOB_NAMES as readonly string[]).includes(name);
}

/** Name of the reminder sweep (at start and every 15 minutes) and its sender (every minute). */
const REMINDERS_JOB = 'reminders';

/** Every job an admin can see and run now (/api/jobs). */
const JOBS = [
  { name: TASK_GENERATION_JOB, schedule: 'daily' },
  { name: REMINDERS_JOB, schedule: 'every 15 minutes (email sent every minute)' },
  { name: SESSION_PURGE_JOB, schedule: 'daily' },
] as const;
export type JobName = (typeof JOBS)[number]['name'];

/** The reminder sweep runs at most once per slot of this length across instances. */
const SWEEP_SLOT_MS = 15 * 60 * 1000;
/** How often the outbox is delivered. */
const SEND_INTERVAL_MS = 60 * 1000;

/** What the jobs service needs of the reminders feature. */
export interface ReminderJobs {
  sweep(): Promise<object>;
  send(): Promise<object>;
  runReminders(): Promise<object>;
}

/** A lease older than this whose run never finished (its instance died) may be taken over. */
const STALE_LEASE_MS = 60 * 60 * 1000;
/** How often an instance checks whether today's run has happened. */
const CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** Delay after start before the first check, so that start-up is not slowed down. */
const FIRST_CHECK_MS = 5_000;

export interface DailyRun<T> {
  /** Whether this instance ran the job (it won the day's lease). */
  ran: boolean;
  day: string;
  result?: T;
}

export interface JobsService {
  /** This instance's lease owner name (host, process, random part). */
  readonly owner: string;
  /**
   * Runs the daily task generation if no instance has run it today (UTC day): the instance that
   * inserts the (name, day) lease row runs it, every other instance skips.
   */
  runDailyGeneration(): Promise<DailyRun<GenerationResult>>;
  /** Removes ended sessions if no instance has done it today, so that the table does not grow without bound. */
  runDailySessionPurge(): Promise<DailyRun<{ purged: true }>>;
  /**
   * Runs one daily job by name under its once-a-day lease: the in-process scheduler, the command
   * `npm run job -- <name>` (an external scheduler such as cron) and any HTTP trigger share this.
   */
  runDailyJob(name: DailyJobName): Promise<DailyRun<unknown>>;
  /** Runs the task generation now, without a lease (command-line tools; generation is idempotent). */
  runGenerationNow(options?: GenerationOptions): Promise<GenerationResult>;
  /** Sweeps reminders if no instance has done it in this 15-minute slot. */
  runScheduledSweep(): Promise<DailyRun<object>>;
  /** Each job with its last run (scheduled or by hand), for the admins' jobs screen. */
  list(): Promise<{ name: string; schedule: string; lastRun: JobRun | null }[]>;
  /** Runs a job now (every job is idempotent) and records the run; throws NOT_FOUND for an unknown name. */
  runNow(name: string): Promise<Record<string, unknown>>;
  /** Checks now and then every few minutes; returns the function that stops the timer. */
  startScheduler(log: FastifyBaseLogger): () => void;
}

export interface JobRun {
  day: string;
  startedAt: string;
  finishedAt: string | null;
  result: Record<string, unknown> | null;
}

export function createJobsService(
  db: Kysely<Database>,
  generation: TaskGenerationService,
  options: {
    clock: Clock;
    purgeEndedSessions: () => Promise<void>;
    reminders: ReminderJobs;
    /** The missed-task findings, swept with the reminders (idempotent: one finding per task whatever the sweeps). */
    findings?: { sweep(): Promise<object> };
    /** The scheduled reports' outbox, queued and sent with the reminders' each minute. */
    scheduledReports?: { run(): Promise<unknown> };
  },
): JobsService {
  const { clock, purgeEndedSessions, reminders, findings, scheduledReports } = options;
  /** The reminder sweep, then the findings of tasks that passed their grace since the last sweep. */
  const sweepAll = async (): Promise<object> => {
    const result = await reminders.sweep();
    return findings ? { ...result, findings: await findings.sweep() } : result;
  };
  const owner = `${os.hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  /** Leases (name, day as JSON) of our failed runs not yet given back: the database was gone at the failure. */
  const unreleased = new Set<string>();

  async function runOncePerDay<T>(
    name: string,
    job: () => Promise<T>,
    period: (now: Date) => string = (now) => nowIso(now).slice(0, 10),
  ): Promise<DailyRun<T>> {
    const now = clock();
    const day = period(now);
    // A run of ours that failed and could not give its lease back (the database was gone) gives it back now.
    for (const key of [...unreleased]) {
      const [leaseName, leaseDay] = JSON.parse(key) as [string, string];
      await releaseLease(db, { name: leaseName, day: leaseDay, owner });
      unreleased.delete(key);
    }
    const acquired = await tryAcquireLease(db, {
      name,
      day,
      owner,
      now: nowIso(now),
      staleBefore: nowIso(new Date(now.getTime() - STALE_LEASE_MS)),
    });
    if (!acquired) return { ran: false, day };
    let result: T;
    try {
      // A daily job may run a statement for minutes: no request's time limit on it.
      result = await withoutQueryTimeout(job);
    } catch (error) {
      // A failed run gives its lease back, so that the next check (here or on another instance) runs the job
      // again instead of skipping it until the lease is an hour old.
      await releaseLease(db, { name, day, owner }).catch(() => unreleased.add(JSON.stringify([name, day])));
      throw error;
    }
    await finishLease(db, { name, day, owner, now: nowIso(clock()), result: JSON.stringify(result) });
    return { ran: true, day, result };
  }

  const service: JobsService = {
    owner,
    runDailyGeneration: () => runOncePerDay(TASK_GENERATION_JOB, () => generation.materializeAll()),
    runDailySessionPurge: () =>
      runOncePerDay(SESSION_PURGE_JOB, async () => {
        await purgeEndedSessions();
        return { purged: true as const };
      }),
    runDailyJob: (name) =>
      name === TASK_GENERATION_JOB ? service.runDailyGeneration() : service.runDailySessionPurge(),
    runGenerationNow: (generationOptions) => withoutQueryTimeout(() => generation.materializeAll(generationOptions)),
    runScheduledSweep: () =>
      runOncePerDay(
        REMINDERS_JOB,
        async () => {
          const result = await sweepAll();
          // One lease row per 15-minute slot: keep a day of them (the last run stays visible).
          await deleteLeasesBefore(db, REMINDERS_JOB, nowIso(new Date(clock().getTime() - 24 * 3600 * 1000)));
          return result;
        },
        (now) =>
          // The 15-minute slot, e.g. 2026-03-10T12:15.
          nowIso(new Date(Math.floor(now.getTime() / SWEEP_SLOT_MS) * SWEEP_SLOT_MS)).slice(0, 16),
      ),
    async list() {
      return Promise.all(
        JOBS.map(async (job) => {
          const last = await findLastRun(db, job.name);
          return {
            name: job.name,
            schedule: job.schedule,
            lastRun: last
              ? {
                  day: last.day,
                  startedAt: last.acquiredAt,
                  finishedAt: last.finishedAt,
                  result: last.result ? (JSON.parse(last.result) as Record<string, unknown>) : null,
                }
              : null,
          };
        }),
      );
    },
    async runNow(name) {
      // A Map, not an object: a name from the URL such as `__proto__` or `toString` must find no runner.
      const runners = new Map<string, () => Promise<object>>([
        [TASK_GENERATION_JOB, () => generation.materializeAll()],
        [
          REMINDERS_JOB,
          async () => {
            const result = await reminders.runReminders();
            return findings ? { ...result, findings: await findings.sweep() } : result;
          },
        ],
        [
          SESSION_PURGE_JOB,
          async () => {
            await purgeEndedSessions();
            return { purged: true };
          },
        ],
      ] satisfies [JobName, () => Promise<object>][]);
      const runner = runners.get(name);
      if (!runner) throw notFound('Job');
      const startedAt = nowIso(clock());
      // A run by hand is recorded under its instant, so that it shows as the last run without taking the day's lease.
      const run = { name, day: `${startedAt} (run now)`, owner, now: startedAt, staleBefore: startedAt };
      await tryAcquireLease(db, run);
      const result = (await withoutQueryTimeout(runner)) as Record<string, unknown>;
      await finishLease(db, { ...run, now: nowIso(clock()), result: JSON.stringify(result) });
      return result;
    },
    startScheduler(log) {
      let running = false;
      const tick = async () => {
        if (running) return;
        running = true;
        // One job failing does not keep the others from running.
        for (const name of DAILY_JOB_NAMES) {
          try {
            const run = await service.runDailyJob(name);
            if (run.ran) log.info({ job: name, day: run.day, result: run.result }, 'daily job done');
          } catch (error) {
            log.error({ err: error, job: name }, 'daily job failed');
          }
        }
        running = false;
      };
      const first = setTimeout(() => void tick(), FIRST_CHECK_MS);
      const every = setInterval(() => void tick(), CHECK_INTERVAL_MS);
      // Reminders: a sweep at start (idempotent, so regardless of other instances), then once per
      // 15-minute slot across instances; the outbox every minute.
      let remindersBusy = false;
      const remindersTick = async (atStart: boolean) => {
        if (remindersBusy) return;
        remindersBusy = true;
        try {
          // The sweep and the sender's batches are long work: no request's time limit on their statements.
          await withoutQueryTimeout(async () => {
            if (atStart) await sweepAll();
            else await service.runScheduledSweep();
            await reminders.send();
            await scheduledReports?.run();
          });
        } catch (error) {
          log.error({ err: error, job: REMINDERS_JOB }, 'reminders failed');
        }
        remindersBusy = false;
      };
      const firstReminders = setTimeout(() => void remindersTick(true), FIRST_CHECK_MS);
      const everyMinute = setInterval(() => void remindersTick(false), SEND_INTERVAL_MS);
      for (const timer of [first, every, firstReminders, everyMinute]) timer.unref();
      return () => {
        clearTimeout(first);
        clearInterval(every);
        clearTimeout(firstReminders);
        clearInterval(everyMinute);
      };
    },
  };
  return service;
}
