import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryListQuerySchema,
  deliveryPageSchema,
  initialTimeZoneBodySchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationResponseSchema,
  readAllResponseSchema,
  unreadCountSchema,
} from '@rtms/shared/schemas/notifications';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { registerRecordRoutes } from '../../platform/crud.routes';
import type { NotificationsService } from './notifications.service';
import { unsubscribePage } from './unsubscribe-page';
import { errorResponses, idParams, publicRouteOptions, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404);

/** The notification centre, notification settings, the delivery log and one-click unsubscribe. */
export function notificationsRoutes(notifications: NotificationsService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'notifications', errors);
  const sessionRoute = routeOptions(guards, 'notifications', errors, {
    allowWhilePasswordChangeRequired: true,
    allowWhileMfaEnrolmentRequired: true,
  });
  return async (app) => {
    registerRecordRoutes(app, route, notifications, {
      path: '/notifications',
      list: {
        access: 'signed-in',
        summary: 'My notifications, newest first',
        query: notificationListQuerySchema,
        page: notificationPageSchema,
      },
    });
    app.get(
      '/notifications/unread-count',
      route('signed-in', 'How many of my notifications are unread', { response: { 200: unreadCountSchema } }),
      async (request) => ({ data: { count: await notifications.unreadCount(principalOf(request)) } }),
    );
    app.post(
      '/notifications/read-all',
      route('signed-in', 'Mark all my notifications read', {
        response: { 200: readAllResponseSchema },
      }),
      async (request) => ({ data: await notifications.markAllRead(principalOf(request)) }),
    );
    app.post(
      '/notifications/:id/read',
      route('signed-in', 'Mark one of my notifications read', {
        params: idParams,
        response: { 200: notificationResponseSchema },
      }),
      async (request) => ({ data: await notifications.markRead(principalOf(request), request.params.id) }),
    );
    app.get(
      '/users/me/notification-preferences',
      route('signed-in', 'Read my notification settings', { response: { 200: notificationPreferencesResponseSchema } }),
      async (request) => ({ data: await notifications.getPreferences(principalOf(request)) }),
    );
    app.put(
      '/users/me/notification-preferences',
      route('signed-in', 'Replace my notification settings', {
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema },
      }),
      async (request) => ({ data: await notifications.replacePreferences(principalOf(request), request.body) }),
    );
    app.post(
      '/users/me/notification-preferences/initial-time-zone',
      // Sent right after sign-in, also while the session must first change its password or enrol a second factor.
      sessionRoute(
        'signed-in',
        'Set my time zone only if none is set yet: the web app sends the browser’s IANA zone at each sign-in; a zone I saved or one set at an earlier sign-in is kept, so a replay changes nothing. Answers my settings',
        { body: initialTimeZoneBodySchema, response: { 200: notificationPreferencesResponseSchema } },
      ),
      async (request) => ({ data: await notifications.adoptTimeZone(principalOf(request), request.body.timeZone) }),
    );
    app.get(
      '/notification-deliveries',
      route(
        'notificationDelivery:view',
        'The outbox: every email delivery in my facilities, with its status and error',
        { querystring: deliveryListQuerySchema, response: { 200: deliveryPageSchema } },
      ),
      async (request) => notifications.listDeliveries(principalOf(request), request.query),
    );

    // One-click unsubscribe (RFC 8058): no sign-in, the signed token is the authority. GET shows a
    // confirmation button (mail scanners follow links; they must not unsubscribe anyone), POST applies.
    await app.register(async (plain) => {
      const open = plain.withTypeProvider<ZodTypeProvider>();
      open.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );
      const params = z.object({ token: z.string().min(1).max(1000) });
      // Public: the signed token in the link is the only credential (the mail's reader is not signed in).
      const linkPage = publicRouteOptions('notifications');
      open.get(
        '/notifications/unsubscribe/:token',
        linkPage('The confirmation page of an unsubscribe link', { params }),
        async (request, reply) => {
          const link = await notifications.verifyUnsubscribe(request.params.token);
          if (!link) throw notFound('Unsubscribe link');
          return reply
            .type('text/html; charset=utf-8')
            .send(unsubscribePage({ action: request.url, done: false, ...link }));
        },
      );
      open.post(
        '/notifications/unsubscribe/:token',
        linkPage('Unsubscribe in one click (RFC 8058): turns off the link’s category of email', { params }),
        async (request, reply) => {
          const link = await notifications.unsubscribe(request.params.token);
          if (!link) throw notFound('Unsubscribe link');
          return reply
            .type('text/html; charset=utf-8')
            .send(unsubscribePage({ action: request.url, done: true, ...link }));
        },
      );
    });
  };
}
