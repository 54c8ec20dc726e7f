import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRouteOptions } from '../../platform/route-schema';
import type { HealthService } from './health.service';

const readySchema = z.object({ status: z.enum(['ready', 'not ready']), database: z.boolean(), storage: z.boolean() });

/** Liveness (the process answers) and readiness (database and storage reachable). */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  const publicRoute = publicRouteOptions('system');
  return async (app) => {
    app.get(
      '/health',
      publicRoute('Liveness', { response: { 200: z.object({ status: z.literal('ok') }) } }),
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/ready',
      publicRoute('Readiness: database and storage reachable', { response: { 200: readySchema, 503: readySchema } }),
      async (_request, reply) => {
        const checks = await health.readiness();
        const ready = checks.database && checks.storage;
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...checks });
      },
    );
  };
}
