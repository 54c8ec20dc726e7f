import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { TURN_BUDGET_MS } from './sqlite-turns';
import { unitOfWork } from './unit-of-work';

/** A statement that keeps SQLite busy for a millisecond or two (a recursive count). */
const busyStatement = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) select count(*) as c from n`;

describe('SQLite’s main connection and the event loop', () => {
  const handle = createDatabase('sqlite::memory:');
  afterAll(() => handle.close());

  it('gives the loop back within a long transaction, every TURN_BUDGET_MS or so', async () => {
    let turns = 0;
    let longestGap = 0;
    let last = performance.now();
    let ticking = true;
    const tick = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    let longestStatement = 0;
    await unitOfWork(handle.db, async (trx) => {
      for (let i = 0; i < 60; i += 1) {
        const at = performance.now();
        await busyStatement.execute(trx);
        longestStatement = Math.max(longestStatement, performance.now() - at);
      }
    });
    const elapsed = performance.now() - started;
    ticking = false;

    // Once held for the whole transaction (no turn at all); now a turn at least every budget's worth of work.
    expect(elapsed).toBeGreaterThan(3 * TURN_BUDGET_MS);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(elapsed / (TURN_BUDGET_MS + longestStatement)) - 1);
    expect(longestGap).toBeLessThan(TURN_BUDGET_MS + 2 * longestStatement + 15);
  });
});
