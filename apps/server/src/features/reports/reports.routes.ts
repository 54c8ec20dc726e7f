import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportExportQuerySchema,
  reportQuerySchema,
  scorecardResponseSchema,
  trendResponseSchema,
} from '@rtms/shared/schemas/reports';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { setFileHeaders } from '../../platform/downloads';
import { errorResponses, routeOptions } from '../../platform/route-schema';
import type { ReportsService } from './reports.service';

const PERIOD =
  'Tasks are counted in the period when their effective due date is from `from` to `to` (both included, at most ' +
  '36 months), in the caller’s facilities, with the Tasks list’s filters. ';

const SCORECARD_DESCRIPTION =
  PERIOD +
  '`due`: those that apply (not marked not applicable); `onTime`, `late`, `missed`: those done (state COMPLETED; a ' +
  'completion awaiting review is not done) by the timeliness recorded at completion; `notApplicable`; `openOverdue`: ' +
  'still to do and past due today in the facility’s time zone. `onTimeRate` = onTime / (onTime + late + missed), ' +
  'null without a completion. `rag`: RED for a missed task, an on-time rate below 80 % or an open HIGH or CRITICAL ' +
  'finding; AMBER for an open overdue task, a rate below 95 % or any open finding; GREEN otherwise. Each number ' +
  'equals the total of the Tasks list it links to.';

const TREND_DESCRIPTION =
  PERIOD +
  'One row per group and month of the period: the tasks due that month counted as in the scorecard, and ' +
  '`overdueAtMonthEnd`: tasks that apply, due before the month’s last day (today for the month in progress, UTC) ' +
  'and not done by its end, whatever their due month (the Tasks list’s `overdueOn`).';

/** The reports: every signed-in user, over the tasks of their facilities. */
export function reportsRoutes(reports: ReportsService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'reports', errorResponses(400, 401));
  return async (app) => {
    app.get(
      '/reports/scorecard',
      route('signed-in', 'Scorecard of a period by facility, category, program area or regulation', {
        description: SCORECARD_DESCRIPTION,
        querystring: reportQuerySchema,
        response: { 200: scorecardResponseSchema },
      }),
      async (request, reply) => sendJson(reply, await reports.scorecardAnswer(principalOf(request), request.query)),
    );
    app.get(
      '/reports/trend',
      route('signed-in', 'Trend by month of on-time completion, outcomes and overdue work', {
        description: TREND_DESCRIPTION,
        querystring: reportQuerySchema,
        response: { 200: trendResponseSchema },
      }),
      async (request, reply) => sendJson(reply, await reports.trendAnswer(principalOf(request), request.query)),
    );
    for (const [path, report] of [
      ['scorecard', 'SCORECARD'],
      ['trend', 'TREND'],
    ] as const) {
      app.get(
        `/reports/${path}/export`,
        route('signed-in', `The ${path} as a PDF file (with its charts) or an Excel file`, {
          description:
            'The same numbers as the JSON report, as an attachment: PDF (charts, table, definitions and the status ' +
            'rule) or XLSX (numbers as numbers, rates as percentages, months and the period as dates). Errors are JSON.',
          querystring: reportExportQuerySchema,
          response: {},
        }),
        async (request, reply) => {
          const { format, ...query } = request.query;
          const file = await reports.file(principalOf(request), report, query, format);
          setFileHeaders(reply, { ...file, size: file.body.length });
          return reply.send(file.body);
        },
      );
    }
  };
}
