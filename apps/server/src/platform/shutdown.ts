import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@rtms/shared/error-codes';

/**
 * Graceful shutdown of a listening server. Once `app.close()` starts:
 * - every answer carries `Connection: close`. Without it, the keep-alive connection of a request that
 *   was in flight goes idle after its answer and holds `close()` open for Fastify's keep-alive timeout
 *   (72 s), longer than the shutdown grace period of server.ts and of most orchestrators;
 * - a request that still arrives (on a connection that was busy) is answered 503 in the product's
 *   error shape. This needs the Fastify option `return503OnClosing: false`: with it on, Fastify answers
 *   first, in the router, with its own body `{error, message, statusCode}` and no `code`.
 * Register it before the routes.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const body: ErrorBody = { code: 'UNAVAILABLE', message: 'The server is shutting down. Please retry.' };
    return reply.status(503).header('connection', 'close').header('retry-after', '1').send(body);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
}
