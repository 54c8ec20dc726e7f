import type { FastifyReply } from 'fastify';
import { answerEncoding, compressAnswer, type Encoding } from './compression';
import { createKept, type KeptStore } from './kept';

/**
 * A list's whole answer, serialized, kept while what it was read from holds (decisions 034 and 039). The
 * caller names the answer (`key`: everything the answer is built from — filters, scope, order, window) and
 * the state of the data it reads (`stamp`: the revisions of its tables, read before the answer is computed,
 * so that a kept answer is never older than its stamp). A repeated request then costs its session and one
 * read of the revisions instead of its statements, its rows' mapping and its serialization.
 *
 * Kept in the process's one bounded store (platform/kept.ts): one computation per key and stamp, a failed
 * computation not kept, an answer's bytes and its compressed forms counted in the store's budget.
 */
export interface AnswerCache {
  get(key: string, stamp: string, compute: () => Promise<unknown>): Promise<Buffer>;
}

/** How a kept answer's size grows when a compressed form of it is made (sendJson). */
const growers = new WeakMap<Buffer, (bytes: number) => void>();

export function createAnswerCache(store?: KeptStore): AnswerCache {
  const kept = createKept<Buffer>((body) => 80 + body.length, store);
  return {
    get(key, stamp, compute) {
      return kept.get(key, stamp, async () => {
        const body = Buffer.from(JSON.stringify(await compute()));
        growers.set(body, (bytes) => kept.grow(key, body, bytes));
        return body;
      });
    },
  };
}

/**
 * A kept answer's compressed forms, made the first time a client asks for one and kept as long as the
 * answer (a weak map: they go with it), and counted in its size in the store. Every browser asks for brotli or gzip; compressing the first
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
  let form = forms[encoding];
  if (!form) {
    form = forms[encoding] = compressAnswer(body, encoding);
    form.then((made) => growers.get(body)?.(80 + made.length)).catch(() => undefined);
  }
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
