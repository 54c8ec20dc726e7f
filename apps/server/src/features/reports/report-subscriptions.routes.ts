import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportSubscriptionBodySchema,
  reportSubscriptionListQuerySchema,
  reportSubscriptionPageSchema,
  reportSubscriptionResponseSchema,
} from '@rtms/shared/schemas/report-subscriptions';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { errorResponses, idParams, routeOptions } from '../../platform/route-schema';
import type { ReportSubscriptionsService } from './report-subscriptions.service';

const CREATE_DESCRIPTION =
  'Weekly reports go on Mondays and cover the week before; monthly ones on the 1st and cover the month before ' +
  '(a trend: the 12 months to that day). Each is emailed at the user’s digest hour in their time zone ' +
  '(notification settings), through an outbox that sends each period once, with the facilities the user may ' +
  'see at sending time. A deactivated user’s reports stop.';

/** The caller's own scheduled reports: every signed-in user. */
export function reportSubscriptionsRoutes(
  subscriptions: ReportSubscriptionsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'reports', errorResponses(400, 401, 404));
  return async (app) => {
    app.get(
      '/report-subscriptions',
      route('signed-in', 'My scheduled reports', {
        querystring: reportSubscriptionListQuerySchema,
        response: { 200: reportSubscriptionPageSchema },
      }),
      async (request) => subscriptions.list(principalOf(request), request.query),
    );
    app.post(
      '/report-subscriptions',
      route('signed-in', 'Schedule the scorecard or the trend, weekly or monthly, as PDF or Excel', {
        description: CREATE_DESCRIPTION,
        body: createReportSubscriptionBodySchema,
        response: { 201: reportSubscriptionResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await subscriptions.create(principalOf(request), request.body) }),
    );
    app.delete(
      '/report-subscriptions/:id',
      route('signed-in', 'Stop one of my scheduled reports', {
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      }),
      async (request, reply) => {
        await subscriptions.remove(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
