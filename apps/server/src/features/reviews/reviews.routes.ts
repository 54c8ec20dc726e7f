import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createExtensionRequestBodySchema,
  decideExtensionRequestBodySchema,
  extensionRequestListQuerySchema,
  extensionRequestPageSchema,
  extensionRequestResponseSchema,
  reviewBodySchema,
  signatureListResponseSchema,
  signatureResponseSchema,
} from '@rtms/shared/schemas/reviews';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { errorResponses, idParams as params, routeOptions } from '../../platform/route-schema';
import type { ExtensionRequestsService } from './extension-requests.service';
import type { ReviewsService } from './reviews.service';

/**
 * Reviews of completions (electronic signatures) and extension requests. Reviewing and deciding belong to the
 * facility's admins and the all-facility roles (`task:review`); whoever may complete a task may ask for more
 * time. Outside the caller's facilities: 404. A wrong re-authentication counts in the sign-in throttle (429).
 */
export function reviewsRoutes(
  reviews: ReviewsService,
  extensions: ExtensionRequestsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'reviews', errorResponses(400, 401, 403, 404, 409, 429));
  return async (app) => {
    app.post(
      '/tasks/:id/review',
      route(
        'task:review',
        'Review a completion awaiting review: APPROVE signs it (meaning, and password, second-factor code or single sign-on signing grant in the same request); REJECT reopens it with a reason',
        { params, body: reviewBodySchema, response: { 201: signatureResponseSchema } },
      ),
      async (request, reply) =>
        reply.status(201).send({
          data: await reviews.review(principalOf(request), request.params.id, request.body, { ip: request.ip }),
        }),
    );

    app.get(
      '/tasks/:id/signatures',
      route('signed-in', 'The signatures of a task, oldest first, each with the SHA-256 of the evidence it covered', {
        params,
        response: { 200: signatureListResponseSchema },
      }),
      async (request) => ({ data: await reviews.signatures(principalOf(request), request.params.id) }),
    );

    app.post(
      '/tasks/:id/extension-requests',
      route('task:complete', 'Ask for a later due date for an open task, with a reason', {
        params,
        body: createExtensionRequestBodySchema,
        response: { 201: extensionRequestResponseSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await extensions.request(principalOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/extension-requests',
      route('task:review', 'Extension requests of my facilities (filters status, facilityId, taskId)', {
        querystring: extensionRequestListQuerySchema,
        response: { 200: extensionRequestPageSchema },
      }),
      async (request) => extensions.list(principalOf(request), request.query),
    );

    app.post(
      '/extension-requests/:id/decide',
      route('task:review', 'Approve (reschedule the task with the request’s reason) or reject (with a reason)', {
        params,
        body: decideExtensionRequestBodySchema,
        response: { 200: extensionRequestResponseSchema },
      }),
      async (request) => ({
        data: await extensions.decide(principalOf(request), request.params.id, request.body),
      }),
    );
  };
}
