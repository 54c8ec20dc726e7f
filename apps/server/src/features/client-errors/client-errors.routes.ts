import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERROR_BODY_LIMIT, clientErrorBodySchema } from '@rtms/shared/schemas/client-errors';
import type { ErrorReporter } from '../../platform/error-reporter';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { errorResponses, publicRouteOptions } from '../../platform/route-schema';

/**
 * The web app's errors reach the same reporting sink as the server's (log, and the DSN when configured).
 * Open to signed-out clients too: a failed sign-in is reported before anyone is signed in. So it is
 * bounded: a few reports per address and minute (RATE_LIMITS.clientErrors), a small body, and the
 * caller's `context` nested under `clientContext`, where it cannot overwrite what the server records
 * (`level`, `msg`, `ip`, `source`, `time`).
 */
export function clientErrorsRoutes(reporter: ErrorReporter, rateLimits: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/client-errors',
      {
        bodyLimit: CLIENT_ERROR_BODY_LIMIT,
        onRequest: rateLimits.limit(RATE_LIMITS.clientErrors),
        ...publicRouteOptions('system', errorResponses(400, 413, 429))('Report an error seen in the web app', {
          description:
            `At most ${RATE_LIMITS.clientErrors.limit} reports per address and minute (429 with Retry-After), ` +
            `${CLIENT_ERROR_BODY_LIMIT / 1024} KB each (413).`,
          body: clientErrorBodySchema,
          response: { 202: z.object({ data: z.object({ received: z.boolean() }) }) },
        }),
      },
      async (request, reply) => {
        const { message, name, stack, context, url } = request.body;
        const error = Object.assign(new Error(message), { name: name ?? 'ClientError', stack });
        reporter.report(error, { source: 'web', url, ip: request.ip, clientContext: context });
        return reply.status(202).send({ data: { received: true } });
      },
    );
  };
}
