import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** Set while long work runs (migrations, the daily jobs, the reminders): its statements have no time limit. */
const unlimited = new AsyncLocalStorage<true>();

/**
 * Runs `work` with no limit on its statements' time: the daily generation or a migration may legitimately run a
 * statement for minutes. Requests keep the limit (limitQueriesOf).
 */
export function withoutQueryTimeout<T>(work: () => Promise<T>): Promise<T> {
  return unlimited.run(true, work);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Limits each statement of `client` to `timeoutMs` unless it runs inside withoutQueryTimeout. A connection whose
 * database fell silent (a dropped route, a vanished host: no reset) would otherwise hold its request until TCP
 * keep-alive gives up, minutes later. At the limit the connection is destroyed: the statement fails with
 * `ETIMEDOUT` (answered 503 UNAVAILABLE, decision 038), the client is no longer queryable, so the pool discards it
 * on release instead of handing out a connection with a statement still running on it (pg's own `query_timeout`
 * does that).
 */
export function limitQueriesOf(client: pg.ClientBase, timeoutMs: number): void {
  const query = client.query.bind(client) as Query;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (unlimited.getStore() || !(result instanceof Promise)) return result;
    const timer = setTimeout(() => {
      const error = Object.assign(new Error(`the database did not answer within ${timeoutMs} ms`), {
        code: 'ETIMEDOUT',
      });
      (client as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(
        error,
      );
    }, timeoutMs);
    return result.finally(() => clearTimeout(timer));
  };
}
