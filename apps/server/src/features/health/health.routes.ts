import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';

/**
 * How long each readiness check may take. A database that accepts connections but never answers (a hung
 * server, a dropped route) must make the instance not ready, not make the probe hang past the balancer's own timeout.
 */
export const READY_CHECK_TIMEOUT_MS = 3_000;

/** Whether `check` succeeds within READY_CHECK_TIMEOUT_MS. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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
        const [database, storageOk] = await Promise.all([
          passes(() => sql`select 1 as ok`.execute(db)),
          passes(() => storage.check()),
        ]);
        const ready = database && storageOk;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not ready', database, storage: storageOk });
      },
    );
  };
}
