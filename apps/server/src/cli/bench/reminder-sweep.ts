import type { App } from '../../app';
import { longestBlockDuring } from './event-loop';

export interface SweepTiming {
  created: number;
  firstMs: number;
  secondMs: number;
  secondCreated: number;
  /** The longest the event loop was held during the two sweeps (monitorEventLoopDelay), in ms. */
  maxBlockMs: number;
  /** How many statements the two sweeps ran, their 95th percentile and longest duration, in ms. */
  statements: number;
  statementP95Ms: number;
  statementMaxMs: number;
  /** CPU time (user + system) of this process during the two sweeps: a figure a loaded machine inflates less. */
  cpuMs: number;
}

/**
 * Times a reminder sweep from an empty outbox, then a second sweep that finds nothing new, while
 * measuring how long the event loop is held at a time (the sweep gives it back between statements)
 * and how long each of the sweep's statements takes.
 */
export async function timeReminderSweeps(app: Pick<App, 'notifications' | 'database'>): Promise<SweepTiming> {
  const { db } = app.database;
  await db.deleteFrom('notification_deliveries').execute();
  await db.deleteFrom('notifications').execute();
  const durations: number[] = [];
  const onStatement = (ms: number) => durations.push(ms);
  const cpu = process.cpuUsage();
  const { result, maxBlockMs } = await longestBlockDuring(async () => {
    let started = performance.now();
    const first = await app.notifications.sweep({ onStatement });
    const firstMs = performance.now() - started;
    started = performance.now();
    const second = await app.notifications.sweep({ onStatement });
    return { first, firstMs, second, secondMs: performance.now() - started };
  });
  const { first, firstMs, second, secondMs } = result;
  const cpuUsed = process.cpuUsage(cpu);
  durations.sort((a, b) => a - b);
  return {
    created: first.created,
    firstMs,
    secondMs,
    secondCreated: second.created,
    maxBlockMs,
    statements: durations.length,
    statementP95Ms: durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.95))] ?? 0,
    statementMaxMs: durations.at(-1) ?? 0,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
  };
}

/**
 * A mail sink for the benchmark: nodemailer's stream transport, selected by the URL, builds each MIME message in
 * this process and discards it, so the sender does all its work except the network (used when SMTP_URL is empty).
 */
export const BENCH_MAIL_SINK = 'smtp://bench-sink.invalid/?streamTransport=true&buffer=true';

export interface SenderTiming {
  passes: number;
  /** Rows the passes handled (sent, skipped, put off or retrying) and the longest pass, in ms. */
  rows: number;
  totalMs: number;
  longestPassMs: number;
  maxBlockMs: number;
  cpuMs: number;
  /** Rows still due after the passes (each pass takes at most one batch per recipient, 200 recipients). */
  stillDue: number;
}

/**
 * Times the sender on the outbox the sweep filled: up to `maxPasses` runs (each one minute apart in production),
 * with the longest event-loop block, since each pass claims a bounded batch per recipient (decision 020).
 */
export async function timeSender(
  app: Pick<App, 'notifications' | 'database'>,
  maxPasses: number,
): Promise<SenderTiming> {
  const cpu = process.cpuUsage();
  let rows = 0;
  let passes = 0;
  let totalMs = 0;
  let longestPassMs = 0;
  const { maxBlockMs } = await longestBlockDuring(async () => {
    while (passes < maxPasses) {
      const started = performance.now();
      const pass = await app.notifications.send();
      const ms = performance.now() - started;
      const handled = pass.sent + pass.failed + pass.retrying + pass.skipped + pass.deferred;
      if (handled === 0) break;
      passes += 1;
      rows += handled;
      totalMs += ms;
      longestPassMs = Math.max(longestPassMs, ms);
    }
  });
  const cpuUsed = process.cpuUsage(cpu);
  const due = await app.database.db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'PENDING')
    .where('notBefore', '<=', new Date().toISOString())
    .executeTakeFirstOrThrow();
  return {
    passes,
    rows,
    totalMs,
    longestPassMs,
    maxBlockMs,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    stillDue: Number(due.count),
  };
}
