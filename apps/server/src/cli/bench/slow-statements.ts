import type { CompiledQuery } from 'kysely';

/** A statement that took at least the threshold, as the mixed load's breakdown prints it. */
export interface SlowStatement {
  ms: number;
  sql: string;
}

/**
 * The breakdown of the mixed load's event-loop delay: on SQLite a statement runs on the
 * main thread, so a statement of 30 ms is a block of 30 ms. Every statement at least `thresholdMs` long is
 * kept (its duration and the head of its text, the longest 20) from Kysely's `log` hook of the bench
 * server's database, read and reset with the event-loop delay.
 */
export function createSlowStatements(thresholdMs: number) {
  let slow: SlowStatement[] = [];
  return {
    log(event: { level: string; query: CompiledQuery; queryDurationMillis: number }): void {
      if (event.queryDurationMillis < thresholdMs) return;
      slow.push({ ms: Math.round(event.queryDurationMillis * 10) / 10, sql: event.query.sql.slice(0, 160) });
      if (slow.length > 40) slow = slow.sort((a, b) => b.ms - a.ms).slice(0, 20);
    },
    take(): SlowStatement[] {
      const taken = slow.sort((a, b) => b.ms - a.ms).slice(0, 20);
      slow = [];
      return taken;
    },
  };
}
