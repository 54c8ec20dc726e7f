import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId, nowIso } from '../../platform/ids';
import type { GenerationOptions, GenerationResult, TaskGenerationService } from '../tasks/task-generation.service';
import { finishLease, tryAcquireLease } from './jobs.repository';

/** Name of the daily job that extends every series of tasks to the horizon. */
export const TASK_GENERATION_JOB = 'task-generation';
/** Name of the daily job that removes sessions ended (expired or revoked) more than a day ago. */
export const SESSION_PURGE_JOB = 'session-purge';
/** Every daily job, in the order the scheduler runs them; also the names `npm run job -- <name>` accepts. */
export const DAILY_JOB_NAMES = [TASK_GENERATION_JOB, SESSION_PURGE_JOB] as const;
export type DailyJobName = (typeof DAILY_JOB_NAMES)[number];

export function isDailyJobName(name: string): name is DailyJobName {
  return (DAILY_JOB_NAMES as readonly string[]).includes(name);
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
  /** Checks now and then every few minutes; returns the function that stops the timer. */
  startScheduler(log: FastifyBaseLogger): () => void;
}

export function createJobsService(
  db: Kysely<Database>,
  generation: TaskGenerationService,
  options: { clock: Clock; purgeEndedSessions: () => Promise<void> },
): JobsService {
  const { clock, purgeEndedSessions } = options;
  const owner = `${os.hostname()}:${process.pid}:${newId().slice(0, 8)}`;

  async function runOncePerDay<T>(name: string, job: () => Promise<T>): Promise<DailyRun<T>> {
    const now = clock();
    const day = nowIso(now).slice(0, 10);
    const acquired = await tryAcquireLease(db, {
      name,
      day,
      owner,
      now: nowIso(now),
      staleBefore: nowIso(new Date(now.getTime() - STALE_LEASE_MS)),
    });
    if (!acquired) return { ran: false, day };
    const result = await job();
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
    runGenerationNow: (generationOptions) => generation.materializeAll(generationOptions),
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
      first.unref();
      every.unref();
      return () => {
        clearTimeout(first);
        clearInterval(every);
      };
    },
  };
  return service;
}
