import { setImmediate as nextTurn } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';

/**
 * The one cache of the process (decision 039): every answer, page, total and figure the server keeps
 * between requests is kept here, in one least-recently-used store bounded in bytes.
 *
 * **One freshness rule.** A value is kept under a key with a stamp: the state of the data it was read
 * from (the revisions of its tables, the audit trail's last sequence number, the minute), read by the
 * caller _before_ computing, so that a kept value is never older than its stamp. A request that brings
 * the same key and an equal stamp (`===`) gets the kept value; any other stamp — newer or older —
 * computes again. A computation may start from the value kept under an older stamp (`previous`): the
 * per-facility parts recount only the facilities that moved, the audit totals count only the events
 * between the previous one's and theirs. That is the computation's business, never a second test of
 * freshness.
 *
 * **One computation per key and stamp, one at a time per key.** Concurrent requests for a value being
 * computed wait for the same computation; a request with another stamp waits for the computation under
 * way and starts from its value. A failed computation is not kept.
 *
 * **Bounded in bytes.** Each value is sized by its cache's `sizeOf` (a kept answer: its bytes and its
 * compressed forms, added as they are made, see `grow`), plus its key; the least recently used go first
 * once the store passes KEPT_BYTES, whatever cache they belong to.
 */

/** The store's budget: every kept value of the process, compressed forms included. */
export const KEPT_BYTES = 64 * 1024 * 1024;
/** What an entry costs beyond its value and key (the entry, its promise, the store's slots), roughly. */
const ENTRY_OVERHEAD = 200;

export type Stamp = string | number;

export interface Entry {
  stamp: Stamp;
  promise: Promise<unknown>;
  /** Once settled: the value, and its size as the cache sized it (grown by `grow`). */
  settled?: { value: unknown };
  bytes: number;
  /** While computing: the turn the last request that waited for it continues in (see `waitInTurn`). */
  lastWaiter?: Promise<void>;
}

/**
 * The value of a computation under way, for a request that found it: each such request continues in a turn
 * of the event loop after the previous one's, not all in the turn the computation ends in. After a write,
 * tens of requests can wait for one kept answer; finishing them in one turn (each its reply, hooks and
 * socket write) blocked the loop for tens of milliseconds.
 */
function waitInTurn(entry: Entry): Promise<unknown> {
  const previous = entry.lastWaiter ?? entry.promise.then(noop, noop);
  // Scheduled from the previous waiter's turn, so it runs in the next turn of the loop (timers between).
  const turn = previous.then(() => nextTurn()).then(noop);
  entry.lastWaiter = turn;
  return turn.then(() => entry.promise);
}

const noop = (): void => undefined;

/** A store of kept values bounded to `maxBytes`; the process has one (`keptStore`), the tests make small ones. */
export function createKeptStore(maxBytes: number): LRUCache<string, Entry> {
  return new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => ENTRY_OVERHEAD + key.length * 2 + entry.bytes,
  });
}

export type KeptStore = ReturnType<typeof createKeptStore>;
export const keptStore: KeptStore = createKeptStore(KEPT_BYTES);

/** Each cache's keys are apart from every other's (a process can serve several databases: the tests do). */
let nextSpace = 0;

export interface Kept<V> {
  /**
   * The value kept under `key` with this `stamp`, or `compute`d (from the value of an older stamp, when one
   * is kept) and kept.
   */
  get(key: string, stamp: Stamp, compute: (previous: V | undefined) => Promise<V>): Promise<V>;
  /** Adds `bytes` to the size of the value kept under `key`, if it is still `value` (a compressed form made). */
  grow(key: string, value: V, bytes: number): void;
}

/** A cache over the store; `sizeOf` estimates a value's bytes (strings count two bytes per character). */
export function createKept<V>(sizeOf: (value: V) => number, store: KeptStore = keptStore): Kept<V> {
  const space = `${(nextSpace++).toString(36)}:`;
  return {
    get(key, stamp, compute) {
      const id = space + key;
      const hit = store.get(id);
      if (hit && hit.stamp === stamp) return (hit.settled ? hit.promise : waitInTurn(hit)) as Promise<V>;
      // A computation under way for another stamp is waited for and started from (one at a time per key:
      // after a write, the requests that read the new stamp recount once from the last value).
      // Each computation starts in a turn of the event loop of its own: SQLite's statements answer in
      // microtasks, so the answers recomputed after a write (the first page, the dashboard, the calendar)
      // and the batch of requests that found them stale would otherwise run as one long turn.
      const promise = hit?.settled
        ? nextTurn().then(() => compute(hit.settled!.value as V))
        : hit
          ? (hit.promise as Promise<V>).then(
              (value) => nextTurn().then(() => compute(value)),
              () => nextTurn().then(() => compute(undefined)),
            )
          : nextTurn().then(() => compute(undefined));
      const entry: Entry = { stamp, promise, bytes: 0 };
      store.set(id, entry);
      promise.then(
        (value) => {
          if (store.peek(id) !== entry) return;
          // A new entry object: the store sizes a key again only when its value changes.
          store.set(id, { stamp, promise, settled: { value }, bytes: sizeOf(value) }, { noDisposeOnSet: true });
        },
        () => {
          if (store.peek(id) === entry) store.delete(id);
        },
      );
      return promise;
    },
    grow(key, value, bytes) {
      const id = space + key;
      const entry = store.peek(id);
      if (!entry?.settled || entry.settled.value !== value) return;
      store.set(id, { ...entry, bytes: entry.bytes + bytes }, { noDisposeOnSet: true });
    },
  };
}

/** The store's bytes and entries now (the bench prints them beside the server's memory). */
export function keptSize(): { bytes: number; entries: number } {
  return { bytes: keptStore.calculatedSize, entries: keptStore.size };
}

/** Estimates: a string's bytes, and a JSON-like value's (walks it; for counts, ids and boundaries). */
export const stringBytes = (text: string): number => text.length * 2;
export function valueBytes(value: unknown): number {
  if (typeof value === 'string') return 40 + value.length * 2;
  if (value === null || typeof value !== 'object') return 16;
  if (Buffer.isBuffer(value)) return 80 + value.length;
  if (value instanceof Map) {
    let bytes = 64;
    for (const [key, item] of value) bytes += 32 + valueBytes(key) + valueBytes(item);
    return bytes;
  }
  let bytes = 32;
  if (Array.isArray(value)) for (const item of value) bytes += 8 + valueBytes(item);
  else for (const [key, item] of Object.entries(value)) bytes += 16 + key.length * 2 + valueBytes(item);
  return bytes;
}
