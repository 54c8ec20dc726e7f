import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';
import { createKeptStore } from './kept';

describe('createAnswerCache', () => {
  it('computes an answer once per key and stamp, concurrent callers included, and again for a new stamp', async () => {
    const cache = createAnswerCache();
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const [a, b] = await Promise.all([cache.get('k', '1', compute), cache.get('k', '1', compute)]);
    expect(JSON.parse(a.toString())).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(JSON.parse((await cache.get('k', '2', compute)).toString())).toEqual({ n: 2 });
    expect(JSON.parse((await cache.get('k', '2', compute)).toString())).toEqual({ n: 2 });
  });

  it('does not keep a failed computation', async () => {
    const cache = createAnswerCache();
    await expect(cache.get('k', '1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(JSON.parse((await cache.get('k', '1', async () => 'ok')).toString())).toBe('ok');
  });

  it('drops the least recently used answers beyond its bytes', async () => {
    // Each answer costs about 300 bytes in the store (its 12 bytes, its key, the entry): two fit in 700.
    const cache = createAnswerCache(createKeptStore(700));
    let computed = 0;
    const compute = (text: string) => async () => (computed++, text);
    await cache.get('a', '1', compute('x'.repeat(10)));
    await cache.get('b', '1', compute('y'.repeat(10)));
    await cache.get('a', '1', compute('unused'));
    expect(computed).toBe(2);
    // 'c' makes three, over 700 bytes: 'b', the least recently used, goes.
    await cache.get('c', '1', compute('z'.repeat(10)));
    await cache.get('a', '1', compute('unused'));
    expect(computed).toBe(3);
    await cache.get('b', '1', compute('y'.repeat(10)));
    expect(computed).toBe(4);
  });
});
