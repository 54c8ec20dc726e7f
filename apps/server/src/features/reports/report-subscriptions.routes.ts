import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportSubscriptionBodySchema,
  reportSubscriptionListQuerySchema,
  reportSubscriptionPageSchema,
  reportSubscriptionResponseSchema,
  updateReportSubscriptionBodySchema,
} from '@rtms/shared/schemas/report-subscriptions';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { errorResponses, idParams, publicRouteOptions, routeOptions } from '../../platform/route-schema';
import { reportUnsubscribePage } from './report-unsubscribe-page';
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
    app.patch(
      '/report-subscriptions/:id',
      route('signed-in', 'Change one of my scheduled reports; {active: false} pauses it, {active: true} resumes it', {
        description:
          'A resumed report (or one given a new frequency) starts with the next period due from now: the periods ' +
          'that fell due while it was stopped are not sent.',
        params: idParams,
        body: updateReportSubscriptionBodySchema,
        response: { 200: reportSubscriptionResponseSchema },
      }),
      async (request) => ({
        data: await subscriptions.update(principalOf(request), request.params.id, request.body),
      }),
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

    // One-click unsubscribe of a report's mail (RFC 8058): no sign-in, the signed token is the authority. GET shows
    // a confirmation button (mail scanners follow links; they must not stop anything), POST stops the report.
    await app.register(async (plain) => {
      const open = plain.withTypeProvider<ZodTypeProvider>();
      open.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );
      const params = z.object({ token: z.string().min(1).max(200) });
      // Public: the signed token in the link is the only credential (the mail's reader is not signed in).
      const linkPage = publicRouteOptions('reports');
      open.get(
        '/report-subscriptions/unsubscribe/:token',
        linkPage('The confirmation page of a scheduled report’s unsubscribe link', { params }),
        async (request, reply) => {
          const link = await subscriptions.verifyUnsubscribe(request.params.token);
          if (!link) throw notFound('Unsubscribe link');
          return reply.type('text/html; charset=utf-8').send(reportUnsubscribePage({ action: request.url, ...link }));
        },
      );
      open.post(
        '/report-subscriptions/unsubscribe/:token',
        linkPage(
          'Stop a scheduled report in one click (RFC 8058); a stopped one stays stopped (200 again), a forged or unknown link is 404',
          { params },
        ),
        async (request, reply) => {
          const link = await subscriptions.unsubscribe(request.params.token);
          if (!link) throw notFound('Unsubscribe link');
          return reply.type('text/html; charset=utf-8').send(reportUnsubscribePage({ action: request.url, ...link }));
        },
      );
    });
  };
}
