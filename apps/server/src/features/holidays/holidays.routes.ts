import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addHolidayBodySchema,
  holidayDateParamsSchema,
  holidayListQuerySchema,
  holidayPageSchema,
  holidayPreviewBodySchema,
  holidayPreviewResponseSchema,
  holidaySaveResponseSchema,
} from '@rtms/shared/schemas/holidays';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { HolidaysService } from './holidays.service';
import { idParams as params, routeOptions } from '../../platform/route-schema';

/**
 * A facility's holiday calendar: everyone who sees the facility reads it; those who may edit the
 * facility (facility:update, FACILITY_ADMIN for their own) add and remove days.
 */
export function holidaysRoutes(holidays: HolidaysService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'facilities');
  return async (app) => {
    app.get(
      '/facilities/:id/holidays',
      route(
        'facility:read',
        "List a facility's holidays in a year (library days of its country and state, and added days)",
        { params, querystring: holidayListQuerySchema, response: { 200: holidayPageSchema } },
      ),
      async (request) => holidays.list(principalOf(request), request.params.id, request.query),
    );

    app.post(
      '/facilities/:id/holidays/preview',
      route(
        'facility:update',
        'The untouched future tasks adding or removing a holiday would move; nothing is written',
        { params, body: holidayPreviewBodySchema, response: { 200: holidayPreviewResponseSchema } },
      ),
      async (request) => {
        const { add, remove } = request.body;
        const edit = add ? { add } : { remove: remove! };
        return { data: await holidays.preview(principalOf(request), request.params.id, edit) };
      },
    );

    app.post(
      '/facilities/:id/holidays',
      route('facility:update', 'Add a holiday to a facility; untouched future tasks with a business-day shift move', {
        params,
        body: addHolidayBodySchema,
        response: { 201: holidaySaveResponseSchema },
      }),
      async (request, reply) => {
        const result = await holidays.add(principalOf(request), request.params.id, request.body);
        return reply.status(201).send({ data: result.holiday, meta: { tasks: { moved: result.moved } } });
      },
    );

    app.delete(
      '/facilities/:id/holidays/:date',
      route('facility:update', 'Remove a library or added holiday from a facility; untouched future tasks move back', {
        params: holidayDateParamsSchema,
        response: { 200: holidaySaveResponseSchema },
      }),
      async (request) => {
        const result = await holidays.remove(principalOf(request), request.params.id, request.params.date);
        return { data: result.holiday, meta: { tasks: { moved: result.moved } } };
      },
    );
  };
}
