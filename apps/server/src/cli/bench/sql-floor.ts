import type SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openSqlite } from '../../db/sqlite';

/**
 * The raw-SQL floor of a request: the statements the app ran for one request, captured
 * as it ran them, then executed directly on the database driver in a loop — prepared once, as the app's
 * statement caches keep them — each iteration also `JSON.stringify` of the request's answer. Its CPU per
 * iteration is what the request cannot cost less than in this process; the app's CPU per request is
 * judged against it plus bare Fastify's.
 */

/** Records the statements the app runs while `capture` is on (Kysely's `log` hook of the bench's database). */
export function createStatementRecorder() {
  let recording: CompiledQuery[] | null = null;
  return {
    log(event: { level: string; query: CompiledQuery }): void {
      if (recording && event.level === 'query') recording.push(event.query);
    },
    async capture(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
      const recorded: CompiledQuery[] = [];
      recording = recorded;
      try {
        await run();
      } finally {
        recording = null;
      }
      return recorded;
    },
  };
}

type Runner = { run(statements: readonly CompiledQuery[]): Promise<void>; close(): Promise<void> };

function sqliteRunner(file: string): Runner {
  const db = openSqlite(file);
  const prepared = new Map<string, SqliteDatabase.Statement<unknown[]>>();
  return {
    async run(statements) {
      for (const { sql, parameters } of statements) {
        let statement = prepared.get(sql);
        if (!statement) prepared.set(sql, (statement = db.prepare<unknown[]>(sql)));
        if (statement.reader) statement.all(...parameters);
        else statement.run(...parameters);
      }
    },
    close: async () => {
      db.close();
    },
  };
}

async function postgresRunner(url: string): Promise<Runner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const names = new Map<string, string>();
  return {
    async run(statements) {
      for (const { sql, parameters } of statements) {
        let name = names.get(sql);
        if (!name) names.set(sql, (name = `floor${names.size}`));
        await client.query({ name, text: sql, values: parameters as unknown[] });
      }
    },
    close: () => client.end(),
  };
}

export interface SqlFloor {
  statements: number;
  iterations: number;
  cpuMsPerIteration: number;
}

/**
 * `GET /sql-floor?path=…&token=…` on the bare instance: requests `path` from the app once with the
 * bearer token (capturing its statements; a warm-up request runs first, so that caches are as under
 * load), then runs those statements and the answer's JSON for `seconds` of wall time.
 */
export function serveSqlFloor(
  bare: FastifyInstance,
  app: FastifyInstance,
  recorder: ReturnType<typeof createStatementRecorder>,
  databaseUrl: string,
): void {
  bare.get<{ Querystring: { path: string; token: string; seconds?: string } }>('/sql-floor', async (request) => {
    const { path, token } = request.query;
    const inject = () => app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    await inject();
    let answer: unknown;
    const statements = await recorder.capture(async () => {
      answer = (await inject()).json();
    });
    const runner = databaseUrl.startsWith('sqlite:')
      ? sqliteRunner(databaseUrl.slice('sqlite:'.length))
      : await postgresRunner(databaseUrl);
    try {
      const iterate = async () => {
        await runner.run(statements);
        JSON.stringify(answer);
      };
      for (let i = 0; i < 200; i += 1) await iterate();
      const until = performance.now() + 1000 * Number(request.query.seconds ?? 2);
      const before = process.cpuUsage();
      let iterations = 0;
      while (performance.now() < until) {
        for (let i = 0; i < 50; i += 1) await iterate();
        iterations += 50;
      }
      const used = process.cpuUsage(before);
      return {
        statements: statements.length,
        sql: statements.map((statement) => statement.sql),
        iterations,
        cpuMsPerIteration: (used.user + used.system) / 1000 / iterations,
      };
    } finally {
      await runner.close();
    }
  });
}
