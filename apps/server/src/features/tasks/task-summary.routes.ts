import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskSummaryQuerySchema, taskSummaryResponseSchema } from '@rtms/shared/schemas/task-summary';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { TaskSummaryService } from './task-summary.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

/** The dashboard's figures: every signed-in user, over the tasks of their facilities. */
export function taskSummaryRoutes(summary: TaskSummaryService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'tasks', errorResponses(400, 401));
  return async (app) => {
    app.get(
      '/tasks/summary',
      route(
        'signed-in',
        'Dashboard figures: open, overdue, due soon and within 30 days, completed this month, on-time rate and trend, overdue by facility and category',
        { querystring: taskSummaryQuerySchema, response: { 200: taskSummaryResponseSchema } },
      ),
      async (request, reply) => sendJson(reply, await summary.summaryAnswer(principalOf(request), request.query)),
    );
  };
}
