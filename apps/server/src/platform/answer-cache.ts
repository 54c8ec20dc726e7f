import type { FastifyReply } from 'fastify';

/**
 * A list's whole answer, serialized, kept while what it was read from holds (decision 034). The caller
 * names the answer (`key`: everything the answer is built from — filters, scope, order, window) and the
 * state of the data it reads (`stamp`: the revisions of its tables, read before the answer is computed,
 * so that a kept answer is never older than its stamp). A repeated request then costs its session and
 * one read of the revisions instead of its statements, its rows' mapping and its serialization.
 *
 * One computation per key and stamp: concurrent requests for an answer not yet kept wait for the same
 * one (after a write, fifty readers of the first page recompute it once). A failed computation is not
 * kept. The most recently used `size` answers are kept.
 */
export interface AnswerCache {
  get(key: string, stamp: string, compute: () => Promise<unknown>): Promise<Buffer>;
}

export function createAnswerCache(size = 500): AnswerCache {
  const entries = new Map<string, { stamp: string; body: Promise<Buffer> }>();
  return {
    get(key, stamp, compute) {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit?.stamp === stamp) {
        entries.set(key, hit);
        return hit.body;
      }
      const entry = { stamp, body: compute().then((answer) => Buffer.from(JSON.stringify(answer))) };
      entries.set(key, entry);
      entry.body.catch(() => entries.get(key) === entry && entries.delete(key));
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
      return entry.body;
    },
  };
}

/** Sends an answer serialized by the cache as it is (Fastify's serializer is not run on a Buffer). */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
