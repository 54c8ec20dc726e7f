import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@rtms/shared/error-codes';

export interface GracefulShutdown {
  /**
   * Drains, then closes the app: from now on every new request, on a new or a kept-alive connection,
   * is answered 503 (`Retry-After: 1`, `Connection: close`) while the requests in flight finish; once
   * none is left, the server stops listening and `app.close()` runs.
   */
  close(): Promise<void>;
  /** Requests being answered now (not the drain's own 503s: retries must not hold the drain open). */
  inFlight(): number;
}

/**
 * Graceful shutdown of a listening server (it "finishes in-flight requests and refuses new
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
  let drained: (() => void) | undefined;
  // The raw responses of the requests being answered. A response's 'close' is emitted once it is sent
  // or its client went away, whichever comes first, so it alone ends a request (one synchronous hook
  // per request: this runs on every call).
  const inFlight = new Set<ServerResponse>();
  const startClosing = () => {
    if (closing) return;
    closing = true;
    // The answers still to come end their connections (Node reads the header when it writes the head).
    for (const raw of inFlight) if (!raw.headersSent) raw.setHeader('connection', 'close');
  };

  app.addHook('preClose', (done) => {
    startClosing();
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (closing) {
      const body: ErrorBody = { code: 'UNAVAILABLE', message: 'The server is shutting down. Please retry.' };
      void reply.status(503).header('connection', 'close').header('retry-after', '1').send(body);
      return;
    }
    const raw = reply.raw;
    inFlight.add(raw);
    raw.once('close', () => {
      inFlight.delete(raw);
      if (inFlight.size === 0) drained?.();
    });
    done();
  });
  let closed: Promise<void> | undefined;

  return {
    inFlight: () => inFlight.size,
    close() {
      startClosing();
      closed ??= (async () => {
        if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve));
        await app.close();
      })();
      return closed;
    },
  };
}
