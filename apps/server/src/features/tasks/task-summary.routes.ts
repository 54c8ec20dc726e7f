import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import { taskSummaryQuerySchema, taskSummaryResponseSchema } from '@rtms/shared/schemas/task-summary';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { TaskSummaryService } from './task-summary.service';
import { bearerSecurity } from '../../platform/route-schema';

/** The dashboard's figures: every signed-in user, over the tasks of their facilities. */
export function taskSummaryRoutes(summary: TaskSummaryService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tasks/summary',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['tasks'],
          summary:
            'Dashboard figures: open, overdue, due soon and within 30 days, completed this month, on-time rate and trend, overdue by facility and category',
          security: bearerSecurity,
          querystring: taskSummaryQuerySchema,
          response: { 200: taskSummaryResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await summary.summary(principalOf(request), request.query) }),
    );
  };
}
