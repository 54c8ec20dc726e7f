import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { App } from '../../app';

export interface SweepTiming {
  created: number;
  firstMs: number;
  secondMs: number;
  secondCreated: number;
  /** The longest the event loop was held during the two sweeps (monitorEventLoopDelay), in ms. */
  maxBlockMs: number;
}

/**
 * Times a reminder sweep from an empty outbox, then a second sweep that finds nothing new, while
 * measuring how long the event loop is held at a time (the sweep gives it back between facilities).
 */
export async function timeReminderSweeps(app: Pick<App, 'notifications' | 'database'>): Promise<SweepTiming> {
  const { db } = app.database;
  await db.deleteFrom('notification_deliveries').execute();
  await db.deleteFrom('notifications').execute();
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let started = performance.now();
  const first = await app.notifications.sweep();
  const firstMs = performance.now() - started;
  started = performance.now();
  const second = await app.notifications.sweep();
  const secondMs = performance.now() - started;
  histogram.disable();
  return {
    created: first.created,
    firstMs,
    secondMs,
    secondCreated: second.created,
    // The histogram's delay includes its own resolution interval.
    maxBlockMs: Math.max(0, histogram.max / 1e6 - 5),
  };
}
