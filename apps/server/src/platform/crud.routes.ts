import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from './answer-cache';
import { principalOf, type AuthGuards, type Principal } from './auth';
import type { CrudService } from './crud-service';
import { idParams as params, routeOptions, type RouteAccess, type RouteOptions } from './route-schema';

/**
 * The routes of a record kind that follow one pattern, declared from a table: list (`GET /kind`), create
 * (`POST /kind`, 201), read (`GET /kind/:id`), update (`PATCH /kind/:id`) and remove (`DELETE /kind/:id`, 204).
 * Each answers `{data}` (the list its page, the removal nothing) and calls the same-named service method with
 * the signed-in principal; what differs per kind is a table of schemas, access and summaries. Settings-like
 * lists (facilities, regulations, program areas, users) have the four of `registerCrudRoutes`; other kinds
 * declare the operations they have with `registerRecordRoutes` and write their other routes beside them.
 */

interface Operation {
  access: RouteAccess;
  summary: string;
}

export interface RecordRoutesSpec<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** The collection's path under /api. */
  path: string;
  list?: Operation & { query: Q; page: z.ZodType };
  create?: Operation & { body: C; created: z.ZodType };
  get?: Operation & { answer: z.ZodType };
  update?: Operation & { body: U; answer: z.ZodType };
  remove?: Operation;
}

export type CrudRoutesSpec<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> = Required<
  Omit<RecordRoutesSpec<Q, C, U>, 'remove'>
>;

/** The service methods the declared operations call (each one only when its operation is declared). */
export type RecordService<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> = Partial<
  CrudService<Q, C, U, unknown, unknown, unknown> & {
    remove(principal: Principal, id: string): Promise<void>;
    /** Instead of `list`: the page already serialized (platform/answer-cache.ts). */
    listAnswer(principal: Principal, query: z.output<Q>): Promise<Buffer>;
  }
>;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The service's method of a declared operation: a table that declares one the service lacks is a programming error. */
function methodOf<S extends object, K extends keyof S & string>(service: S, name: K): NonNullable<S[K]> {
  const method = service[name];
  if (typeof method !== 'function') throw new Error(`The service has no ${name} for its declared route`);
  return method.bind(service) as NonNullable<S[K]>;
}

/** Registers the declared operations on `app`, with the options of the routes file's `route`. */
export function registerRecordRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: App,
  route: RouteOptions,
  service: RecordService<Q, C, U>,
  spec: RecordRoutesSpec<Q, C, U>,
): void {
  const { path, list, create, get, update, remove } = spec;
  if (list) {
    const options = route(list.access, list.summary, { querystring: list.query, response: { 200: list.page } });
    // A service that keeps its pages serialized (platform/answer-cache.ts) answers them as they are.
    if (service.listAnswer) {
      const answer = methodOf(service, 'listAnswer');
      app.get(path, options, async (request, reply) =>
        sendJson(reply, await answer(principalOf(request), request.query as z.output<Q>)),
      );
    } else {
      const read = methodOf(service, 'list');
      app.get(path, options, async (request) => read(principalOf(request), request.query as z.output<Q>));
    }
  }
  if (create) {
    const write = methodOf(service, 'create');
    app.post(
      path,
      route(create.access, create.summary, { body: create.body, response: { 201: create.created } }),
      async (request, reply) =>
        reply.status(201).send({ data: await write(principalOf(request), request.body as z.output<C>) }),
    );
  }
  if (get) {
    const read = methodOf(service, 'get');
    app.get(
      `${path}/:id`,
      route(get.access, get.summary, { params, response: { 200: get.answer } }),
      async (request) => ({ data: await read(principalOf(request), request.params.id) }),
    );
  }
  if (update) {
    const write = methodOf(service, 'update');
    app.patch(
      `${path}/:id`,
      route(update.access, update.summary, { params, body: update.body, response: { 200: update.answer } }),
      async (request) => ({ data: await write(principalOf(request), request.params.id, request.body as z.output<U>) }),
    );
  }
  if (remove) {
    const write = methodOf(service, 'remove');
    app.delete(
      `${path}/:id`,
      route(remove.access, remove.summary, { params, response: { 204: z.null().describe('Removed') } }),
      async (request, reply) => {
        await write(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}

/** The four routes of a settings-like list; the path without its slash is the routes' OpenAPI tag. */
export function registerCrudRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: App,
  guards: AuthGuards,
  service: RecordService<Q, C, U>,
  spec: CrudRoutesSpec<Q, C, U>,
): void {
  registerRecordRoutes(app, routeOptions(guards, spec.path.slice(1)), service, spec);
}

/** The schemas of a settings record kind, as `settingsRecordOf` (shared/schemas/common.ts) declares them. */
interface SettingsRecordSchemas<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  listQuery: Q;
  page: z.ZodType;
  response: z.ZodType;
  createBody: C;
  updateBody: U;
}

/** How a settings kind's routes name it: `one` ("a regulation"), `many` ("regulations"), a note on its creation. */
interface SettingsRecordNames {
  one: string;
  many: string;
  createNote?: string;
}

/**
 * The routes of a settings record kind (program areas, regulations): the holders of `read` list and read its
 * records, `settings:manage` creates and updates them, `{active: false}` deactivates one. The kinds differ only
 * in their path, schemas, read permission and names, so the table and its summaries are written here once.
 */
export function settingsRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  path: string,
  read: RouteAccess,
  schemas: SettingsRecordSchemas<Q, C, U>,
  { one, many, createNote }: SettingsRecordNames,
) {
  const { listQuery: query, page, response: answer, createBody, updateBody } = schemas;
  const manage = 'settings:manage';
  return (service: CrudService<Q, C, U, unknown, unknown, unknown>, guards: AuthGuards): FastifyPluginAsyncZod =>
    async (app) =>
      registerCrudRoutes(app, guards, service, {
        path,
        list: { access: read, summary: `List ${many}`, query, page },
        create: {
          access: manage,
          summary: createNote ? `Create ${one} ${createNote}` : `Create ${one}`,
          body: createBody,
          created: answer,
        },
        get: { access: read, summary: `Read ${one}`, answer },
        update: { access: manage, summary: `Update ${one}; {active: false} deactivates it`, body: updateBody, answer },
      });
}
