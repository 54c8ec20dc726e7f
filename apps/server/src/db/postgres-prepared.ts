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

/** PostgreSQL's "feature not supported", the code of "cached plan must not change result type". */
const STALE_PLAN = '0A000';

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

type Query = (...args: unknown[]) => Promise<unknown>;

/** Replaces `client.query` with one that names the statements it may keep prepared. */
function nameStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const known = new Set<string>();
  // Bumped when this connection's statements went stale: new names make PostgreSQL parse them anew.
  let generation = 0;
  const runNamed = (text: string, values: unknown[]) =>
    query({ name: generation ? `${nameOf(text)}.${generation}` : nameOf(text), text, values });

  (client as { query: unknown }).query = async (text: unknown, values?: unknown) => {
    const eligible =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 && values.length <= MAX_PARAMETERS;
    if (!eligible) return query(text, values);
    const name = nameOf(text);
    if (!known.has(name) && known.size >= MAX_PREPARED_PER_CONNECTION) return query(text, values);
    known.add(name);
    try {
      return await runNamed(text, values);
    } catch (error) {
      // Another instance migrated a table under a kept statement: forget this connection's statements
      // and run it once more. Inside a transaction the retry fails as well (the transaction is
      // aborted); the first error is the one reported.
      if ((error as { code?: string }).code !== STALE_PLAN) throw error;
      generation += 1;
      known.clear();
      known.add(name);
      return runNamed(text, values).catch(() => Promise.reject(error as Error));
    }
  };
}

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
        nameStatementsOf(client);
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
