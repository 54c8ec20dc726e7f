import { describe, expect, it } from 'vitest';
import { longestBlockDuring } from './event-loop';

/** Holds the thread for `ms` without giving the event loop back (as a run of SQLite statements in microtasks does). */
const holdThread = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the benchmark’s event-loop probe', () => {
  it('sees work that never gives the loop back (once printed as a block of 0 ms)', async () => {
    const { maxBlockMs } = await longestBlockDuring(async () => {
      for (let step = 0; step < 4; step += 1) {
        await Promise.resolve();
        holdThread(30);
      }
    });
    expect(maxBlockMs).toBeGreaterThanOrEqual(100);
  });

  it('sees short blocks when the work yields between them', async () => {
    const { maxBlockMs } = await longestBlockDuring(async () => {
      for (let step = 0; step < 4; step += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        holdThread(30);
      }
    });
    expect(maxBlockMs).toBeGreaterThanOrEqual(20);
    expect(maxBlockMs).toBeLessThan(100);
  });
});
