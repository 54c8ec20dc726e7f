import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';

const readySchema = z.object({ status: z.enum(['ready', 'not ready']), database: z.boolean(), storage: z.boolean() });

/** Liveness (the process answers) and readiness (database and storage reachable). */
export function healthRoutes(db: Kysely<Database>, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['system'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/ready',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Readiness: database and storage reachable',
          response: { 200: readySchema, 503: readySchema },
        },
      },
      async (_request, reply) => {
        const database = await sql`select 1 as ok`.execute(db).then(
          () => true,
          () => false,
        );
        const storageOk = await storage.check().then(
          () => true,
          () => false,
        );
        const ready = database && storageOk;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not ready', database, storage: storageOk });
      },
    );
  };
}
