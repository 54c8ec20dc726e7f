import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDaysQuerySchema, calendarDaysResponseSchema } from '@rtms/shared/schemas/calendar';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { CalendarService } from './calendar.service';
import { bearerSecurity } from '../../platform/route-schema';

/** The calendar's day counts: every signed-in user, over the tasks of their facilities. */
export function calendarRoutes(calendar: CalendarService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/days',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['calendar'],
          summary:
            'Tasks per due date and state over at most 62 days, with the task list’s filters; states are judged in each facility’s time zone',
          security: bearerSecurity,
          querystring: calendarDaysQuerySchema,
          response: { 200: calendarDaysResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await calendar.days(principalOf(request), request.query) }),
    );
  };
}
