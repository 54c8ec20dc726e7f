import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { createDatabase, type DatabaseHandle } from './database';

/** A session's id and user by token hash: snake_case columns, read camelCased. */
const sessionByHash = compiledOnce((db) =>
  db.selectFrom('sessions').select(['id', 'userId']).where('tokenHash', '=', ''),
);

describe('direct reads on SQLite (decision 035)', () => {
  let handle: DatabaseHandle;
  const events: string[] = [];
  beforeEach(async () => {
    events.length = 0;
    handle = createDatabase('sqlite::memory:', {
      log: (event) => {
        if (event.level === 'query') events.push(event.query.sql);
      },
    });
    await sql`create table sessions (id text primary key, user_id text not null, token_hash text not null)`.execute(
      handle.db,
    );
    await sql`insert into sessions values ('s1', 'u1', 'h1')`.execute(handle.db);
  });
  afterEach(() => handle.close());

  it('names the columns as Kysely does, and is seen by the statement log', async () => {
    events.length = 0;
    const direct = await sessionByHash(handle.db, ['h1']);
    const throughKysely = await handle.db.transaction().execute((trx) => sessionByHash(trx, ['h1']));
    expect(direct.rows).toEqual([{ id: 's1', userId: 'u1' }]);
    expect(throughKysely.rows).toEqual(direct.rows);
    // The benchmark's raw-SQL floor records a request's statements from this log.
    expect(events.filter((text) => text.includes('"token_hash"'))).toHaveLength(2);
  });

  it('reads on the connection itself when no transaction is open, without waiting for Kysely’s turn', async () => {
    // `connection()` holds Kysely's one SQLite connection for its callback: a read on Kysely's path would wait
    // for it to end, that is forever here; the direct read does not.
    const rows = await handle.db
      .connection()
      .execute(() =>
        Promise.race([
          sessionByHash(handle.db, ['h1']).then((result) => result.rows),
          new Promise<string>((resolve) => setTimeout(() => resolve('waited for the connection'), 200)),
        ]),
      );
    expect(rows).toEqual([{ id: 's1', userId: 'u1' }]);
  });

  it('never reads a transaction’s uncommitted writes: it waits for the transaction to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into sessions values ('s2', 'u2', 'h2')`.execute(trx);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await insertedInTransaction;
    let read: { id: string; userId: string }[] | undefined;
    const reading = sessionByHash(handle.db, ['h2']).then((result) => (read = result.rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Straight on the connection, the read would have returned the uncommitted row by now.
    expect(read).toBeUndefined();
    release();
    expect(await transaction).toBe('rolled back');
    await reading;
    expect(read).toEqual([]);
  });
});
