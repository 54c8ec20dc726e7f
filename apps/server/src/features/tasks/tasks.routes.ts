import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkTaskBodySchema,
  bulkTaskResponseSchema,
  completeTaskBodySchema,
  createTaskCommentBodySchema,
  reopenTaskBodySchema,
  taskCommentResponseSchema,
  taskDetailResponseSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskResponseSchema,
  updateTaskBodySchema,
} from '@rtms/shared/schemas/tasks';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { TasksService } from './tasks.service';
import { idParams as params, routeOptions } from '../../platform/route-schema';

/**
 * The Tasks Tracker. Everyone works on the tasks of their facilities; FACILITY_USER completes and
 * comments but neither reopens, assigns nor reschedules. Outside the scope: 404.
 */
export function tasksRoutes(tasks: TasksService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'tasks');
  return async (app) => {
    app.get(
      '/tasks',
      {
        ...route(
          'signed-in',
          'List tasks (filters, sort, page or cursor); overdue is judged in each facility’s time zone',
          { querystring: taskListQuerySchema, response: { 200: taskPageSchema } },
        ),
      },
      // The hottest route: its answer is built field by field as `Task` (typed) and kept serialized while
      // the tasks and their labels hold (decision 034); the schema still documents it in OpenAPI.
      async (request, reply) => sendJson(reply, await tasks.listAnswer(principalOf(request), request.query)),
    );

    app.post(
      '/tasks/bulk',
      route('signed-in', 'Complete or assign many tasks at once: all or nothing', {
        body: bulkTaskBodySchema,
        response: { 200: bulkTaskResponseSchema },
      }),
      async (request) => ({ data: await tasks.bulk(principalOf(request), request.body) }),
    );

    app.get(
      '/tasks/:id',
      route('signed-in', 'Read a task with its comments and history', {
        params,
        response: { 200: taskDetailResponseSchema },
      }),
      async (request) => ({ data: await tasks.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/tasks/:id',
      route('task:assign', 'Assign, reschedule (with a reason) or mark not applicable', {
        params,
        body: updateTaskBodySchema,
        response: { 200: taskResponseSchema },
      }),
      async (request) => ({ data: await tasks.update(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/tasks/:id/complete',
      route('task:complete', 'Complete a task; timeliness is recorded (ON_TIME, LATE within grace, MISSED after)', {
        params,
        body: completeTaskBodySchema.nullish(),
        response: { 200: taskResponseSchema },
      }),
      async (request) => ({ data: await tasks.complete(principalOf(request), request.params.id, request.body ?? {}) }),
    );

    app.post(
      '/tasks/:id/reopen',
      route('task:reopen', 'Reopen a completed task', {
        params,
        body: reopenTaskBodySchema.nullish(),
        response: { 200: taskResponseSchema },
      }),
      async (request) => ({ data: await tasks.reopen(principalOf(request), request.params.id, request.body ?? {}) }),
    );

    app.post(
      '/tasks/:id/comments',
      route('signed-in', 'Comment on a task', {
        params,
        body: createTaskCommentBodySchema,
        response: { 201: taskCommentResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await tasks.comment(principalOf(request), request.params.id, request.body) }),
    );
  };
}
