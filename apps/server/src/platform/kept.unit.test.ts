import { describe, expect, it } from 'vitest';
import { createKept, createKeptStore } from './kept';

describe('createKept', () => {
  it('serves a value only under an equal stamp, and computes from the previous value otherwise', async () => {
    const kept = createKept<number>(() => 8, createKeptStore(10_000));
    const seen: (number | undefined)[] = [];
    const compute = (value: number) => async (previous: number | undefined) => (seen.push(previous), value);
    expect(await kept.get('k', 2, compute(20))).toBe(20);
    expect(await kept.get('k', 2, compute(99))).toBe(20);
    // An older stamp is not fresh either (a request that read the revisions before a write): computed again.
    expect(await kept.get('k', 1, compute(10))).toBe(10);
    expect(await kept.get('k', 3, compute(30))).toBe(30);
    expect(seen).toEqual([undefined, 20, 10]);
  });

  it('lets the requests that waited for a computation continue one turn of the event loop after another', async () => {
    const kept = createKept<number>(() => 8, createKeptStore(10_000));
    let finish: (value: number) => void = () => undefined;
    const first = kept.get('k', 1, () => new Promise<number>((resolve) => (finish = resolve)));
    const order: string[] = [];
    const waiters = [1, 2, 3].map((waiter) =>
      kept
        .get('k', 1, async () => -1)
        .then((value) => {
          order.push(`waiter ${waiter}: ${value}`);
          // A timer due by the end of this waiter's work fires before the next waiter continues: the loop turned
          // between them (each waiter's reply takes a while; 2 ms here).
          setTimeout(() => order.push(`timer of waiter ${waiter}`), 1);
          const until = performance.now() + 2;
          while (performance.now() < until);
        }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    finish(7);
    expect(await first).toBe(7);
    await Promise.all(waiters);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([
      'waiter 1: 7',
      'timer of waiter 1',
      'waiter 2: 7',
      'timer of waiter 2',
      'waiter 3: 7',
      'timer of waiter 3',
    ]);
  });

  it('keeps apart the keys of two caches over one store', async () => {
    const store = createKeptStore(10_000);
    const [a, b] = [createKept<string>(() => 8, store), createKept<string>(() => 8, store)];
    expect(await a.get('k', 1, async () => 'a')).toBe('a');
    expect(await b.get('k', 1, async () => 'b')).toBe('b');
    expect(await a.get('k', 1, async () => 'unused')).toBe('a');
  });

  it('counts what a value grows by (a compressed form) in the budget', async () => {
    const store = createKeptStore(1_000);
    const kept = createKept<string>(() => 100, store);
    await kept.get('a', 1, async () => 'a');
    await kept.get('b', 1, async () => 'b');
    expect(store.size).toBe(2);
    const before = store.calculatedSize;
    kept.grow('a', 'not the kept value', 300);
    expect(store.calculatedSize).toBe(before);
    kept.grow('a', 'a', 300);
    expect(store.calculatedSize).toBe(before + 300);
    // Over 1,000 bytes now: 'b', the least recently used, goes when 'c' comes.
    await kept.get('c', 1, async () => 'c');
    expect(store.has([...store.keys()].find((key) => key.endsWith(':b')) ?? 'none')).toBe(false);
    let computed = 0;
    await kept.get('b', 1, async () => (computed++, 'b'));
    expect(computed).toBe(1);
  });
});
