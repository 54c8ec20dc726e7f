import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskSummaryQuerySchema, taskSummaryResponseSchema } from '@rtms/shared/schemas/task-summary';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { TaskSummaryService } from './task-summary.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

/** The rule behind the figures, in the API documentation (task-state.ts `STATE_URGENCY`). */
const SUMMARY_DESCRIPTION =
  'Each figure is judged on today in the facility’s time zone. `dueSoon` ("Due within 7 days") counts every task ' +
  'still to do (not marked not applicable) due from today to today + 7, and `dueInWindow` ("within 30 days") ' +
  'those due to today + 30, whatever their lead time. States by urgency: OVERDUE (past due), DUE_SOON (due ' +
  'within 7 days), then OPEN or UPCOMING (beyond 7 days: the lead-time window open or not yet, one rank), so a ' +
  'task due sooner is never less urgent than one due later. Each figure equals the total of the Tasks list it ' +
  'links to.';

/** The dashboard's figures: every signed-in user, over the tasks of their facilities. */
export function taskSummaryRoutes(summary: TaskSummaryService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'tasks', errorResponses(400, 401));
  return async (app) => {
    app.get(
      '/tasks/summary',
      route(
        'signed-in',
        'Dashboard figures: open, overdue, due soon and within 30 days, completed this month, on-time rate and trend, overdue by facility and category',
        {
          description: SUMMARY_DESCRIPTION,
          querystring: taskSummaryQuerySchema,
          response: { 200: taskSummaryResponseSchema },
        },
      ),
      async (request, reply) => sendJson(reply, await summary.summaryAnswer(principalOf(request), request.query)),
    );
  };
}
