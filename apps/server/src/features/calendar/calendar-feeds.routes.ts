import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedListResponseSchema,
  createCalendarFeedBodySchema,
  createdCalendarFeedResponseSchema,
  revokedCalendarFeedsResponseSchema,
} from '@rtms/shared/schemas/calendar';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import type { CalendarFeedsService } from './calendar-feeds.service';
import { errorResponses, idParams, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 404, 409);

/** The origin feed URLs and task links name: PUBLIC_URL when set, else the request's own. */
function originOf(publicUrl: string, request: FastifyRequest): string {
  return (publicUrl || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** /api/calendar-feeds: each signed-in user manages their own feeds (no one sees another's). */
export function calendarFeedsRoutes(
  feeds: CalendarFeedsService,
  guards: AuthGuards,
  publicUrl: string,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'calendar', errors);
  return async (app) => {
    app.get(
      '/calendar-feeds',
      route('signed-in', 'My iCalendar feeds, with when each was last fetched', {
        response: { 200: calendarFeedListResponseSchema },
      }),
      async (request) => ({ data: await feeds.list(principalOf(request)) }),
    );

    app.post(
      '/calendar-feeds',
      route(
        'signed-in',
        'Create a feed: scope MINE (the tasks assigned to me), FACILITY (one facility, facilityId) or ALL (every facility in my scope; every facility for the all-facility roles). Each lists the tasks due from 3 months back to 13 months ahead and every overdue task, whatever its age. The URL (with its secret) is shown only here',
        {
          body: createCalendarFeedBodySchema,
          response: { 201: createdCalendarFeedResponseSchema },
        },
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await feeds.create(principalOf(request), request.body, originOf(publicUrl, request)) }),
    );

    app.delete(
      '/calendar-feeds/:id',
      route('signed-in', 'Revoke one of my feeds: its URL stops at once', {
        params: idParams,
        response: { 204: z.null().describe('Revoked') },
      }),
      async (request, reply) => {
        await feeds.revoke(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/calendar-feeds',
      route('signed-in', 'Revoke all of my feeds', { response: { 200: revokedCalendarFeedsResponseSchema } }),
      async (request) => ({ data: { revoked: await feeds.revoke(principalOf(request)) } }),
    );
  };
}

/**
 * GET /ical/{secret}.ics, outside /api: the secret is the only credential and it opens this feed and
 * nothing else (it is no session token, so on any /api path it gets 401). Unknown, revoked or of a
 * deactivated user: 404.
 */
export function icalRoutes(
  feeds: CalendarFeedsService,
  publicUrl: string,
  rateLimits: RateLimiter,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ical/:file',
      {
        // Calendar clients poll; a guessed or leaked secret must not become a way to load the server.
        onRequest: rateLimits.limit(RATE_LIMITS.calendarFeeds),
        schema: {
          tags: ['calendar'],
          summary:
            'An iCalendar feed (text/calendar, RFC 5545): the secret in the path is its only credential; ETag and If-None-Match → 304',
          params: z.object({ file: z.string().max(200) }),
          response: {
            200: z.string().describe('The feed, text/calendar'),
            304: z.undefined().describe('Not modified since the ETag given in If-None-Match'),
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const secret = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
        const answer = await feeds.render(secret, originOf(publicUrl, request), request.headers['if-none-match']);
        // Stored by the client only to revalidate; never by a shared cache (the URL is a secret).
        reply.header('cache-control', 'private, no-cache');
        reply.header('referrer-policy', 'no-referrer');
        if (answer.status === 404) {
          return reply.status(404).send({ code: 'NOT_FOUND', message: 'Calendar feed not found' });
        }
        reply.header('etag', answer.etag);
        if (answer.status === 304) return reply.status(304).send(undefined);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="rtms.ics"')
          .send(answer.body);
      },
    );
  };
}
