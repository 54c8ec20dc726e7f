import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Every route's querystring must be a strict zod object (built with `querySchema` of
 * @rtms/shared/schemas/common, or extended from one), so that an unknown query parameter is a 400 naming it:
 * a list that silently dropped a renamed or misspelt filter would answer an unfiltered list. Checked when the
 * route is registered, so the server does not start with a route that forgot it.
 */
export function requireStrictQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const querystring: unknown = route.schema?.querystring;
    if (querystring === undefined || isStrictObject(querystring)) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `${methods} ${route.url}: the querystring schema must be strict; build it with querySchema() of @rtms/shared/schemas/common`,
    );
  });
}

function isStrictObject(schema: unknown): boolean {
  return schema instanceof z.ZodObject && schema.def.catchall?._zod.def.type === 'never';
}
