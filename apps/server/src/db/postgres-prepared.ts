import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statements of a connection that are kept prepared, at most: past this, further statements run
 * unnamed (as before), so that a connection's memory on the server stays bounded.
 */
const MAX_PREPARED_PER_CONNECTION = 500;
/** Statements with more parameters than this (long `in (…)` lists) vary too much to be worth keeping. */
const MAX_PARAMETERS = 64;

const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < 10 * MAX_PREPARED_PER_CONNECTION) names.set(text, name);
  }
  return name;
}

const prepared = new WeakSet<pg.PoolClient>();

/**
 * Runs Kysely's parameterized statements as named prepared statements on each pooled connection.
 * Kysely sends every query unnamed, so PostgreSQL plans it again on every execution: for the task list
 * (six relations) planning took 0.9–1.4 ms, more than executing it. A named statement is parsed once
 * per connection, and PostgreSQL may then reuse its plan (it keeps custom plans where a generic one
 * would cost more, so the choice of plan stays its own).
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      if (!prepared.has(client)) {
        prepared.add(client);
        const known = new Set<string>();
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (text: unknown, values?: unknown) => {
          if (
            typeof text === 'string' &&
            Array.isArray(values) &&
            values.length > 0 &&
            values.length <= MAX_PARAMETERS
          ) {
            const name = nameOf(text);
            if (known.has(name) || known.size < MAX_PREPARED_PER_CONNECTION) {
              known.add(name);
              return query({ name, text, values });
            }
          }
          return query(text, values);
        };
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
