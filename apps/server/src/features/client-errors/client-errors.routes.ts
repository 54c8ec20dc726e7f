import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientErrorBodySchema } from '@rtms/shared/schemas/client-errors';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import type { ErrorReporter } from '../../platform/error-reporter';

/**
 * The web app's errors reach the same reporting sink as the server's (log, and the DSN when configured).
 * Open to signed-out clients too: a failed sign-in is reported before anyone is signed in.
 */
export function clientErrorsRoutes(reporter: ErrorReporter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/client-errors',
      {
        bodyLimit: 16 * 1024,
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Report an error seen in the web app',
          body: clientErrorBodySchema,
          response: { 202: z.object({ data: z.object({ received: z.boolean() }) }), 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { message, name, stack, context, url } = request.body;
        const error = Object.assign(new Error(message), { name: name ?? 'ClientError', stack });
        reporter.report(error, { source: 'web', url, ip: request.ip, ...context });
        return reply.status(202).send({ data: { received: true } });
      },
    );
  };
}
