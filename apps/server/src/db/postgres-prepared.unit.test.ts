import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withPreparedStatements } from './postgres-prepared';

/** A pool of one fake client that records what it is asked to run. */
function fakePool() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (calls.push(args), Promise.resolve({ rows: [] })), release() {} };
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() } as unknown as pg.Pool;
  return { pool, calls };
}

describe('prepared statements on PostgreSQL', () => {
  it('names each parameterized statement by its text, the same name every time, on every checkout', async () => {
    const { pool, calls } = fakePool();
    const wrapped = withPreparedStatements(pool);
    const first = await wrapped.connect();
    await first.query('select * from tasks where id = $1', ['a']);
    const again = await wrapped.connect();
    await again.query('select * from tasks where id = $1', ['b']);
    await again.query('select * from facilities where id = $1', ['c']);
    const [a, b, c] = calls.map((args) => args[0] as { name: string; text: string; values: unknown[] });
    expect(a).toMatchObject({ text: 'select * from tasks where id = $1', values: ['a'] });
    expect(a!.name).toMatch(/^k[\w-]{27}$/);
    expect(b!.name).toBe(a!.name);
    expect(c!.name).not.toBe(a!.name);
    expect(calls.every((args) => args.length === 1)).toBe(true);
  });

  it('leaves statements without parameters, or with long lists of them, unnamed', async () => {
    const { pool, calls } = fakePool();
    const client = await withPreparedStatements(pool).connect();
    await client.query('begin', []);
    const many = Array.from({ length: 65 }, (_, index) => `$${index + 1}`).join(', ');
    await client.query(
      `select * from tasks where id in (${many})`,
      Array.from({ length: 65 }, () => 'x'),
    );
    expect(calls.map((args) => typeof args[0])).toEqual(['string', 'string']);
  });

  it('keeps at most 500 statements prepared per connection; those it has stay prepared', async () => {
    const { pool, calls } = fakePool();
    const client = await withPreparedStatements(pool).connect();
    for (let index = 0; index < 501; index += 1) await client.query(`select ${index} where $1`, [true]);
    await client.query('select 0 where $1', [true]);
    const named = calls.map((args) => typeof args[0] === 'object');
    expect(named.slice(0, 500).every(Boolean)).toBe(true);
    expect(named[500]).toBe(false);
    expect(named[501]).toBe(true);
  });

  it('prepares anew under another name when a table changed under a kept statement (another instance migrated)', async () => {
    const calls: { name: string }[] = [];
    let failNext = false;
    const client = {
      query: (config: { name: string }) => {
        calls.push(config);
        if (failNext) {
          failNext = false;
          return Promise.reject(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }));
        }
        return Promise.resolve({ rows: [] });
      },
      release() {},
    };
    const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() } as unknown as pg.Pool;
    const wrapped = await withPreparedStatements(pool).connect();
    await wrapped.query('select * from users where id = $1', ['a']);
    failNext = true;
    await wrapped.query('select * from users where id = $1', ['b']);
    expect(calls.map((call) => call.name)).toEqual([calls[0]!.name, calls[0]!.name, `${calls[0]!.name}.1`]);
    // Any other error is reported as it is, without a retry.
    const other = Object.assign(new Error('duplicate key'), { code: '23505' });
    client.query = () => Promise.reject(other);
    await expect(wrapped.query('select * from users where id = $1', ['c'])).rejects.toBe(other);
  });
});
