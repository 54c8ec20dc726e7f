import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@rtms/shared/error-codes';

export interface GracefulShutdown {
  /**
   * Drains, then closes the app: from now on every new request, on a new or a kept-alive connection,
   * is answered 503 (`Retry-After: 1`, `Connection: close`) while the requests in flight finish; once
   * none is left, the server stops listening and `app.close()` runs.
   */
  close(): Promise<void>;
  /** Requests being answered now (the 503s of the drain included, briefly). */
  inFlight(): number;
}

/**
 * Graceful shutdown of a listening server (PRODUCT §7: "finishes in-flight requests and refuses new
 * ones with 503"). The listener stays open while draining: a load balancer or client that connects
 * then gets a 503 in the product's error shape and retries elsewhere, rather than a refused
 * connection it cannot tell from a crash.
 * - every answer while closing carries `Connection: close`. Without it, the keep-alive connection of a
 *   request that was in flight goes idle after its answer and holds `close()` open for Fastify's
 *   keep-alive timeout (72 s), longer than the shutdown grace period of server.ts and most orchestrators;
 * - the 503 needs the Fastify option `return503OnClosing: false`: with it on, Fastify answers first, in
 *   the router, with its own body `{error, message, statusCode}` and no `code`.
 * Register it before the routes.
 */
export function registerGracefulShutdown(app: FastifyInstance): GracefulShutdown {
  let closing = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const finishers = new WeakMap<object, () => void>();

  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    finishers.set(reply.raw, finish);
    // onResponse is not called for a request whose client went away; the raw response's close is.
    reply.raw.once('close', finish);
    if (!closing) return;
    const body: ErrorBody = { code: 'UNAVAILABLE', message: 'The server is shutting down. Please retry.' };
    return reply.status(503).header('connection', 'close').header('retry-after', '1').send(body);
  });
  app.addHook('onResponse', async (_request, reply) => {
    finishers.get(reply.raw)?.();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  let closed: Promise<void> | undefined;

  return {
    inFlight: () => inFlight,
    close() {
      closing = true;
      closed ??= (async () => {
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        await app.close();
      })();
      return closed;
    },
  };
}
