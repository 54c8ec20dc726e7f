import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDaysQuerySchema, calendarDaysResponseSchema } from '@rtms/shared/schemas/calendar';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { CalendarService } from './calendar.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

/** The calendar's day counts: every signed-in user, over the tasks of their facilities. */
export function calendarRoutes(calendar: CalendarService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'calendar', errorResponses(400, 401));
  return async (app) => {
    app.get(
      '/calendar/days',
      route(
        'signed-in',
        'Tasks per due date and state over at most 62 days, with the task list’s filters; states are judged in each facility’s time zone',
        { querystring: calendarDaysQuerySchema, response: { 200: calendarDaysResponseSchema } },
      ),
      async (request, reply) => sendJson(reply, await calendar.daysAnswer(principalOf(request), request.query)),
    );
  };
}
