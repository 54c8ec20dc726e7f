import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenListQuerySchema,
  accessTokenListResponseSchema,
  createAccessTokenBodySchema,
  createdAccessTokenResponseSchema,
} from '@rtms/shared/schemas/access-tokens';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { errorResponses, idParams, routeOptions } from '../../platform/route-schema';
import type { AccessTokensService } from './access-tokens.service';

const errors = errorResponses(400, 401, 404, 409);

/** /api/access-tokens: each signed-in user manages their own personal access tokens (no one sees another's). */
export function accessTokensRoutes(tokens: AccessTokensService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'access-tokens', errors);
  return async (app) => {
    app.get(
      '/access-tokens',
      route('signed-in', 'My personal access tokens for BI tools, with when each was last used', {
        querystring: accessTokenListQuerySchema,
        response: { 200: accessTokenListResponseSchema },
      }),
      async (request) => tokens.list(principalOf(request), request.query),
    );

    app.post(
      '/access-tokens',
      route(
        'signed-in',
        'Create a personal access token that reads the OData feed (/odata) with my rights, until its expiry day (required: after today, at most a year ahead). The token is shown only here',
        { body: createAccessTokenBodySchema, response: { 201: createdAccessTokenResponseSchema } },
      ),
      async (request, reply) =>
        reply.status(201).send({ data: await tokens.create(principalOf(request), request.body) }),
    );

    app.delete(
      '/access-tokens/:id',
      route('signed-in', 'Revoke one of my access tokens: it stops at once', {
        params: idParams,
        response: { 204: z.null().describe('Revoked') },
      }),
      async (request, reply) => {
        await tokens.revoke(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
