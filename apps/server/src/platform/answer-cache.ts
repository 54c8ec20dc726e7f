import type { FastifyReply } from 'fastify';
import { answerEncoding, compressAnswer, type Encoding } from './compression';

/**
 * A list's whole answer, serialized, kept while what it was read from holds (decision 034). The caller
 * names the answer (`key`: everything the answer is built from — filters, scope, order, window) and the
 * state of the data it reads (`stamp`: the revisions of its tables, read before the answer is computed,
 * so that a kept answer is never older than its stamp). A repeated request then costs its session and
 * one read of the revisions instead of its statements, its rows' mapping and its serialization.
 *
 * One computation per key and stamp: concurrent requests for an answer not yet kept wait for the same
 * one (after a write, fifty readers of the first page recompute it once). A failed computation is not
 * kept. The most recently used answers are kept, at most `size` of them and `maxBytes` in all (any
 * signed-in user can ask for many distinct pages of 200 rows).
 */
export interface AnswerCache {
  get(key: string, stamp: string, compute: () => Promise<unknown>): Promise<Buffer>;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export function createAnswerCache(size = 500, maxBytes = DEFAULT_MAX_BYTES): AnswerCache {
  const entries = new Map<string, { stamp: string; body: Promise<Buffer>; bytes: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const evict = () => {
    // The least recently used first (a Map iterates in insertion order; a hit is moved to the end).
    while (entries.size > size || bytes > maxBytes) drop(entries.keys().next().value as string);
  };
  return {
    get(key, stamp, compute) {
      const hit = entries.get(key);
      if (hit?.stamp === stamp) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      drop(key);
      const entry = { stamp, bytes: 0, body: compute().then((answer) => Buffer.from(JSON.stringify(answer))) };
      entries.set(key, entry);
      entry.body.then(
        (body) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = body.length;
          bytes += body.length;
          evict();
        },
        () => entries.get(key) === entry && entries.delete(key),
      );
      evict();
      return entry.body;
    },
  };
}

/**
 * A kept answer's compressed forms, made the first time a client asks for one and kept as long as the
 * answer (a weak map: they go with it). Every browser asks for brotli or gzip; compressing the first
 * page of the Tasks Tracker for each request cost about as much CPU as the rest of the request.
 */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/**
 * Sends an answer serialized by the cache (Fastify's serializer is not run on a Buffer), compressed as
 * the client accepts and as registerCompression would (which leaves an encoded answer alone).
 */
export async function sendJson(reply: FastifyReply, body: Buffer): Promise<FastifyReply> {
  void reply.type('application/json; charset=utf-8');
  const encoding = answerEncoding(reply.request, body.length);
  if (!encoding) return reply.send(body);
  let forms = compressedForms.get(body);
  if (!forms) compressedForms.set(body, (forms = {}));
  const form = (forms[encoding] ??= compressAnswer(body, encoding));
  let compressed: Buffer;
  try {
    compressed = await form;
  } catch {
    // Not kept (the next request tries again); this answer goes as it is to the plugin, which compresses
    // it for this request: a failure to compress must not fail the request.
    if (forms[encoding] === form) delete forms[encoding];
    return reply.send(body);
  }
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(compressed);
}
