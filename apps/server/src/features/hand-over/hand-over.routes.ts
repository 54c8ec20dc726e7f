import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handOverBodySchema, handOverPreviewResponseSchema, handOverResponseSchema } from '@rtms/shared/schemas/tasks';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { HandOverService } from './hand-over.service';
import { idParams, routeOptions } from '../../platform/route-schema';

/** Hand-over of a departing user's open tasks and default assignments (all-facility roles). */
export function handOverRoutes(handOver: HandOverService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'users');
  return async (app) => {
    app.get(
      '/users/:id/hand-over',
      route('handover:perform', 'What a hand-over of this user would move (counts), changing nothing', {
        params: idParams,
        response: { 200: handOverPreviewResponseSchema },
      }),
      async (request) => ({ data: await handOver.preview(request.params.id) }),
    );
    app.post(
      '/users/:id/hand-over',
      route('handover:perform', 'Move every open task and default assignment of this user to another user', {
        params: idParams,
        body: handOverBodySchema,
        response: { 200: handOverResponseSchema },
      }),
      async (request) => ({
        data: await handOver.handOver(principalOf(request), request.params.id, request.body.toUserId),
      }),
    );
  };
}
