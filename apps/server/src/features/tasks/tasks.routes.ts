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
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { TasksService } from './tasks.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/**
 * The Tasks Tracker. Everyone works on the tasks of their facilities; FACILITY_USER completes and
 * comments but neither reopens, assigns nor reschedules (PRODUCT §2). Outside the scope: 404.
 */
export function tasksRoutes(tasks: TasksService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tasks',
      {
        preHandler: guards.authenticate,
        // The hottest route: its answer is built field by field as `Task` (typed), so re-validating 20
        // rows against the zod schema on every response (as much time as the database queries) buys
        // nothing; the schema still documents it in OpenAPI.
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags: ['tasks'],
          summary: 'List tasks (filters, sort, page or cursor); overdue is judged in each facility’s time zone',
          security,
          querystring: taskListQuerySchema,
          response: { 200: taskPageSchema, ...errors },
        },
      },
      async (request) => tasks.list(principalOf(request), request.query),
    );

    app.post(
      '/tasks/bulk',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['tasks'],
          summary: 'Complete or assign many tasks at once: all or nothing',
          security,
          body: bulkTaskBodySchema,
          response: { 200: bulkTaskResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tasks.bulk(principalOf(request), request.body) }),
    );

    app.get(
      '/tasks/:id',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['tasks'],
          summary: 'Read a task with its comments and history',
          security,
          params,
          response: { 200: taskDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tasks.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/tasks/:id',
      {
        preHandler: guards.requirePermission('task:assign'),
        schema: {
          tags: ['tasks'],
          summary: 'Assign, reschedule (with a reason) or mark not applicable',
          security,
          params,
          body: updateTaskBodySchema,
          response: { 200: taskResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tasks.update(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/tasks/:id/complete',
      {
        preHandler: guards.requirePermission('task:complete'),
        schema: {
          tags: ['tasks'],
          summary: 'Complete a task; timeliness is recorded (ON_TIME, LATE within grace, MISSED after)',
          security,
          params,
          body: completeTaskBodySchema.nullish(),
          response: { 200: taskResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tasks.complete(principalOf(request), request.params.id, request.body ?? {}) }),
    );

    app.post(
      '/tasks/:id/reopen',
      {
        preHandler: guards.requirePermission('task:reopen'),
        schema: {
          tags: ['tasks'],
          summary: 'Reopen a completed task',
          security,
          params,
          body: reopenTaskBodySchema.nullish(),
          response: { 200: taskResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tasks.reopen(principalOf(request), request.params.id, request.body ?? {}) }),
    );

    app.post(
      '/tasks/:id/comments',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['tasks'],
          summary: 'Comment on a task',
          security,
          params,
          body: createTaskCommentBodySchema,
          response: { 201: taskCommentResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await tasks.comment(principalOf(request), request.params.id, request.body) }),
    );
  };
}
