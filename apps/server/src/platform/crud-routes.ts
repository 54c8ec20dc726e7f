import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@rtms/shared/permissions';
import { principalOf, type AuthGuards } from './auth';
import type { CrudService } from './crud-service';
import { idParams as params, routeOptions } from './route-schema';

/**
 * The four routes of a record kind kept in a settings-like list (facilities, regulations, program areas, users),
 * declared once: list (`GET /kind`), create (`POST /kind`, 201), read (`GET /kind/:id`) and update
 * (`PATCH /kind/:id`). Each answers `{data}` (the list its page) and calls the same-named service method with
 * the signed-in principal; what differs per kind is a table of schemas, permissions and summaries.
 */

interface Operation {
  permission: Permission;
  summary: string;
}

export interface CrudRoutesSpec<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** The collection's path under /api; without its slash it is the routes' OpenAPI tag. */
  path: string;
  list: Operation & { query: Q; page: z.ZodType };
  create: Operation & { body: C; created: z.ZodType };
  get: Operation & { answer: z.ZodType };
  update: Operation & { body: U; answer: z.ZodType };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Registers the four routes on `app` (the routes file adds its kind's other routes after them). */
export function registerCrudRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: App,
  guards: AuthGuards,
  service: CrudService<Q, C, U, unknown, unknown, unknown>,
  spec: CrudRoutesSpec<Q, C, U>,
): void {
  const { path, list, create, get, update } = spec;
  const route = routeOptions(guards, path.slice(1));
  app.get(
    path,
    route(list.permission, list.summary, { querystring: list.query, response: { 200: list.page } }),
    async (request) => service.list(principalOf(request), request.query as z.output<Q>),
  );
  app.post(
    path,
    route(create.permission, create.summary, { body: create.body, response: { 201: create.created } }),
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(principalOf(request), request.body as z.output<C>) }),
  );
  app.get(
    `${path}/:id`,
    route(get.permission, get.summary, { params, response: { 200: get.answer } }),
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );
  app.patch(
    `${path}/:id`,
    route(update.permission, update.summary, { params, body: update.body, response: { 200: update.answer } }),
    async (request) => ({
      data: await service.update(principalOf(request), request.params.id, request.body as z.output<U>),
    }),
  );
}
