import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';
import type { Database } from './schema';
import { unitOfWork, WRITE_ATTEMPTS } from './unit-of-work';

// PostgreSQL only: SQLite runs one write transaction at a time and reports no deadlock (it runs in the PostgreSQL project).
describe.runIf(testDialect() === 'postgres')('a unit of work on a real PostgreSQL', () => {
  let database: TestDatabaseHandle;
  let outside: ReturnType<TestDatabaseHandle['reopen']>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-unit-of-work-'));
  const db = () => database.db as unknown as Kysely<Database>;
  const names = async () =>
    (await sql<{ id: string; name: string }>`select id, name from gadgets order by id`.execute(database.db)).rows;

  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    outside = database.reopen();
    await sql`create table gadgets (id text primary key, name text not null)`.execute(database.db);
    await sql`insert into gadgets values ('a', 'Anemometer'), ('b', 'Barometer')`.execute(database.db);
  });
  afterAll(async () => {
    await outside.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs again from its start when PostgreSQL aborts it as a deadlock, and commits once', async () => {
    let attempts = 0;
    let outsideHoldsB!: () => void;
    const holdingB = new Promise<void>((resolve) => (outsideHoldsB = resolve));
    let unitHoldsA!: () => void;
    const holdingA = new Promise<void>((resolve) => (unitHoldsA = resolve));
    // A writer outside the units of work (as a migration or a script would be) takes b, then a.
    const writer = outside.db.transaction().execute(async (trx) => {
      // The unit of work is the one to find the deadlock, so the one PostgreSQL aborts.
      await sql`set local deadlock_timeout = '10s'`.execute(trx);
      await sql`update gadgets set name = 'Outside b' where id = 'b'`.execute(trx);
      outsideHoldsB();
      await holdingA;
      await sql`update gadgets set name = 'Outside a' where id = 'a'`.execute(trx);
    });
    const unit = unitOfWork(db(), async (trx) => {
      attempts += 1;
      const before = (await sql<{ name: string }>`select name from gadgets where id = 'a'`.execute(trx)).rows[0]!.name;
      await sql`update gadgets set name = ${`Unit a after ${before}`} where id = 'a'`.execute(trx);
      if (attempts === 1) {
        await holdingB;
        unitHoldsA();
      }
      await sql`update gadgets set name = 'Unit b' where id = 'b'`.execute(trx);
    });
    await Promise.all([writer, unit]);
    expect(attempts).toBe(2);
    // The replay read what the outside writer committed: it ran from its start, reads included.
    expect(await names()).toEqual([
      { id: 'a', name: 'Unit a after Outside a' },
      { id: 'b', name: 'Unit b' },
    ]);
  });

  it('gives up after a bounded number of attempts, and never replays other errors', async () => {
    let attempts = 0;
    const serializationFailure = unitOfWork(db(), async (trx) => {
      attempts += 1;
      await sql`update gadgets set name = 'Never' where id = 'a'`.execute(trx);
      await sql`do $$ begin raise exception 'could not serialize' using errcode = '40001'; end $$`.execute(trx);
    });
    await expect(serializationFailure).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(WRITE_ATTEMPTS);

    attempts = 0;
    const duplicate = unitOfWork(db(), async (trx) => {
      attempts += 1;
      await sql`insert into gadgets values ('a', 'Duplicate')`.execute(trx);
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
    expect((await names())[0]!.name).toBe('Unit a after Outside a');
  });

  it('takes the write lock first, so that two units of work never hold rows the other waits for', async () => {
    const order: string[] = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const first = unitOfWork(db(), async (trx) => {
      await sql`update gadgets set name = 'First a' where id = 'a'`.execute(trx);
      firstStarted();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`update gadgets set name = 'First b' where id = 'b'`.execute(trx);
      order.push('first');
    });
    await started;
    // In the opposite order, which two plain transactions would deadlock on: this one waits at its start.
    const second = unitOfWork(db(), async (trx) => {
      order.push('second starts');
      await sql`update gadgets set name = 'Second b' where id = 'b'`.execute(trx);
      await sql`update gadgets set name = 'Second a' where id = 'a'`.execute(trx);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second starts']);
    expect(await names()).toEqual([
      { id: 'a', name: 'Second a' },
      { id: 'b', name: 'Second b' },
    ]);
  });
});
